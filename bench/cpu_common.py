"""What the CPU-strength benches of every game share: a game's own levels as timed policies,
the uniformly random baseline, the lines about hard's decision times and the targets, and the
expert bench's last line (``expert_line``)."""

from __future__ import annotations

import math
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


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` 0.95 is the 95th); 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def wilson(share: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a share measured over ``games`` (95% for z = 1.96)."""
    if games <= 0:
        return 0.0, 1.0
    centre = share + z * z / (2 * games)
    spread = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def expert_line(share: float, games: int, think_ms: list[float]) -> str:
    """The expert bench's last line: ``expert_share=… ci95=…–… p95_think_ms=…``."""
    low, high = wilson(share, games)
    return (
        f"expert_share={share:.3f} ci95={low:.3f}–{high:.3f} "
        f"p95_think_ms={percentile(think_ms, 0.95):.2f}"
    )
