"""The thinking budget every expert spends: an iteration cap that makes a search repeatable,
a time limit read from the clock it is given, and always at least one iteration."""

from __future__ import annotations

from games.think import DEFAULT_THINK_MS, Budget

STEP = 1 / 64  # seconds


class Ticks:
    """A clock that moves on by ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def iterations(budget: Budget) -> int:
    thinking = budget.start()
    while thinking.more():
        pass
    return thinking.iterations


def test_the_cap_alone_stops_a_search_at_the_same_count_however_slow_the_clock():
    assert iterations(Budget(None, 37, clock=Ticks(1.0))) == 37
    assert iterations(Budget(None, 37, clock=Ticks(1e-9))) == 37


def test_the_time_limit_stops_a_search_when_the_clock_says_so():
    # Each read of the clock moves 15.625 ms on (a binary fraction: no rounding): one read at
    # the start, then one before each iteration after the first. Before the fifth, 62.5 ms
    # have passed: it is refused.
    assert iterations(Budget(62.5, None, clock=Ticks(STEP))) == 4


def test_the_first_iteration_runs_even_when_the_time_is_already_up():
    assert iterations(Budget(0.001, None, clock=Ticks(1.0))) == 1


def test_whichever_limit_comes_first_wins():
    assert iterations(Budget(1000, 3, clock=Ticks(STEP))) == 3
    assert iterations(Budget(31.25, 1000, clock=Ticks(STEP))) == 2


def test_the_default_budget_is_200_ms_without_a_cap():
    assert Budget() == Budget(DEFAULT_THINK_MS, None) and DEFAULT_THINK_MS == 200
