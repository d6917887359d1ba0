"""docs/rules/mino_dice.md, "A trick": who may roll what, who wins, who leads next."""

from __future__ import annotations

import pytest

from games.mino_dice import GAME
from games.mino_dice.errors import MustFollow, NotYourDie
from games.mino_dice.settings import normalize_settings
from games.mino_dice.tricks import winner_index
from tests.games.mino_dice.scripted import bid_all, play_to_hand, roll, start

HOUSE = normalize_settings({})
LAST = normalize_settings({"three_creatures": "last"})
NOBODY = normalize_settings({"all_flags": "nobody"})


def winner(*faces: str, settings=HOUSE) -> int | None:
    return winner_index(list(faces), settings)


# --- who wins, from the faces ------------------------------------------------------------


def test_minotaur_beats_griffin():
    assert winner("griffin", "minotaur") == 1
    assert winner("minotaur", "griffin") == 0


def test_griffin_beats_mermaid():
    assert winner("mermaid", "griffin") == 1
    assert winner("griffin", "mermaid") == 0


def test_mermaid_beats_minotaur():
    assert winner("minotaur", "mermaid") == 1
    assert winner("mermaid", "minotaur") == 0


@pytest.mark.parametrize("creature", ["minotaur", "griffin", "mermaid"])
def test_every_creature_beats_every_number(creature):
    assert winner("7", creature, "7") == 1
    assert winner(creature, "7") == 0


def test_all_three_creatures_the_mermaid_wins_by_default():
    assert winner("mermaid", "griffin", "minotaur") == 0
    assert winner("griffin", "minotaur", "mermaid", "7") == 2


def test_all_three_creatures_the_last_one_wins_with_that_setting():
    assert winner("mermaid", "griffin", "minotaur", settings=LAST) == 2
    assert winner("mermaid", "griffin", "minotaur", "5", settings=LAST) == 2
    assert winner("griffin", "minotaur", settings=LAST) == 1  # two creatures: as usual


def test_among_equal_creatures_the_one_rolled_last_wins():
    assert winner("griffin", "griffin") == 1
    assert winner("mermaid", "5", "mermaid", "flag") == 2
    assert winner("mermaid", "griffin", "minotaur", "mermaid") == 3


def test_otherwise_the_highest_number_wins():
    assert winner("3", "7", "6") == 1


def test_on_a_tie_the_number_rolled_last_wins():
    assert winner("6", "7", "7", "5") == 2


def test_flags_count_for_nothing():
    assert winner("flag", "1") == 1
    assert winner("1", "flag", "flag") == 0
    assert winner("flag", "griffin", "flag") == 1


def test_a_trick_of_only_flags_goes_to_the_leader_by_default():
    assert winner("flag", "flag", "flag") == 0


def test_a_trick_of_only_flags_goes_to_nobody_with_that_setting():
    assert winner("flag", "flag", settings=NOBODY) is None


# --- who may roll what -------------------------------------------------------------------


def test_the_leader_may_roll_any_of_its_dice():
    state, rng = start([["red"], ["blue"]])
    state = play_to_hand(state, rng, 3, [["red", "blue", "minotaur"], ["yellow"] * 3])
    state, _ = bid_all(state, rng, 1, 1)
    leader = state.turn
    assert len(GAME.rules.legal_actions(state, leader)) == 3


def following_position(follower: list[str], lead: str = "red:4", leader_dice=None):
    """Hand 3: seat 0 leads with ``lead`` (its first die); seat 1 holds ``follower``."""
    leader_dice = leader_dice or [lead, "black", "black"]
    state, rng = start([["yellow"], ["yellow"]])
    state = play_to_hand(state, rng, 3, [leader_dice, follower], leader=None)
    assert state.first_leader == 0  # rotation: 0, 1, 0
    state, _ = bid_all(state, rng, 1, 1)
    return state, rng


def test_a_player_holding_the_colour_led_must_roll_that_colour_or_a_special():
    state, rng = following_position(["red", "blue", "griffin"])
    state, _ = roll(state, rng, 0, "d9")  # a red die
    assert GAME.rules.legal_actions(state, 1) == ["roll:d10", "roll:d32"]  # red, or the Griffin
    with pytest.raises(MustFollow):
        roll(state, rng, 1, "d17")  # the blue die


def test_a_player_without_the_colour_may_roll_any_die():
    state, rng = following_position(["yellow", "blue", "black"])
    state, _ = roll(state, rng, 0, "d9")
    assert len(GAME.rules.legal_actions(state, 1)) == 3


