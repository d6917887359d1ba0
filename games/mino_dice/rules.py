"""Mino Dice's transitions (docs/rules/mino_dice.md, "Hands" to "Scoring"). Pure: no I/O.

Every function takes a state and returns a new one; the input is never mutated, so the table
layer can keep the old state if a concurrent move wins the race. All randomness (the draw,
the faces each die will show, salts, random leaders) comes from the ``rng`` argument.
"""

from __future__ import annotations

from typing import Any

from games.base import Action, Event
from games.errors import GameOver, IllegalAction, InvalidSettings, NotYourTurn, SeatOut
from games.mino_dice.dice import BAG_SIZE, SIDES, die_id, faces_of, kind_of, parse_die_id
from games.mino_dice.errors import (
    AlreadyBid,
    BiddingOver,
    BidFirst,
    BidOutOfRange,
    MustFollow,
    NotYourDie,
)
from games.mino_dice.fairness import SALT_BYTES, dice_text
from games.mino_dice.settings import (
    BONUS_HAND,
    BONUS_TRICK,
    LEAD_RANDOM,
    LEAD_WINNER,
    hands_for,
    normalize_settings,
)
from games.mino_dice.state import PHASE_BID, PHASE_OVER, PHASE_TRICK, TALLY_COUNTERS, MinoState
from games.mino_dice.tricks import (
    bonus_points,
    colour_to_follow,
    hand_points,
    has_flag,
    playable,
    winner_index,
)
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
    _start_hand(state, rng.randbelow(seats), rng, events)
    return state, events


def to_act(state: MinoState) -> list[int]:
    """Bidding: every seat that has not bid. A trick: the seat whose turn it is."""
    if state.phase == PHASE_OVER:
        return []
    if state.phase == PHASE_BID:
        return [seat for seat, bid in enumerate(state.bids) if bid is None]
    return [state.turn]


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
        _reveal(state, events)
        _finish(state, events)
    return state, events


def ranking(state: MinoState) -> list[int]:
    """Highest total first (ties in seat order); seats that resigned after everyone, the
    first to leave last."""
    staying = [seat for seat in range(state.seats) if seat not in state.resigned]
    staying.sort(key=lambda seat: -state.scores[seat])
    return staying + list(reversed(state.resigned))


def places(state: MinoState) -> list[int]:
    """The place of each seat in ``ranking`` order: equal totals share a place (1, 1, 3);
    every seat that resigned has a place of its own after them."""
    order = ranking(state)
    result: list[int] = []
    for index, seat in enumerate(order):
        previous = order[index - 1] if index else None
        tied = (
            previous is not None
            and seat not in state.resigned
            and state.scores[previous] == state.scores[seat]
        )
        result.append(result[-1] if tied else index + 1)
    return result


def final_stats(state: MinoState) -> list[dict[str, int]]:
    return [
        {counter: state.tally.get(counter, [0] * state.seats)[seat] for counter in TALLY_COUNTERS}
        for seat in range(state.seats)
    ]


# --- bidding -------------------------------------------------------------------------------


def _bid(state: MinoState, seat: int, text: str) -> tuple[MinoState, list[Event]]:
    """Bids are secret until the last one is in; then all are revealed together. A single
    bid does not change the bidders' shared decision token: only the end of bidding does."""
    if state.phase != PHASE_BID:
        raise BiddingOver("the bids are in")
    if state.bids[seat] is not None:
        raise AlreadyBid("this seat has bid already")
    if not text.isdigit() or len(text) > 2 or int(text) > state.hand:
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
        }
    )
    state.trick = []
    if len(state.tricks) < state.hand:
        state.leader = state.turn = state.leader if winner is None else winner
        return
    _end_hand(state, rng, events)


def _end_hand(state: MinoState, rng: Rng, events: list[Event]) -> None:
    """Score by the table, add the bonuses of exact bids, reveal, then deal or finish."""
    tricks = state.hand
    results = []
    for seat in range(state.seats):
        bid, won = state.bids[seat], state.won[seat]
        assert bid is not None
        points = hand_points(bid, won, tricks)
        exact = bid == won
        spoiled = state.settings["bonus_flags"] == BONUS_HAND and state.caught_flag[seat]
        bonus = state.bonus[seat] if exact and not spoiled else 0
        state.scores[seat] += points + bonus
        state.tally["exact_bids"][seat] += exact
        state.tally["zero_bids"][seat] += exact and bid == 0
        state.tally["bonus_points"][seat] += bonus
        results.append(
            {
                "seat": seat,
                "bid": bid,
                "won": won,
                "points": points,
                "bonus": bonus,
                "score": state.scores[seat],
            }
        )
    state.last_hand = {"hand": state.hand, "results": results}
    events.append({"type": "hand_scored", "hand": state.hand, "results": results})
    _reveal(state, events)
    if state.hand >= state.hands:
        _finish(state, events)
    else:
        _start_hand(state, _next_first_leader(state, rng), rng, events)


def _next_first_leader(state: MinoState, rng: Rng) -> int:
    rule = state.settings["first_leader"]
    if rule == LEAD_RANDOM:
        return rng.randbelow(state.seats)
    if rule == LEAD_WINNER:
        last = state.tricks[-1]
        return last["leader"] if last["winner"] is None else last["winner"]
    return (state.first_leader + 1) % state.seats


# --- hands ---------------------------------------------------------------------------------


def _start_hand(state: MinoState, leader: int, rng: Rng, events: list[Event]) -> None:
    """All dice are back in the bag; each seat draws ``hand`` dice without replacement (seat
    0 first), then every drawn die gets the face it will show (in the same order), then each
    seat a salt. Faces are fixed now, before the bids, and committed to per seat."""
    state.hand += 1
    state.phase = PHASE_BID
    bag = list(range(BAG_SIZE))
    drawn = [[bag.pop(rng.randbelow(len(bag))) for _ in range(state.hand)] for _ in state.scores]
    faces: list[str | None] = [None] * BAG_SIZE
    for dice in drawn:
        for die in dice:
            faces[die] = faces_of(kind_of(die), state.settings["faces"])[rng.randbelow(SIDES)]
    state.faces = faces
    state.held = [sorted(dice) for dice in drawn]
    state.dealt = [sorted(dice) for dice in drawn]
    state.salts = [rng.token_hex(SALT_BYTES) for _ in state.scores]
    state.bids = [None] * state.seats
    state.first_leader = state.leader = state.turn = leader
    state.trick, state.tricks = [], []
    state.won = [0] * state.seats
    state.bonus = [0] * state.seats
    state.caught_flag = [False] * state.seats
    state.step += 1
    events.append(
        {
            "type": "hand_started",
            "hand": state.hand,
            "hands": state.hands,
            "leader": leader,
            "commitments": state.commitments(),
        }
    )


def _reveal(state: MinoState, events: list[Event]) -> None:
    """Publish each seat's dice, faces and salt: the preimages of the hand's commitments."""
    reveals = [
        {"seat": seat, "dice": dice_text(dice, state.faces), "salt": state.salts[seat]}
        for seat, dice in enumerate(state.dealt)
    ]
    events.append(
        {"type": "hand_revealed", "game_id": state.game_id, "hand": state.hand, "reveals": reveals}
    )


def _finish(state: MinoState, events: list[Event]) -> None:
    state.phase = PHASE_OVER
    state.turn = -1
    state.held = [[] for _ in state.scores]
    state.trick = []
    events.append({"type": "game_over", "ranking": ranking(state), "places": places(state)})
