"""Mino Dice's secrets for the contract test: the dice a seat holds, every face not yet
rolled, and a bid not yet revealed."""

from __future__ import annotations

from games.mino_dice.dice import BAG_SIZE, SIDES, faces_of, kind_of
from games.mino_dice.state import PHASE_BID, PHASE_OVER, MinoState
from games.rng import Rng


def perturb(state: MinoState, seat: int, rng: Rng) -> MinoState:
    """The same position with ``seat``'s unrolled dice swapped for others from the bag, their
    faces drawn again, other salts, and ``seat``'s bid changed while the bids are hidden.
    What others see must not change. (Other seats' faces stay: a move of theirs shows their
    own face, which is no secret of ``seat``.)"""
    if state.phase == PHASE_OVER:
        return state
    twin = state.copy()
    taken = {die for dice in state.dealt for die in dice}
    pool = sorted(set(range(BAG_SIZE)) - taken) + list(state.held[seat])
    fresh = []
    for _ in state.held[seat]:
        fresh.append(pool.pop(rng.randbelow(len(pool))))
    for die in state.held[seat]:
        twin.faces[die] = None
    rolled = [die for die in state.dealt[seat] if die not in state.held[seat]]
    twin.held[seat] = sorted(fresh)
    twin.dealt[seat] = sorted(rolled + fresh)
    table = state.settings["faces"]
    for die in twin.held[seat]:
        twin.faces[die] = faces_of(kind_of(die), table)[rng.randbelow(SIDES)]
    twin.salts = [rng.token_hex(16) for _ in state.salts]
    if state.phase == PHASE_BID and not state.all_bid and state.bids[seat] is not None:
        twin.bids[seat] = rng.randbelow(state.hand + 1)
    return twin
