"""The expert's think budget: a cap on rounds, a clock, and the first round always."""

from __future__ import annotations

from games.myllymatti.budget import Budget


def test_a_cap_allows_that_many_rounds_and_the_first_always_runs():
    timer = Budget(ms=None, max_iterations=3).start()
    assert timer.more(5)  # the first round runs whatever it costs
    for _ in range(3):
        timer.done_round()
    assert not timer.more()
    timer = Budget(ms=None, max_iterations=3).start()
    timer.done_round()
    assert timer.more(2) and not timer.more(3)


def test_the_clock_ends_the_thinking_once_the_milliseconds_are_spent():
    now = [10.0]
    timer = Budget(ms=50, clock=lambda: now[0]).start()
    timer.done_round()
    now[0] = 10.049
    assert timer.more()
    now[0] = 10.050
    assert not timer.more() and timer.out_of_time()


def test_without_milliseconds_only_the_cap_counts():
    now = [0.0]
    timer = Budget(ms=None, max_iterations=2, clock=lambda: now[0]).start()
    timer.done_round()
    now[0] = 1e9
    assert timer.more() and not timer.out_of_time()
