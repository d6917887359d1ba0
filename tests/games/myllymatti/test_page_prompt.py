"""Your own page's prompt in Myllymatti (games.myllymatti.page): it names the card to beat
and who played it, and says why there is no chance when one stock card is left."""

from __future__ import annotations

from games.myllymatti import GAME
from games.myllymatti.page import describe_status
from tests.games.positions import positions
from translations import render

NAMES = ["Ann", "Bo", "Cy"]


def prompts() -> list[tuple[dict, str]]:
    found = []
    for seed in range(4):
        for state, seat in positions(GAME, GAME.rules.normalize_settings({}), 3, seed, 400):
            view = GAME.rules.view(state, seat)
            lines = describe_status(view, NAMES, seat)
            prompt = lines[-2] if view.get("commitment") else lines[-1]  # then the commitment
            found.append((view, render(prompt, "en")))
    return found


def test_with_one_stock_card_left_the_prompt_says_why_there_is_no_chance():
    last = [(v, t) for v, t in prompts() if v["phase"] == "collect" and v["stock"] == 1]
    assert last
    for _view, text in last:
        assert "take a chance" not in text
        assert text.endswith("(no chance: the last stock card is never played)."), text


def test_in_phase_two_the_prompt_names_who_played_the_card_to_beat():
    beat = [(v, t) for v, t in prompts() if v["phase"] == "shed" and v["trick"]]
    assert beat
    for view, text in beat:
        top = view["trick"][-1]
        if top["seat"] == view["seat"]:
            assert text.startswith("Your ") and "is on top again" in text, text
        else:
            assert text.startswith(f"{NAMES[top['seat']]} played "), text