def test_before_any_number_die_is_rolled_every_die_is_allowed():
    state, rng = following_position(
        ["red", "blue", "yellow"], leader_dice=["minotaur", "red", "black"]
    )
    state, _ = roll(state, rng, 0, "d30")  # the leader rolls a special
    assert len(GAME.rules.legal_actions(state, 1)) == 3


def test_the_first_number_die_after_a_special_lead_sets_the_colour():
    state, rng = start([["yellow"], ["yellow"], ["yellow"]])
    dice = [["blue", "red", "yellow"], ["blue", "red", "red"], ["minotaur", "red", "red"]]
    state = play_to_hand(state, rng, 3, dice)
    assert state.first_leader == 2  # rotation 0, 1, 2
    state, _ = bid_all(state, rng, 0, 0, 0)
    state, _ = roll(state, rng, 2, "d30")  # the leader rolls its Minotaur: anything goes
    assert len(GAME.rules.legal_actions(state, 0)) == 3
    state, _ = roll(state, rng, 0, "d17")  # seat 0 rolls blue: now blue must be followed
    assert GAME.rules.legal_actions(state, 1) == ["roll:d18"]  # seat 1's blue die, not its reds


def test_a_yellow_die_showing_a_flag_still_sets_yellow():
    state, rng = following_position(["yellow", "red", "red"], leader_dice=["yellow:flag"] * 3)
    state, _ = roll(state, rng, 0, "d0")
    assert GAME.rules.legal_actions(state, 1) == ["roll:d3"]


def test_a_special_die_may_always_be_rolled():
    state, rng = following_position(["red", "mermaid", "blue"])
    state, _ = roll(state, rng, 0, "d9")
    assert "roll:d34" in GAME.rules.legal_actions(state, 1)
    state, _ = roll(state, rng, 1, "d34")
    assert state.tricks[-1]["rolls"][-1]["face"] == "mermaid"


def test_a_die_one_does_not_hold_cannot_be_rolled():
    state, rng = following_position(["red", "mermaid", "blue"])
    for wrong in ("d10", "d99", "red", "d34x"):
        with pytest.raises(NotYourDie):
            roll(state, rng, 0, wrong)  # d10 is seat 1's


def test_each_player_rolls_in_turn_after_the_leader():
    state, rng = start([["red"], ["blue"], ["black"], ["yellow"]], leader=2)
    state, _ = bid_all(state, rng, 0, 0, 0, 0)
    order = []
    while state.trick or not state.tricks:
        order.append(state.turn)
        state, _ = roll(state, rng, state.turn, GAME.rules.legal_actions(state, state.turn)[0][5:])
        if state.hand > 1:
            break
    assert order == [2, 3, 0, 1]


# --- after the trick ---------------------------------------------------------------------


def test_the_winner_takes_the_trick_and_leads_the_next():
    state, rng = following_position(["red:3", "griffin", "blue"], lead="red:4")
    state, _ = roll(state, rng, 0, "d9")
    state, events = roll(state, rng, 1, "d32")
    won = next(e for e in events if e["type"] == "trick_won")
    assert won["winner"] == 1 and won["face"] == "griffin"
    assert state.won == [0, 1] and state.turn == 1 and state.leader == 1


def test_in_a_trick_of_only_flags_the_leader_takes_it():
    state, rng = start([["yellow:flag"], ["minotaur:flag"]], leader=1)
    state, _ = bid_all(state, rng, 0, 1)
    state, _ = roll(state, rng, 1, "d30")
    state, events = roll(state, rng, 0, "d0")
    assert next(e for e in events if e["type"] == "trick_won")["winner"] == 1
    assert state.last_hand["results"][1]["won"] == 1


def test_with_nobody_taking_only_flags_no_one_wins_and_the_leader_leads_again():
    state, rng = start([["yellow"], ["yellow"]], all_flags="nobody")
    state = play_to_hand(state, rng, 2, [["yellow:flag", "red"], ["mermaid:flag", "blue"]])
    state, _ = bid_all(state, rng, 0, 0)
    assert state.turn == 1
    state, _ = roll(state, rng, 1, "d34")
    state, events = roll(state, rng, 0, "d0")
    assert next(e for e in events if e["type"] == "trick_won")["winner"] is None
    assert state.won == [0, 0] and state.leader == 1 and state.turn == 1
