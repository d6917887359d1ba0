"""docs/rules/mino_dice.md, "Bids": simultaneous, hidden until all are in, revealed together."""

from __future__ import annotations

import pytest

from games.base import PRIVATE, PUBLIC, SIMULTANEOUS
from games.errors import GameOver, IllegalAction, NotYourTurn
from games.mino_dice import GAME
from games.mino_dice.errors import AlreadyBid, BiddingOver, BidFirst, BidOutOfRange
from games.mino_dice.state import PHASE_BID, PHASE_TRICK
from tests.games.mino_dice.scripted import bid_all, play_to_hand, start

THREE = [["red"], ["blue"], ["black"]]


def test_mino_dice_is_a_simultaneous_game():
    assert GAME.rules.dynamics == SIMULTANEOUS


def test_bids_range_from_0_to_the_number_of_dice():
    state, rng = start(THREE)
    assert GAME.rules.legal_actions(state, 0) == ["bid:0", "bid:1"]
    state = play_to_hand(state, rng, 4, [["red"] * 4, ["blue"] * 4, ["black"] * 4])
    assert GAME.rules.legal_actions(state, 2) == [f"bid:{n}" for n in range(5)]
    for wrong in ("bid:5", "bid:-1", "bid:x", "bid:", "bid:007"):
        with pytest.raises(BidOutOfRange):
            GAME.rules.apply(state, 0, wrong, rng)


def test_everyone_bids_at_the_same_time():
    state, rng = start(THREE)
    assert GAME.rules.to_act(state) == [0, 1, 2]
    state, _ = GAME.rules.apply(state, 1, "bid:1", rng)
    assert GAME.rules.to_act(state) == [0, 2]  # in any order: seat 2 need not wait for seat 0
    state, _ = GAME.rules.apply(state, 2, "bid:0", rng)
    assert GAME.rules.to_act(state) == [0]


def test_bids_are_hidden_until_everyone_has_bid():
    state, rng = start(THREE)
    state, events = GAME.rules.apply(state, 0, "bid:1", rng)
    assert events == [{"type": "bid_made", "seat": 0}]
    public = GAME.rules.public_view(state)
    assert public["bids"] is None and public["has_bid"] == [True, False, False]
    assert GAME.rules.view(state, 0)["bid"] == 1  # the bidder sees its own bid
    assert GAME.rules.view(state, 1)["bid"] is None and GAME.rules.view(state, 1)["bids"] is None


def test_then_all_bids_are_revealed_together():
    state, rng = start(THREE)
    state, events = bid_all(state, rng, 1, 0, 1)
    assert events[-1] == {"type": "bids_revealed", "hand": 1, "bids": [1, 0, 1]}
    assert GAME.rules.public_view(state)["bids"] == [1, 0, 1]
    assert state.phase == PHASE_TRICK


def test_a_seat_cannot_bid_twice():
    state, rng = start(THREE)
    state, _ = GAME.rules.apply(state, 0, "bid:1", rng)
    with pytest.raises(AlreadyBid):
        GAME.rules.apply(state, 0, "bid:0", rng)
    assert GAME.rules.legal_actions(state, 0) == []


def test_no_bid_once_the_bids_are_in():
    state, rng = start(THREE)
    state, _ = bid_all(state, rng, 1, 0, 1)
    with pytest.raises(BiddingOver):
        GAME.rules.apply(state, 1, "bid:1", rng)


def test_no_die_is_rolled_before_everyone_has_bid():
    state, rng = start(THREE)
    with pytest.raises(BidFirst):
        GAME.rules.apply(state, 0, "roll:d9", rng)


def test_unknown_actions_are_refused():
    state, rng = start(THREE)
    with pytest.raises(IllegalAction):
        GAME.rules.apply(state, 0, "fold", rng)


def test_bidders_share_one_token_that_single_bids_do_not_change():
    state, rng = start(THREE)
    token = GAME.rules.decision(state, 0)
    assert {GAME.rules.decision(state, seat) for seat in range(3)} == {token}
    state, _ = GAME.rules.apply(state, 0, "bid:1", rng)
    state, _ = GAME.rules.apply(state, 1, "bid:1", rng)
    assert {GAME.rules.decision(state, seat) for seat in range(3)} == {token}
    state, _ = GAME.rules.apply(state, 2, "bid:1", rng)
    assert GAME.rules.decision(state, 0) != token  # the bidding ended


def test_during_tricks_the_token_changes_after_every_roll():
    state, rng = start(THREE)
    state, _ = bid_all(state, rng, 0, 0, 1)
    tokens = [GAME.rules.decision(state, 0)]
    for seat, die in ((0, "d9"), (1, "d17")):
        state, _ = GAME.rules.apply(state, seat, f"roll:{die}", rng)
        tokens.append(GAME.rules.decision(state, 0))
    assert len(set(tokens)) == 3


def test_bids_are_group_buttons_and_rolls_are_private():
    assert GAME.rules.action_scope("bid:3") == PUBLIC
    assert GAME.rules.action_scope("roll:d17") == PRIVATE


def test_the_group_buttons_come_from_the_public_view_alone():
    state, rng = start(THREE)
    state, _ = GAME.rules.apply(state, 1, "bid:0", rng)
    public = GAME.rules.public_view(state)
    assert GAME.rules.public_actions(public, 0) == ["bid:0", "bid:1"]
    assert GAME.rules.public_actions(public, 1) == []
    state, _ = bid_all_remaining(state, rng)
    public = GAME.rules.public_view(state)
    assert all(GAME.rules.public_actions(public, seat) == [] for seat in range(3))
    assert GAME.rules.legal_actions(state, state.turn) == ["roll:d9"]


def bid_all_remaining(state, rng):
    events = []
    for seat in list(GAME.rules.to_act(state)):
        state, events = GAME.rules.apply(state, seat, "bid:1", rng)
    return state, events


def test_only_the_seat_whose_turn_it_is_rolls():
    state, rng = start(THREE, leader=1)
    state, _ = bid_all(state, rng, 0, 0, 0)
    assert GAME.rules.to_act(state) == [1]
    with pytest.raises(NotYourTurn):
        GAME.rules.apply(state, 0, "roll:d9", rng)


def test_a_finished_game_refuses_every_move():
    state, rng = start([["red"], ["blue"]], length="short")
    state = play_to_hand(state, rng, 4, [["red"] * 4, ["blue"] * 4])
    while not GAME.rules.is_over(state):
        seat = GAME.rules.to_act(state)[0]
        state, _ = GAME.rules.apply(state, seat, GAME.rules.legal_actions(state, seat)[0], rng)
    assert state.phase not in (PHASE_BID, PHASE_TRICK)
    with pytest.raises(GameOver):
        GAME.rules.apply(state, 0, "bid:0", rng)
    assert GAME.rules.to_act(state) == [] and GAME.rules.legal_actions(state, 0) == []
