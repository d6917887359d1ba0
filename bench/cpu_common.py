"""What the CPU-strength benches of every game share: a game's own levels as timed policies,
the uniformly random baseline, and the lines about hard's decision times and the targets."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from games.rng import Rng

Policy = Callable[[dict[str, Any], Rng], str]
Chooser = Callable[[dict[str, Any], str, Rng], str]


class Levels:
    """A game's CPU levels as policies; the timed ones keep each decision's duration."""

    def __init__(self, choose: Chooser) -> None:
        self.choose = choose
        self.decision_seconds: list[float] = []

    def __call__(self, name: str, timed: bool = False) -> Policy:
        def play(view: dict[str, Any], rng: Rng) -> str:
            if not timed:
                return self.choose(view, name, rng)
            start = time.perf_counter()
            action = self.choose(view, name, rng)
            self.decision_seconds.append(time.perf_counter() - start)
            return action

        return play

    def report(self, started: float) -> str:
        """``hard_decisions=… hard_avg_ms=… hard_max_ms=… total_seconds=…``"""
        times_ms = [seconds * 1000 for seconds in self.decision_seconds] or [0.0]
        return (
            f"hard_decisions={len(self.decision_seconds)} "
            f"hard_avg_ms={sum(times_ms) / len(times_ms):.3f} "
            f"hard_max_ms={max(times_ms):.3f} total_seconds={time.perf_counter() - started:.1f}"
        )


def random_policy(view: dict[str, Any], rng: Rng) -> str:
    """A uniformly random legal action."""
    legal = view["legal_actions"]
    return legal[rng.randbelow(len(legal))]


def targets_line(figures: dict[str, float], targets: tuple[str, ...]) -> str:
    return " ".join(f"{name}={figures[name]:.3f}" for name in targets)
