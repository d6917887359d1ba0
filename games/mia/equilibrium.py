"""The equilibrium of a heads-up Mia round under a table's settings, stage by stage.

The hard CPU (games.mia.cpu) starts from it and leans away from it, towards what beats
common human play.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from games.mia.ranks import claim_order, probability

TOP = 20  # rank of Mia, the highest claim
_EPS = 1e-9


@dataclass(frozen=True)
class Tuning:
    """The knobs of ``hard`` (tuned with ``python -m bench.cpu_strength``)."""

    bluff_tilt: float = 0.7  # bluff weight falls by exp(-tilt) per step above the lowest claim
    naive_share: float = 0.8  # share of "truth or the lowest legal claim" in the claimant model
    response_tilt: float = 2.0  # how far the challenge rate follows the model's verdict
    pass_below: float = 0.35  # with "pass on" legal: challenge below this chance of truth


HARD = Tuning()  # heads-up
# At three or more seats an accepted claimant is usually out of danger for the round, and
# the others mostly play naively: lean further towards exploiting them.
HARD_TABLE = Tuning(bluff_tilt=2.5, response_tilt=3.0)


@dataclass(frozen=True)
class Stage:
    """The equilibrium of one stage: the claimant must beat rank ``k`` (-1 in a new round).

    Tuples are indexed by rank (0 = "31" ... 20 = Mia); entries at or below ``k`` are unused.
    """

    k: int
    beta: float  # what a bluff costs its claimant (net lives) when the receiver plays well
    saturated: bool  # more bluffs than the receiver tolerates anywhere: every bluff is challenged
    honest: tuple[float, ...]  # per roll: the chance the claimant announces the truth
    challenge: tuple[float, ...]  # per claim: the receiver's chance to challenge (not accept/fold)
    capacity: tuple[float, ...]  # per claim: bluff mass (per unit roll mass) the receiver tolerates
    breakeven: tuple[float, ...]  # per claim: chance of truth at which the receiver is indifferent


@dataclass(frozen=True)
class TableModel:
    """Roll chances and the equilibrium of every stage for one table's settings."""

    chances: tuple[float, ...]  # per rank: the chance that a fresh roll has it
    values: tuple[float, ...]  # index k + 1: net lives expected lost by who must beat rank k
    stages: tuple[Stage, ...]  # index k + 1
    settings_key: tuple[Any, ...]

    def stage(self, k: int) -> Stage:
        return self.stages[k + 1]

    def accept_payoff(self, c: int) -> float | None:
        """Net lives the claimant of ``c`` expects after the receiver accepts (folds, for Mia).

        None when the receiver must challenge: Mia cannot be accepted, and folding is worth
        considering only when a true Mia costs the challenger more than the fold's one life.
        """
        if c == TOP:
            _, mia_penalty, _, fold_on_mia = self.settings_key
            return -1.0 if fold_on_mia and mia_penalty > 1 else None
        return -self.values[c + 1]


def settings_key(settings: dict[str, Any]) -> tuple[Any, ...]:
    return (
        settings["doubles"],
        settings["mia_penalty"],
        settings["false_mia_penalty"],
        bool(settings["fold_on_mia"]),
    )


@cache
def table_model(key: tuple[Any, ...]) -> TableModel:
    """Solve every stage from the top claim down (payoffs in net lives, claimant's view)."""
    doubles, mia_penalty, false_mia_penalty, fold_on_mia = key
    chances = tuple(probability(name) for name in claim_order(doubles))
    values: dict[int, float] = {}
    stages: dict[int, Stage] = {}
    for k in range(TOP - 1, -2, -1):
        stage, value = _solve_stage(k, chances, values, mia_penalty, false_mia_penalty, fold_on_mia)
        stages[k], values[k] = stage, value
    return TableModel(
        chances=chances,
        values=tuple(values[k] for k in range(-1, TOP)),
        stages=tuple(stages[k] for k in range(-1, TOP)),
        settings_key=key,
    )


