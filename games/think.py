"""How long an expert CPU may think about one move: a budget that arrives as an argument.

The table layer sets the budget (``CPU_THINK_MS``, see tables.table.thinking); games only spend it.
A wall-clock limit alone would make a search depend on the machine's speed, so a budget also
has an iteration cap: with ``ms=None`` and a cap, the same view and the same seeded rng give
the same choice anywhere (tests and benches).

Every game's CPUs, at every level, start with the same guard (``forced``): a seat with nothing
to do is a caller's mistake, and a seat with one legal action plays it without thinking, so no
budget is spent and no random draw is made on a move that is not a choice.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.base import Action

DEFAULT_THINK_MS = 200.0


@dataclass(frozen=True)
class Budget:
    """A move's thinking time in milliseconds (None: no time limit) and an iteration cap."""

    ms: float | None = DEFAULT_THINK_MS
    max_iterations: int | None = None
    clock: Callable[[], float] = field(default=time.perf_counter, compare=False, repr=False)

    def start(self) -> Thinking:
        return Thinking(self, self.clock())


@dataclass
class Thinking:
    """One move's thinking under way: ask ``more()`` before each iteration."""

    budget: Budget
    started: float
    iterations: int = 0

    def more(self) -> bool:
        """Whether one more iteration fits; counts it when it does."""
        cap = self.budget.max_iterations
        if cap is not None and self.iterations >= cap:
            return False
        ms = self.budget.ms
        if ms is not None and self.iterations and self.elapsed_ms() >= ms:
            return False  # the first iteration always runs: a choice needs one
        self.iterations += 1
        return True

    def elapsed_ms(self) -> float:
        return (self.budget.clock() - self.started) * 1000


class NothingToDo(ValueError):
    """A CPU was asked to move for a seat with no legal action (the caller's mistake)."""


def forced(view: Mapping[str, Any]) -> Action | None:
    """The seat's one legal action, to be played without thinking; None when it has a choice.

    Raises ``NothingToDo`` when the view offers no legal action at all.
    """
    legal = view["legal_actions"]
    if not legal:
        raise NothingToDo("this seat has nothing to do")
    return legal[0] if len(legal) == 1 else None
