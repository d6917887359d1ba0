"""CPU moves thought out before the check-and-set that plays them.

An expert CPU may think for ``CPU_THINK_MS`` (200 ms by default) about one move. The store's
check-and-set retries a change that lost a race, so a think inside it could run several
times and hold the table's turn while it does. The deadline worker therefore thinks first,
from the table it read (``ahead``), and the change only plays what was thought (``Thoughts``).
A thought counts only for the very view it was made from: a CPU decides from its seat's
view alone, so an equal view asks for nothing new. When the table has moved on, the change
gives up (``Unthought``) and the worker thinks again outside it.
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from dataclasses import dataclass, field

from games.base import JSON, Action
from games.rng import Rng
from games.think import DEFAULT_THINK_MS, Budget
from ops import metrics
from tables.table.deadlines import CPU, due_seats
from tables.table.model import PLAYING, Table

AUTOPILOT_LEVEL = "normal"  # a person's seat after timeouts in a row
MAX_THINK_MS = 10_000.0


class ThinkConfigError(ValueError):
    """CPU_THINK_MS is not a number of milliseconds."""


class Unthought(Exception):
    """The table moved on since the CPU's move was thought out: think again, outside.

    Not a TableError: it leaves the check-and-set at once, with nothing written."""


def budget_from_env(env: Mapping[str, str] | None = None) -> Budget:
    """``CPU_THINK_MS``: milliseconds an expert CPU may think about one move (1–10000)."""
    raw = (os.environ if env is None else env).get("CPU_THINK_MS", "").strip()
    if not raw:
        return Budget(DEFAULT_THINK_MS)
    try:
        ms = float(raw)
    except ValueError:
        raise ThinkConfigError("CPU_THINK_MS must be milliseconds, e.g. 200") from None
    if not 1 <= ms <= MAX_THINK_MS:
        raise ThinkConfigError("CPU_THINK_MS must be between 1 and 10000")
    return Budget(ms)


def level_of(table: Table, seat: int) -> str:
    return table.seats[seat].cpu or AUTOPILOT_LEVEL


def seat_view(table: Table, seat: int) -> JSON:
    return table.match().view(seat)


def decide(table: Table, seat: int, view: JSON, rng: Rng, budget: Budget) -> Action:
    """The CPU's choice from the seat's own view, timed for the metrics."""
    level = level_of(table, seat)
    started = time.perf_counter()
    action = table.match().rules.cpu_choice(view, level, rng, budget)
    metrics.cpu_decided(table.game, level, started)
    return action


@dataclass
class Thoughts:
    """The CPU moves a deadline worker thought out, each with the view it came from."""

    budget: Budget
    made: dict[int, tuple[JSON, Action]] = field(default_factory=dict)
    inline: bool = False  # may think inside the change (a worker's last try)
    played: bool = False  # this attempt of the change has played a thought already

    def begin(self) -> None:
        """A new attempt of the change: nothing of it played yet."""
        self.played = False

    def action(self, table: Table, seat: int, rng: Rng) -> Action | None:
        """The move thought for this seat's view now; None to leave the seat for the next
        sweep (an earlier CPU move of this change changed its view)."""
        view = seat_view(table, seat)
        made = self.made.get(seat)
        if made is not None and made[0] == view:
            self.played = True
            return made[1]
        if self.inline:
            return decide(table, seat, view, rng, self.budget)
        if self.played:
            return None
        raise Unthought(f"seat {seat} has a new view")


def ahead(table: Table, now: float, rng: Rng, budget: Budget) -> Thoughts:
    """Think out the move of every CPU seat whose deadline has passed on this table."""
    thoughts = Thoughts(budget)
    if table.status != PLAYING or table.state is None:
        return thoughts
    for seat, kind in due_seats(table, now):
        if kind == CPU:
            view = seat_view(table, seat)
            thoughts.made[seat] = (view, decide(table, seat, view, rng, budget))
    return thoughts