def _solve_stage(
    k: int,
    chances: tuple[float, ...],
    values: dict[int, float],
    mia_penalty: int,
    false_mia_penalty: int,
    fold_on_mia: bool,
) -> tuple[Stage, float]:
    """The stage "beat rank ``k``", given the values of every higher stage.

    Payoffs are net lives for the claimant (lost minus the receiver's), so lower is better
    for it. A claim ``c`` pays ``held`` when challenged and true, ``caught`` when challenged
    and false, and ``accepted`` when the receiver accepts (then must beat ``c``) or folds.
    """
    claims = range(k + 1, TOP + 1)
    held, caught, accepted = _payoffs(claims, values, mia_penalty, false_mia_penalty, fold_on_mia)
    capacity = [0.0] * (TOP + 1)
    breakeven = [0.0] * (TOP + 1)
    for c, a in accepted.items():
        capacity[c] = (a - held[c]) / (caught[c] - a)
        breakeven[c] = (caught[c] - a) / (caught[c] - held[c])
    forced = sum(chances[: k + 1])
    ceiling = min(caught[c] for c in claims)  # a bluff never costs more than being caught
    beta, boundary, boundary_honest = _bluff_cost(chances, forced, accepted, capacity, ceiling)
    honest = [0.0] * (TOP + 1)
    challenge = [1.0] * (TOP + 1)
    value = 0.0
    bluffing = forced
    for c in claims:
        a = accepted.get(c)
        if a is None:
            honest[c] = 1.0
            value += chances[c] * held[c]
            continue
        if c in boundary:
            honest[c] = boundary_honest
        else:
            honest[c] = 1.0 if a < beta else 0.0
        challenge[c] = min(1.0, (beta - a) / (caught[c] - a)) if a < beta else 0.0
        value += chances[c] * honest[c] * (challenge[c] * held[c] + (1 - challenge[c]) * a)
        bluffing += chances[c] * (1 - honest[c])
    value += bluffing * beta
    stage = Stage(
        k=k,
        beta=beta,
        saturated=not boundary,
        honest=tuple(honest),
        challenge=tuple(challenge),
        capacity=tuple(capacity),
        breakeven=tuple(breakeven),
    )
    return stage, value


Payoffs = tuple[dict[int, float], dict[int, float], dict[int, float]]


def _payoffs(
    claims: range,
    values: dict[int, float],
    mia_penalty: int,
    false_mia_penalty: int,
    fold_on_mia: bool,
) -> Payoffs:
    """Each claim's payoffs for its claimant: ``held``, ``caught`` and ``accepted``.

    A claim absent from ``accepted`` is always challenged (Mia, unless folding on it pays).
    """
    held: dict[int, float] = {}
    caught: dict[int, float] = {}
    accepted: dict[int, float] = {}
    for c in claims:
        if c == TOP:
            held[c], caught[c] = -float(mia_penalty), float(false_mia_penalty)
            if fold_on_mia and mia_penalty > 1:
                accepted[c] = -1.0
        else:
            held[c], caught[c], accepted[c] = -1.0, 1.0, -values[c]
    return held, caught, accepted


def _bluff_cost(
    chances: tuple[float, ...],
    forced: float,
    accepted: dict[int, float],
    capacity: list[float],
    ceiling: float,
) -> tuple[float, list[int], float]:
    """What a bluff costs (``beta``), the claims at that level, and how honest they stay.

    Fill the claims whose acceptance is worth most to the claimant first. Each level of
    ``accepted`` turns its rolls honest and opens its capacity to bluffs. The level where
    the capacity takes up all remaining bluffs is the cost of a bluff.
    """
    groups: list[list[int]] = []
    for c in sorted(accepted, key=lambda c: accepted[c]):
        if groups and accepted[c] - accepted[groups[-1][0]] < _EPS:
            groups[-1].append(c)
        else:
            groups.append([c])
    unplaced = forced + sum(chances[c] for c in accepted)  # bluffs not yet tolerated anywhere
    for group in groups:
        level = accepted[group[0]]
        if level >= ceiling:
            break
        taken = sum(chances[c] * (1 + capacity[c]) for c in group)
        if unplaced <= taken:
            return level, group, unplaced / taken
        unplaced -= taken
    return ceiling, [], 1.0
