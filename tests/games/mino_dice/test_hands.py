"""docs/rules/mino_dice.md, "Dice" and "Hands", as executable examples: one test per rule."""

from __future__ import annotations

from collections import Counter

import pytest

from games.errors import InvalidSettings
from games.mino_dice import GAME
from games.mino_dice.dice import (
    BAG,
    BAG_SIZE,
    CREATURES,
    FACE_TABLES,
    FLAG,
    HOUSE,
    TAME,
    faces_of,
    parse_die_id,
)
from games.mino_dice.settings import hands_for
from games.rng import DeterministicRng
from tests.games.mino_dice.scripted import ScriptedRng, deal, play_to_hand, start


def ids_in(data) -> set[str]:
    """Every string in ``data`` (at any depth) that names a die."""
    if isinstance(data, dict):
        return set().union(*(ids_in(value) for value in data.values()))
    if isinstance(data, list):
        return set().union(*(ids_in(value) for value in data))
    return {data} if isinstance(data, str) and parse_die_id(data) is not None else set()


def keys_in(data) -> set[str]:
    if isinstance(data, dict):
        return set(data).union(*(keys_in(value) for value in data.values()))
    if isinstance(data, list):
        return set().union(*(keys_in(value) for value in data))
    return set()


# --- dice --------------------------------------------------------------------------------


def test_the_bag_holds_36_dice_of_seven_kinds():
    assert BAG_SIZE == 36
    assert Counter(BAG) == {
        "minotaur": 2,
        "griffin": 2,
        "mermaid": 2,
        "yellow": 9,
        "red": 8,
        "blue": 7,
        "black": 6,
    }


@pytest.mark.parametrize("creature", CREATURES)
def test_a_special_die_shows_its_creature_four_times_and_a_flag_twice(creature):
    assert Counter(faces_of(creature)) == {creature: 4, FLAG: 2}


def test_the_house_faces_are_the_spec_table():
    assert FACE_TABLES[HOUSE] == {
        "yellow": (FLAG, FLAG, "1", "2", "3", "7"),
        "red": ("3", "3", "4", "4", "5", "5"),
        "blue": ("5", "5", "5", "6", "6", "6"),
        "black": ("6", "6", "7", "7", "7", "7"),
    }


def test_the_house_faces_are_the_default_setting():
    assert GAME.rules.normalize_settings({})["faces"] == HOUSE


def test_the_tame_faces_setting_shows_a_3_instead_of_the_yellow_7():
    assert faces_of("yellow", TAME) == (FLAG, FLAG, "1", "2", "3", "3")
    for colour in ("red", "blue", "black"):
        assert faces_of(colour, TAME) == faces_of(colour, HOUSE)
    state, _ = start([["yellow:3"], ["yellow:3"]], faces=TAME)
    assert all(face in faces_of("yellow", TAME) for face in state.faces if face)


def test_each_colour_shares_exactly_one_value_with_the_colour_below():
    table = FACE_TABLES[HOUSE]
    for lower, upper in (("red", "blue"), ("blue", "black")):
        assert len(set(table[lower]) & set(table[upper])) == 1
    assert set(table["yellow"]) & set(table["red"]) == {"3"}


def test_die_ids_are_d0_to_d35():
    assert [parse_die_id(f"d{i}") for i in range(36)] == list(range(36))
    for wrong in ("d36", "d-1", "d01", "x3", "d", "3", "d1a"):
        assert parse_die_id(wrong) is None


# --- seats and hands ---------------------------------------------------------------------


@pytest.mark.parametrize("seats", [1, 7])
def test_a_game_needs_two_to_six_players(seats):
    with pytest.raises(InvalidSettings):
        GAME.rules.new_game({}, seats, DeterministicRng(1))


@pytest.mark.parametrize(("seats", "hands"), [(2, 8), (3, 8), (4, 8), (5, 7), (6, 6)])
def test_8_hands_with_2_to_4_players_7_with_5_and_6_with_6(seats, hands):
    state, _ = GAME.rules.new_game({}, seats, DeterministicRng(1))
    assert state.hands == hands


