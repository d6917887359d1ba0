"""Every game's analysis (Rules.analyse), over seeded random games: it judges from the
seat's view alone, names a choice the seat could make, marks it good, dubious or costly,
says the same twice under the same seed, and words a line for the group."""

from __future__ import annotations

import copy

import pytest

from games.analysis import MARKS, Judgement
from games.registry import GAMES
from games.rng import DeterministicRng
from translations import render

SEATS = 3
GAMES_EACH = 2


def decisions(name: str, seed: int):
    """Each decision with a choice in one seeded game played by normal CPUs: (view, action)."""
    rules = GAMES[name].rules
    rng = DeterministicRng(f"analysis-{name}-{seed}")
    state, _ = rules.new_game(dict(rules.presets[rules.default_preset]), SEATS, rng)
    while not rules.is_over(state):
        seat = rules.to_act(state)[0]
        view = rules.view(state, seat)
        action = rules.cpu_action(view, "normal", rng)
        if len(view["legal_actions"]) > 1:
            yield view, action
        state, _ = rules.apply(state, seat, action, rng)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_decision_is_judged_from_the_view_alone_and_the_same_twice(name):
    rules = GAMES[name].rules
    judged: list[Judgement] = []
    for seed in range(GAMES_EACH):
        for number, (view, action) in enumerate(decisions(name, seed)):
            if number % 4:
                continue  # every fourth decision: the whole game's spread, in a test's time
            untouched = copy.deepcopy(view)
            judgement = rules.analyse(view, action, DeterministicRng(number))
            assert view == untouched  # the engine changes nothing it was shown
            if judgement is None:  # no real choice (Mino Dice: dice of one kind are alike)
                continue
            assert judgement.mark in MARKS and judgement.best in view["legal_actions"]
            assert render(judgement.note, "en") and render(judgement.note, "de")
            again = rules.analyse(copy.deepcopy(view), action, DeterministicRng(number))
            assert again == judgement
            judged.append(judgement)
    assert len(judged) > 10
    line = render(GAMES[name].presentation.describe_analysis(judged), "en")
    assert line and "{" not in line


def test_the_engine_prefers_its_own_choice_to_a_needless_bluff():
    """Mia: a claim far above strong dice that could simply be told is worse than the truth."""
    rules = GAMES["mia"].rules
    for view, _ in decisions("mia", 5):
        if view["legal_actions"][0].startswith("claim:") and view["claim"] is None:
            dice = sorted(view["dice"], reverse=True)
            if dice[0] != dice[1] and f"{dice[0]}{dice[1]}" not in ("21", "65"):
                break
    else:
        raise AssertionError("no opening claim in the game")
    truth = "claim:" + "".join(str(d) for d in sorted(view["dice"], reverse=True))
    honest = rules.analyse(view, truth, DeterministicRng(1))
    wild = rules.analyse(view, "claim:21", DeterministicRng(1))  # Mia, on any dice
    assert honest.kind == "truth" and wild.kind == "bluff"
    assert MARKS.index(wild.mark) >= MARKS.index(honest.mark)
