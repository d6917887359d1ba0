"""Every outcome says why (issue 29): Mino Dice's tricks and scores, Myllymatti's tricks and
Mia's reveals each get one line, by the same rule the game plays by, in words a newcomer reads."""

from __future__ import annotations

from typing import Any

from games.mia import GAME as MIA
from games.mia import why as mia_why
from games.mino_dice import GAME as MINO
from games.mino_dice import why as mino_why
from games.mino_dice.settings import FLAGS_LEADER, THREE_MERMAID
from games.mino_dice.tricks import winner_index
from games.myllymatti import GAME as MYLLY
from games.myllymatti import why as mylly_why
from games.rng import DeterministicRng
from translations import render

NAMES = ["Ann", "Grace", "Cy"]


def en(text) -> str:
    return render(text, "en")


def played(game, seats: int, seed: int, settings: dict[str, Any] | None = None):
    """Every event of one whole seeded game played by normal CPUs."""
    rng = DeterministicRng(f"why-{game.name}-{seed}".encode())
    state, events = game.rules.new_game(settings or {}, seats, rng, f"why{seed}")
    every = list(events)
    for _ in range(5000):
        if game.rules.is_over(state):
            return every
        seat = game.rules.to_act(state)[0]
        action = game.rules.cpu_action(game.rules.view(state, seat), "normal", rng)
        state, events = game.rules.apply(state, seat, action, rng)
        every.extend(events)
    raise AssertionError("the game did not end")


# --- Mino Dice -------------------------------------------------------------------------


def test_a_tie_of_numbers_says_the_last_die_rolled_wins():
    rolls = [[0, "blue", "5"], [1, "red", "5"], [2, "yellow", "flag"]]
    assert en(mino_why.trick_why(rolls, 1)) == (
        "red 5 beats blue 5: equal numbers, the die rolled last wins."
    )


def test_the_highest_number_wins_whatever_its_colour():
    rolls = [[0, "red", "4"], [1, "blue", "6"], [2, "yellow", "7"]]
    assert en(mino_why.trick_why(rolls, 2)) == (
        "yellow 7 beats blue 6: the highest number wins; colour only says what may be rolled."
    )


def test_creatures_say_which_beats_which():
    cycle = [[0, "minotaur", "minotaur"], [1, "griffin", "griffin"], [2, "red", "5"]]
    assert en(mino_why.trick_why(cycle, 0)) == (
        "Minotaur beats Griffin: each creature beats one other."
    )
    alone = [[0, "red", "5"], [1, "mermaid", "mermaid"]]
    assert en(mino_why.trick_why(alone, 1)) == "Mermaid beats every number."
    three = [[0, "minotaur", "minotaur"], [1, "griffin", "griffin"], [2, "mermaid", "mermaid"]]
    assert en(mino_why.trick_why(three, 2)) == ("All three creatures were rolled: Mermaid wins.")


def test_only_flags_say_who_takes_the_trick_and_why():
    flags = [[1, "yellow", "flag"], [2, "griffin", "flag"]]
    assert "the leader takes the trick" in en(mino_why.trick_why(flags, 1))
    assert "nobody takes the trick" in en(mino_why.trick_why(flags, None))


def test_each_score_says_its_rule_with_one_minus_sign():
    lines = [
        en(mino_why.score_why({"bid": 0, "won": 1, "points": -20, "bonus": 0}, 2)),
        en(mino_why.score_why({"bid": 0, "won": 0, "points": 10, "bonus": 0}, 1)),
        en(mino_why.score_why({"bid": 2, "won": 2, "points": 40, "bonus": 50}, 3)),
        en(mino_why.score_why({"bid": 1, "won": 3, "points": -20, "bonus": 0}, 3)),
    ]
    assert lines == [
        "Bid 0 but a trick won: \u221210 × 2 dice = \u221220.",
        "Bid 0 and no trick won: +10 × 1 die = +10.",
        "Exact bid: +20 × 2 = +40, plus +50 for the creatures taken.",
        "Bid 1, won 3: 2 tricks off × \u221210 = \u221220.",
    ]
    assert not any("-" in line for line in lines)  # never a hyphen for minus


