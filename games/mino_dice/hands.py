"""A hand of Mino Dice from deal to score (docs/rules/mino_dice.md, "Hands" and "Scoring"):
the deal with every face fixed and committed to, the scoring with bonuses, the reveal of the
commitments' preimages, the next first leader, and the final ranking.
"""

from __future__ import annotations

from games.base import Event
from games.mino_dice.dice import BAG_SIZE, SIDES, faces_of, kind_of
from games.mino_dice.fairness import SALT_BYTES, dice_text
from games.mino_dice.settings import BONUS_HAND, LEAD_RANDOM, LEAD_WINNER
from games.mino_dice.state import PHASE_BID, PHASE_OVER, TALLY_COUNTERS, MinoState
from games.mino_dice.tricks import hand_points
from games.rng import Rng


def start_hand(state: MinoState, leader: int, rng: Rng, events: list[Event]) -> None:
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


def reveal(state: MinoState, events: list[Event]) -> None:
    """Publish each seat's dice, faces and salt: the preimages of the hand's commitments."""
    reveals = [
        {"seat": seat, "dice": dice_text(dice, state.faces), "salt": state.salts[seat]}
        for seat, dice in enumerate(state.dealt)
    ]
    events.append(
        {"type": "hand_revealed", "game_id": state.game_id, "hand": state.hand, "reveals": reveals}
    )


def finish(state: MinoState, events: list[Event]) -> None:
    state.phase = PHASE_OVER
    state.turn = -1
    state.held = [[] for _ in state.scores]
    state.trick = []
    events.append({"type": "game_over", "ranking": ranking(state), "places": places(state)})


def end_hand(state: MinoState, rng: Rng, events: list[Event]) -> None:
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
    reveal(state, events)
    if state.hand >= state.hands:
        finish(state, events)
    else:
        start_hand(state, next_first_leader(state, rng), rng, events)


def next_first_leader(state: MinoState, rng: Rng) -> int:
    """Rotate: the seat after this hand's first leader; winner: whoever took the last trick
    (its leader if nobody did); random: drawn from ``rng``."""
    rule = state.settings["first_leader"]
    if rule == LEAD_RANDOM:
        return rng.randbelow(state.seats)
    if rule == LEAD_WINNER:
        last = state.tricks[-1]
        return last["leader"] if last["winner"] is None else last["winner"]
    return (state.first_leader + 1) % state.seats


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
