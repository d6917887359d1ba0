"""What happens for a seat that does not play itself: a turn timer running out.

A timeout plays what a ``normal`` CPU would play for that seat, from its own view. It lives
apart from the rules because the CPU reads the views, which read the rules: kept in
``rules.py`` it would close an import circle.
"""

from __future__ import annotations

from games.base import Event
from games.myllymatti import cpu
from games.myllymatti.rules import apply, check_turn
from games.myllymatti.state import MyllyState
from games.myllymatti.views import seat_view
from games.rng import Rng

TIMEOUT_LEVEL = "normal"


def timeout(state: MyllyState, seat: int, rng: Rng) -> tuple[MyllyState, list[Event]]:
    """A seat that lets its timer run out plays what a ``normal`` CPU would play for it."""
    check_turn(state, seat)
    action = cpu.choose(seat_view(state, seat), TIMEOUT_LEVEL, rng)
    state, events = apply(state, seat, action, rng)
    return state, [{"type": "timed_out", "seat": seat}, *events]