def test_every_trick_of_seeded_games_is_explained_by_the_rules_own_winner():
    """Over whole games, the roll a why line names first is the one the rules made win."""
    settings = {"all_flags": FLAGS_LEADER, "three_creatures": THREE_MERMAID}
    explained = 0
    for seed in range(6):
        for event in played(MINO, 3 + seed % 3, seed, settings):
            if event["type"] != "trick_won":
                continue
            faces = [face for _, _, face in event["rolls"]]
            index = winner_index(faces, MINO.rules.normalize_settings(settings))
            line = en(mino_why.trick_why(event["rolls"], event["winner"]))
            _seat, kind, face = event["rolls"][index] if index is not None else (None, "", "")
            assert (index is None) is (event["winner"] is None)
            if face.isdigit():
                assert line.startswith(en(mino_why.named(kind, face)) + " ")
            explained += 1
    assert explained > 30


def test_the_page_gets_a_why_for_its_own_score_only():
    event = {
        "type": "hand_scored",
        "hand": 2,
        "results": [
            {"seat": 0, "bid": 0, "won": 1, "points": -20, "bonus": 0, "score": -20},
            {"seat": 1, "bid": 1, "won": 1, "points": 20, "bonus": 0, "score": 20},
        ],
    }
    assert [en(t) for t in mino_why.describe_why([event], NAMES, 1)] == [
        "Exact bid: +20 × 1 = +20."
    ]


# --- Myllymatti ------------------------------------------------------------------------


def test_phase_one_says_rank_wins_whatever_the_suit():
    assert en(mylly_why.collect_why(["8c", "td"])) == (
        "10♦ beats 8♣: in phase 1 the higher rank wins, whatever the suit."
    )


def test_phase_two_says_higher_of_the_suit_or_trump():
    assert en(mylly_why.shed_why("7c", "4c")).startswith("7♣ beats 4♣: a higher ♣.")
    assert en(mylly_why.shed_why("2s", "kd")).startswith("2♠ beats K♦: ♠ is trump.")
    assert "a trump beats 8♦" in en(mylly_why.pick_up_why("8d"))
    assert "a trump beats 8♦" in en(mylly_why.pick_up_why("8d", "s"))


def test_a_trump_picked_up_is_beaten_only_by_a_higher_trump_and_the_ace_by_nothing():
    assert en(mylly_why.pick_up_why("ad", "d")) == (
        "A♦ is the highest trump: nothing beats it, so it is picked up."
    )
    assert en(mylly_why.pick_up_why("9d", "d")).startswith("9♦ is a trump: only a higher ♦")


def test_every_myllymatti_outcome_of_seeded_games_has_its_why():
    for seed in range(3):
        events = played(MYLLY, 3, seed)
        whys = [en(t) for t in mylly_why.describe_why(events, NAMES, 0)]
        decided = sum(1 for e in events if e["type"] == "trick_won")
        # Every trick but the last of phase 1: phase 2's start is the news of that change.
        assert sum("in phase 1" in line for line in whys) == decided - 1
        for event in events:
            if event["type"] == "set_aside":
                card, top = event["cards"][-1], event["cards"][-2]
                line = en(mylly_why.shed_why(card, top))
                assert ("trump" in line) is (card[1] != top[1])


# --- Mia -------------------------------------------------------------------------------


def test_a_reveal_says_which_is_the_dice_and_which_the_claim_and_who_pays():
    bluff = {"type": "challenged", "seat": 0, "claimant": 1, "claim": "64", "roll": "41",
             "dice": [4, 1], "holds": False}  # fmt: skip
    paid = {"type": "lost_lives", "seat": 1, "lost": 1, "lives": 2}
    assert [en(t) for t in mia_why.describe_why([bluff, paid], NAMES, 0)] == [
        "41 is below 64: a bluff — Grace loses 1 life."
    ]
    holds = {**bluff, "roll": "21", "claim": "21", "holds": True}
    lost = {"type": "lost_lives", "seat": 0, "lost": 2, "lives": 0}
    assert [en(t) for t in mia_why.describe_why([holds, lost], NAMES, 0)] == [
        "Mia is at least Mia: the claim holds — you lose 2 lives."
    ]


def test_every_reveal_of_seeded_mia_games_names_the_one_who_paid():
    for seed in range(3):
        events = played(MIA, 3, seed)
        for index, event in enumerate(events):
            if event["type"] != "challenged":
                continue
            paid = next(e for e in events[index:] if e["type"] == "lost_lives")
            (line,) = mia_why.describe_why(events[index : index + 3], NAMES, None)
            assert en(line).endswith(f"{NAMES[paid['seat']]} loses {paid['lost']} life.") or en(
                line
            ).endswith(f"{NAMES[paid['seat']]} loses {paid['lost']} lives.")
