"""What happens for a seat that does not play itself: a turn timer running out.

A timeout plays what a ``normal`` CPU would play for that seat (its view only): a bid of
its dice's expected tricks, or the die that best keeps to its bid. Nothing is lost for the
timeout itself; the table layer hands a seat that keeps timing out to its autopilot.
"""

from __future__ import annotations

from games.base import Event
from games.errors import GameOver, NotYourTurn
from games.mino_dice import cpu
from games.mino_dice.rules import apply, to_act
from games.mino_dice.state import PHASE_OVER, MinoState
from games.mino_dice.views import seat_view
from games.rng import Rng

TIMEOUT_LEVEL = "normal"


def timeout(state: MinoState, seat: int, rng: Rng) -> tuple[MinoState, list[Event]]:
    if state.phase == PHASE_OVER:
        raise GameOver("the game is over")
    if seat not in to_act(state):
        raise NotYourTurn("this seat is not being waited for")
    action = cpu.choose(seat_view(state, seat), TIMEOUT_LEVEL, rng)
    state, events = apply(state, seat, action, rng)
    return state, [{"type": "timed_out", "seat": seat}, *events]
