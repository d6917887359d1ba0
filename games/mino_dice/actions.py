"""Mino Dice's moves (docs/rules/mino_dice.md, bids and "A trick"; a hand's deal, scoring and
reveal are in :mod:`games.mino_dice.hands`). Pure: no I/O, no clock.

Every function takes a state and returns a new one; the input is never mutated, so the table
layer can keep the old state if a concurrent move wins the race. All randomness (the draw,
the faces each die will show, salts, random leaders) comes from the ``rng`` argument.
"""

from __future__ import annotations

from typing import Any

from games.base import PRIVATE, PUBLIC, Action, Event
from games.errors import GameOver, IllegalAction, InvalidSettings, NotYourTurn, SeatOut
from games.mino_dice.dice import die_id, kind_of, parse_die_id
from games.mino_dice.errors import (
    AlreadyBid,
    BiddingOver,
    BidFirst,
    BidOutOfRange,
    MustFollow,
    NotYourDie,
)
from games.mino_dice.fairness import preimage
from games.mino_dice.hands import end_hand, finish, reveal, start_hand
from games.mino_dice.settings import BONUS_TRICK, hands_for, normalize_settings
from games.mino_dice.state import PHASE_BID, PHASE_OVER, PHASE_TRICK, TALLY_COUNTERS, MinoState
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


def new_game(
    settings: dict[str, Any], seats: int, rng: Rng, game_id: str = ""
) -> tuple[MinoState, list[Event]]:
    """Scores at 0; a random seat leads the first trick of the first hand; hand 1 is dealt."""
    settings = normalize_settings(settings)
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise InvalidSettings(f"Mino Dice needs {MIN_SEATS} to {MAX_SEATS} seats, not {seats}")
    state = MinoState(
        settings=settings,
        scores=[0] * seats,
        game_id=game_id,
        hands=hands_for(seats, settings["length"]),
    )
    state.tally = {counter: [0] * seats for counter in TALLY_COUNTERS}
    events: list[Event] = [{"type": "game_started", "seats": seats, "hands": state.hands}]
    start_hand(state, rng.randbelow(seats), rng, events)
    return state, events


def to_act(state: MinoState) -> list[int]:
    """Bidding: every seat that has not bid. A trick: the seat whose turn it is."""
    if state.phase == PHASE_OVER:
        return []
    if state.phase == PHASE_BID:
        return [seat for seat, bid in enumerate(state.bids) if bid is None]
    return [state.turn]


def decision(state: MinoState, seat: int) -> int:
    """Bidders share the hand's token, unchanged by each bid; it moves on when the bidding
    ends and after every roll."""
    return state.step


def action_scope(action: Action) -> str:
    """Bids are group buttons; rolling a die names a die only its owner knows."""
    return PRIVATE if action.startswith(ROLL_PREFIX) else PUBLIC


def sealed_proofs(state: MinoState) -> list[tuple[str, str]]:
    """Each seat's dealt dice and their faces this hand, with the commitments shown."""
    if state.phase == PHASE_OVER:
        return []
    texts = [
        preimage(state.game_id, state.hand, seat, dice, state.faces, state.salts[seat])
        for seat, dice in enumerate(state.dealt)
    ]
    return list(zip(texts, state.commitments(), strict=True))


def legal_actions(state: MinoState, seat: int) -> list[Action]:
    if state.phase == PHASE_OVER or not 0 <= seat < state.seats:
        return []
    if state.phase == PHASE_BID:
        if state.bids[seat] is not None:
            return []
        return [bid_action(bid) for bid in range(state.hand + 1)]
    if seat != state.turn:
        return []
    colour = colour_to_follow(roll["die"] for roll in state.trick)
    return [roll_action(die) for die in playable(state.held[seat], colour)]


def apply(state: MinoState, seat: int, action: Action, rng: Rng) -> tuple[MinoState, list[Event]]:
    if state.phase == PHASE_OVER:
        raise GameOver("the game is over")
    if not 0 <= seat < state.seats:
        raise SeatOut("no such seat")
    if action.startswith(BID_PREFIX):
        return _bid(state, seat, action.removeprefix(BID_PREFIX))
    if action.startswith(ROLL_PREFIX):
        return _roll(state, seat, action.removeprefix(ROLL_PREFIX), rng)
    raise IllegalAction(f"unknown action {action!r}")


def resign(state: MinoState, seat: int, rng: Rng) -> tuple[MinoState, list[Event]]:
    """The seat leaves the ranking (ranked after everyone still in it) but its dice stay in
    play: it keeps bidding and rolling when its turn comes, played for it by the table (a
    CPU, or the turn timer). With one seat left in the ranking the game ends at once."""
    if state.phase == PHASE_OVER:
        raise GameOver("the game is over")
    if not 0 <= seat < state.seats or seat in state.resigned:
        raise SeatOut("this seat has already left")
    state = state.copy()
    state.resigned.append(seat)
    events: list[Event] = [{"type": "resigned", "seat": seat}]
    if state.seats - len(state.resigned) <= 1:
        state.step += 1
        reveal(state, events)
        finish(state, events)
    return state, events


# --- bidding -------------------------------------------------------------------------------


def _bid(state: MinoState, seat: int, text: str) -> tuple[MinoState, list[Event]]:
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


def _roll(state: MinoState, seat: int, text: str, rng: Rng) -> tuple[MinoState, list[Event]]:
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
