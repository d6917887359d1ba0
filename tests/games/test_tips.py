"""The guided game's tips name one move and say why (issue 29): Mia's and Mino Dice's tips
over whole seeded games always name a move the seat may make, with its odds, and the Mino
Dice tip names the very die the normal CPU rolls (a tip never contradicts the play it teaches)."""

from __future__ import annotations

import re

from games.mia import GAME as MIA
from games.mia import tips as mia_tips
from games.mino_dice import GAME as MINO
from games.mino_dice import tips as mino_tips
from games.mino_dice.cpu import choose
from games.mino_dice.words import die_label
from games.rng import DeterministicRng
from tests.games.test_why import played  # noqa: F401
from translations import render

NAMES = ["Ann", "Grace", "Cy"]


def positions(game, seats: int, seed: int):
    """Each (view, seat) where a seat decides, over one whole seeded game of normal CPUs."""
    rng = DeterministicRng(f"tips-{game.name}-{seed}".encode())
    state, _ = game.rules.new_game({}, seats, rng, f"tips{seed}")
    for _ in range(5000):
        if game.rules.is_over(state):
            return
        seat = game.rules.to_act(state)[0]
        view = game.rules.view(state, seat)
        yield view, seat
        action = game.rules.cpu_action(view, "normal", rng)
        state, _ = game.rules.apply(state, seat, action, rng)
    raise AssertionError("the game did not end")


def test_every_mia_tip_names_one_legal_move_and_its_odds():
    seen = set()
    for seed in range(4):
        for view, _seat in positions(MIA, 3, seed):
            text = render(mia_tips.tip(view, NAMES), "en")
            move = re.match(r"💡 (Claim (\d\d|Mia)|Challenge|Accept and roll)[,:]", text)
            assert move, text
            legal = view["legal_actions"]
            if move[2]:
                claim = "21" if move[2] == "Mia" else move[2]
                assert f"claim:{claim}" in legal, (text, legal)
            elif move[1] == "Challenge":
                assert "challenge" in legal
            else:
                assert "accept" in legal
            if move[1] in ("Challenge", "Accept and roll") and "Mia" not in text:
                assert re.search(r"\d+% (true|of rolls)|true \(about \d+%|always true", text), text
            seen.add(move[1].split()[0])
    assert seen >= {"Claim", "Challenge", "Accept"}


def test_the_mino_tip_names_the_die_the_normal_cpu_rolls():
    for seed in range(3):
        for view, _seat in positions(MINO, 3, seed):
            if view["phase"] != "trick":
                continue
            text = render(mino_tips.roll_tip(view), "en")
            rolled = choose(view, "normal", DeterministicRng(b"unused"))
            kind = next(d["kind"] for d in view["dice"] if "roll:" + d["id"] == rolled)
            assert text.startswith(f"💡 Roll your {render(die_label(kind), 'en')}: "), text
            assert re.search(r"\d+%", text)


def test_every_myllymatti_tip_names_one_legal_card_or_picking_up():
    from games.myllymatti import GAME as MYLLY
    from games.myllymatti import cards
    from games.myllymatti import tips as mylly_tips
    from games.myllymatti.cpu import HARD
    from games.myllymatti.cpu import choose as mylly_choose

    labels = {cards.label(card): card for card in cards.DECK}
    kinds = set()
    for seed in range(3):
        for view, _seat in positions(MYLLY, 3, seed):
            text = render(mylly_tips.tip(view), "en")
            move = re.match(r"💡 (Lead|Play|Beat \S+ with|Pick up) (\S+?)[,:]", text)
            assert move, text
            card = labels[move[2]]
            legal = view["legal_actions"]
            if move[1] == "Pick up":
                assert legal == ["pickup"] and card == view["trick"][-1]["card"]
            else:
                assert f"play:{card}" in legal, (text, legal)
                # The one card of your hand it names (the page marks it there), and the
                # hard CPU's (phase 2: every CPU's) move, never another.
                named = {labels[m] for m in re.findall(r"(?:10|[2-9JQKA])[♣♦♥♠]", text)}
                assert named & set(view["hand"]) == {card}, text
                if view["stalled"] < HARD.unstick_after:  # else the CPU plays at random
                    hard = mylly_choose(view, "hard", DeterministicRng(b"unused"))
                    assert hard == f"play:{card}", text
                # A "low" card is one below a jack; "your highest" is your highest.
                if "low card" in text:
                    assert cards.rank(card) < cards.rank("jc"), text
                if "your highest" in text:
                    assert cards.rank(card) == max(cards.rank(c) for c in view["hand"]), text
            kinds.add(move[1].split()[0])
    assert kinds >= {"Lead", "Play", "Beat"}


def test_a_mino_tip_with_one_die_to_roll_says_there_is_no_choice():
    """On a hand's last trick (or when following leaves one die) the tip never talks of
    keeping strong dice for a later trick: there is none, and no choice."""
    seen = 0
    for seed in range(3):
        for view, _seat in positions(MINO, 3, seed):
            if view["phase"] != "trick":
                continue
            text = render(mino_tips.roll_tip(view), "en")
            if len(view["legal_actions"]) == 1:
                seen += 1
                assert "the only die you may roll now" in text, text
                assert "later one" not in text, text
            assert ("later one" not in text) or len(view["dice"]) > 1, text
    assert seen