@pytest.mark.parametrize(("seats", "hands"), [(2, 4), (4, 4), (5, 4), (6, 3)])
def test_the_short_length_setting_plays_half_the_hands(seats, hands):
    assert hands_for(seats, "short") == hands
    state, _ = GAME.rules.new_game({"length": "short"}, seats, DeterministicRng(1))
    assert state.hands == hands


def test_unknown_settings_and_values_are_refused():
    with pytest.raises(InvalidSettings):
        GAME.rules.new_game({"jokers": True}, 3, DeterministicRng(1))
    with pytest.raises(InvalidSettings):
        GAME.rules.new_game({"faces": "loaded"}, 3, DeterministicRng(1))


def test_in_hand_n_every_player_draws_n_dice():
    state, rng = start([["red"], ["blue"], ["black"]])
    assert [len(dice) for dice in state.held] == [1, 1, 1]
    dice = [["red", "red", "blue"], ["yellow"] * 3, ["black", "minotaur", "mermaid"]]
    state = play_to_hand(state, rng, 3, dice)
    assert state.hand == 3 and [len(d) for d in state.held] == [3, 3, 3]


def test_dice_are_drawn_without_replacement():
    for seed in range(20):
        state, _ = GAME.rules.new_game({}, 6, DeterministicRng(seed))
        drawn = [die for dice in state.held for die in dice]
        assert len(drawn) == len(set(drawn))


def test_after_a_hand_all_dice_go_back_into_the_bag():
    # The Mermaid d34 is seat 0's in hand 1 and can be drawn again in hand 2.
    state, rng = start([["mermaid"], ["red"]])
    state = play_to_hand(state, rng, 2, [["mermaid", "red"], ["griffin", "blue"]])
    assert state.held[0] == [9, 34]


def test_a_seat_sees_its_own_dice_and_only_the_number_others_hold():
    state, _ = start([["red"], ["minotaur"], ["yellow"]])
    view = GAME.rules.view(state, 1)
    assert view["dice"] == [{"id": "d30", "kind": "minotaur"}]
    assert view["dice_left"] == [1, 1, 1]
    assert ids_in(view) == {"d30"}  # no other seat's die anywhere in the view


def test_nobody_sees_a_face_before_it_is_rolled_not_even_its_owner():
    state, _ = start([["red:5"], ["minotaur:flag"]])
    for seat in (0, 1):
        view = GAME.rules.view(state, seat)
        assert all(set(die) == {"id", "kind"} for die in view["dice"])
        assert "faces" not in view and "salts" not in view
        assert "face" not in keys_in(view)  # no die has shown a face yet
    assert GAME.presentation.private_info(GAME.rules.view(state, 1)).items[0].attributes == {
        "creature": "minotaur",
        "sides": "minotaur minotaur minotaur minotaur flag flag",  # the kind's, not its roll
        "waiting": "bids",
    }


def test_the_faces_are_fixed_at_the_deal_and_a_roll_shows_them():
    state, rng = start([["blue:6"], ["red:3"]])
    assert state.faces[17] == "6"
    state, _ = GAME.rules.apply(state, 0, "bid:1", rng)
    state, _ = GAME.rules.apply(state, 1, "bid:0", rng)
    state, events = GAME.rules.apply(state, 0, "roll:d17", rng)
    assert events[0] == {
        "type": "rolled",
        "seat": 0,
        "die": "d17",
        "kind": "blue",
        "face": "6",
        "trick": 1,
    }


def test_a_deal_uses_only_the_rng_it_is_given():
    one = GAME.rules.new_game({}, 4, DeterministicRng("same"), "g")[0]
    two = GAME.rules.new_game({}, 4, DeterministicRng("same"), "g")[0]
    assert one == two
    scripted = ScriptedRng(3, *deal([["black:7"], ["black:6"], ["red"], ["blue"]]))
    state, _ = GAME.rules.new_game({}, 4, scripted, "g")
    assert state.leader == 3 and state.faces[24] == "7" and state.faces[25] == "6"
