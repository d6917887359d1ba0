"""Mino Dice's moves (docs/rules/mino_dice.md, bids and "A trick"; a hand's deal, scoring and
reveal are in :mod:`games.mino_dice.hands`). Pure: no I/O, no clock.

The moves themselves are methods of MinoRules (rules.py), which copies the state before it
changes anything, so the table layer can keep the old state if a concurrent move wins the
race; the helpers here change that copy, or only read. All randomness (the draw,
the faces each die will show, salts, random leaders) comes from the ``rng`` argument.
"""

from __future__ import annotations

from games.base import Action, Event
from games.errors import NotYourTurn
from games.mino_dice.dice import die_id, kind_of, parse_die_id
from games.mino_dice.errors import (
    AlreadyBid,
    BiddingOver,
    BidFirst,
    BidOutOfRange,
    MustFollow,
    NotYourDie,
)
from games.mino_dice.hands import end_hand
from games.mino_dice.settings import BONUS_TRICK
from games.mino_dice.state import PHASE_BID, PHASE_OVER, PHASE_TRICK, MinoState
from games.mino_dice.tricks import bonus_points, colour_to_follow, has_flag, playable, winner_index
from games.rng import Rng

MIN_SEATS = 2
MAX_SEATS = 6
BID_PREFIX = "bid:"
ROLL_PREFIX = "roll:"


def bid_action(bid: int) -> Action:
    return f"{BID_PREFIX}{bid}"


def roll_action(die: int) -> Action:
    return f"{ROLL_PREFIX}{die_id(die)}"


def to_act(state: MinoState) -> list[int]:
    """Bidding: every seat that has not bid. A trick: the seat whose turn it is."""
    if state.phase == PHASE_OVER:
        return []
    if state.phase == PHASE_BID:
        return [seat for seat, bid in enumerate(state.bids) if bid is None]
    return [state.turn]


# --- bidding -------------------------------------------------------------------------------


def bid(state: MinoState, seat: int, text: str) -> tuple[MinoState, list[Event]]:
    """Bids are secret until the last one is in; then all are revealed together. A single
    bid does not change the bidders' shared decision token: only the end of bidding does."""
    if state.phase != PHASE_BID:
        raise BiddingOver("the bids are in")
    if state.bids[seat] is not None:
        raise AlreadyBid("this seat has bid already")
    if text not in {str(bid) for bid in range(state.hand + 1)}:  # "01" is not a way to say 1
        raise BidOutOfRange(f"a bid is 0 to {state.hand}, not {text!r}")
    state = state.copy()
    state.bids[seat] = int(text)
    events: list[Event] = [{"type": "bid_made", "seat": seat}]
    if state.all_bid:
        state.phase = PHASE_TRICK
        state.step += 1
        events.append({"type": "bids_revealed", "hand": state.hand, "bids": list(state.bids)})
    return state, events


# --- tricks --------------------------------------------------------------------------------


def roll(state: MinoState, seat: int, text: str, rng: Rng) -> tuple[MinoState, list[Event]]:
    if state.phase == PHASE_BID:
        raise BidFirst("everyone bids first")
    if seat != state.turn:
        raise NotYourTurn("it is not this seat's turn")
    die = parse_die_id(text)
    if die is None or die not in state.held[seat]:
        raise NotYourDie(f"seat {seat} does not hold {text!r}")
    colour = colour_to_follow(roll["die"] for roll in state.trick)
    if die not in playable(state.held[seat], colour):
        raise MustFollow(f"{text} is not {colour}: follow {colour} or roll a creature")
    state = state.copy()
    state.step += 1
    state.held[seat].remove(die)
    face = state.faces[die]
    assert face is not None
    state.trick.append({"seat": seat, "die": die, "face": face})
    events: list[Event] = [
        {
            "type": "rolled",
            "seat": seat,
            "die": die_id(die),
            "kind": kind_of(die),
            "face": face,
            "trick": state.trick_no,
        }
    ]
    if len(state.trick) < state.seats:
        state.turn = (seat + 1) % state.seats
    else:
        _end_trick(state, rng, events)
    return state, events


def _end_trick(state: MinoState, rng: Rng, events: list[Event]) -> None:
    """The winner takes the trick and leads the next one (only flags and nobody takes it:
    the leader leads again). Bonuses are noted now and count if the bid turns out exact."""
    faces = [roll["face"] for roll in state.trick]
    index = winner_index(faces, state.settings)
    winner = None if index is None else state.trick[index]["seat"]
    earned = 0
    if winner is not None:
        state.won[winner] += 1
        state.tally["tricks_won"][winner] += 1
        flag = has_flag(faces)
        state.caught_flag[winner] = state.caught_flag[winner] or flag
        spoiled = flag and state.settings["bonus_flags"] == BONUS_TRICK
        earned = 0 if spoiled else bonus_points(faces, index)
        state.bonus[winner] += earned
    state.tricks.append(
        {"leader": state.leader, "rolls": state.trick, "winner": winner, "bonus": earned}
    )
    winning = state.trick[index] if index is not None else None
    events.append(
        {
            "type": "trick_won",
            "hand": state.hand,
            "trick": len(state.tricks),
            "winner": winner,
            "leader": state.leader,
            "die": die_id(winning["die"]) if winning else None,
            "kind": kind_of(winning["die"]) if winning else None,
            "face": winning["face"] if winning else None,
            "bonus": earned,
            # Every roll of the trick, in order: the story shows the whole trick at once.
            "rolls": [[roll["seat"], kind_of(roll["die"]), roll["face"]] for roll in state.trick],
        }
    )
    state.trick = []
    if len(state.tricks) < state.hand:
        state.leader = state.turn = state.leader if winner is None else winner
        return
    end_hand(state, rng, events)
