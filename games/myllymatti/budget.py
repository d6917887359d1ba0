"""How long the expert may think: milliseconds and an iteration cap, arriving as an argument.

A stand-in for the shared ``games.think.Budget`` of issue 28 until that lands. The clock is
the budget's, passed in, so the search itself reads no clock; with ``ms=None`` only the
iteration cap counts and a seeded search is repeatable to the move.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

DEFAULT_MS = 200.0


@dataclass(frozen=True)
class Budget:
    """Think for at most ``ms`` milliseconds (None: no limit) and ``max_iterations`` rounds
    (None: no cap; for Myllymatti's expert a round is one playout); the first round always
    runs, so every move is thought about."""

    ms: float | None = DEFAULT_MS
    max_iterations: int | None = None
    clock: Callable[[], float] = field(default=time.perf_counter, compare=False, repr=False)

    def start(self) -> Timer:
        return Timer(self, self.clock())


@dataclass
class Timer:
    """One decision's share of a budget: counts rounds and watches the clock."""

    budget: Budget
    started: float
    rounds: int = 0

    def more(self, rounds: int = 1) -> bool:
        """Whether ``rounds`` more rounds fit (the first always does)."""
        if self.rounds == 0:
            return True
        cap = self.budget.max_iterations
        if cap is not None and self.rounds + rounds > cap:
            return False
        return not self.out_of_time()

    def out_of_time(self) -> bool:
        ms = self.budget.ms
        return ms is not None and (self.budget.clock() - self.started) * 1000 >= ms

    def done_round(self) -> None:
        self.rounds += 1
