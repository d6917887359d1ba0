"""Timeouts and resigning (docs/mino_dice-rules-choices.md): a timeout plays what a normal
CPU would; a seat that resigns is ranked last but its dice stay in play."""

from __future__ import annotations

import json

import pytest

from games.errors import GameOver, NotYourTurn, SeatOut
from games.mino_dice import GAME, cpu
from tests.games.mino_dice.scripted import bid_all, play_to_hand, roll, start


def test_a_timeout_while_bidding_bids_what_a_normal_cpu_would():
    state, rng = start([["black"], ["yellow"], ["red"]])
    token = GAME.rules.decision(state, 0)
    expected = cpu.choose(GAME.rules.view(state, 0), "normal", rng)
    state, events = GAME.rules.timeout(state, 0, rng)
    assert events[0] == {"type": "timed_out", "seat": 0}
    assert state.bids[0] == int(expected.removeprefix("bid:"))
    assert GAME.rules.decision(state, 1) == token  # the others' question has not moved on


def test_a_timeout_in_a_trick_rolls_what_a_normal_cpu_would():
    state, rng = start([["red"], ["blue"]])
    state = play_to_hand(state, rng, 3, [["yellow", "red", "black"], ["blue"] * 3])
    state, _ = bid_all(state, rng, 0, 2)
    seat = state.turn
    expected = cpu.choose(GAME.rules.view(state, seat), "normal", rng)
    state, events = GAME.rules.timeout(state, seat, rng)
    assert events[0] == {"type": "timed_out", "seat": seat}
    assert events[1]["type"] == "rolled" and f"roll:{events[1]['die']}" == expected


def test_only_a_seat_being_waited_for_can_time_out():
    state, rng = start([["red"], ["blue"]])
    state, _ = GAME.rules.apply(state, 0, "bid:0", rng)
    with pytest.raises(NotYourTurn):
        GAME.rules.timeout(state, 0, rng)


def test_a_resigned_seat_is_ranked_after_everyone_but_its_dice_stay_in_play():
    state, rng = start([["black:7"], ["blue"], ["red"]])
    state, events = GAME.rules.resign(state, 0, rng)
    assert events == [{"type": "resigned", "seat": 0}]
    assert GAME.rules.to_act(state) == [0, 1, 2]  # it still bids (played for it by the table)
    assert GAME.rules.legal_actions(state, 0) == ["bid:0", "bid:1"]
    assert GAME.presentation.seat_badges(GAME.rules.public_view(state))[0].out
    state, _ = bid_all(state, rng, 1, 0, 0)
    while state.hand == 1:
        state, _ = roll(state, rng, state.turn, f"d{state.held[state.turn][0]}")
    assert state.scores[0] == 20  # its exact bid still scores, for the record
    assert GAME.rules.ranking(state)[-1] == 0


def test_seats_that_resign_are_ranked_last_the_first_to_leave_last_of_all():
    state, rng = start([["red"], ["blue"], ["black"], ["yellow"]])
    state, _ = GAME.rules.resign(state, 2, rng)
    state, _ = GAME.rules.resign(state, 0, rng)
    assert GAME.rules.ranking(state)[-2:] == [0, 2]
    assert GAME.rules.places(state) == [1, 1, 3, 4]  # the two still in are tied at 0


def test_a_seat_cannot_resign_twice():
    state, rng = start([["red"], ["blue"], ["black"]])
    state, _ = GAME.rules.resign(state, 1, rng)
    with pytest.raises(SeatOut):
        GAME.rules.resign(state, 1, rng)


def test_when_all_but_one_have_resigned_the_game_ends_and_the_dice_are_revealed():
    state, rng = start([["red"], ["blue"], ["black"]])
    state, _ = GAME.rules.resign(state, 0, rng)
    state, events = GAME.rules.resign(state, 2, rng)
    assert GAME.rules.is_over(state)
    assert [e["type"] for e in events] == ["resigned", "hand_revealed", "game_over"]
    assert events[-1] == {"type": "game_over", "ranking": [1, 2, 0], "places": [1, 2, 3]}
    assert len(GAME.presentation.proofs(events)) == 3
    with pytest.raises(GameOver):
        GAME.rules.resign(state, 1, rng)


def test_a_move_never_changes_the_state_it_was_given():
    state, rng = start([["red"], ["blue"]])
    before = json.dumps(GAME.rules.dump(state))
    GAME.rules.apply(state, 0, "bid:1", rng)
    GAME.rules.timeout(state, 1, rng)
    GAME.rules.resign(state, 0, rng)
    assert json.dumps(GAME.rules.dump(state)) == before
    state, _ = bid_all(state, rng, 0, 1)
    before = json.dumps(GAME.rules.dump(state))
    roll(state, rng, 0, "d9")
    assert json.dumps(GAME.rules.dump(state)) == before


def test_the_state_survives_a_json_round_trip():
    state, rng = start([["red"], ["blue"]])
    state, _ = bid_all(state, rng, 0, 1)
    state, _ = roll(state, rng, 0, "d9")
    assert GAME.rules.load(json.loads(json.dumps(GAME.rules.dump(state)))) == state


def test_a_game_ended_by_resigning_leaves_the_hand_in_progress_unscored():
    state, rng = start([["black:7"], ["blue"]])
    state, _ = bid_all(state, rng, 1, 0)
    state, _ = roll(state, rng, 0, "d24")
    state, events = GAME.rules.resign(state, 1, rng)
    assert GAME.rules.is_over(state) and state.scores == [0, 0]
    assert "hand_scored" not in [e["type"] for e in events]
    assert GAME.rules.ranking(state) == [0, 1]
