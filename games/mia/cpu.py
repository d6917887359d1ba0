"""CPU players for Mia. Pure and seedable; they see only their own seat's view.

Every random choice draws from the ``rng`` argument, and a decision depends on nothing but
the seat's view (``GAME.rules.view(state, seat)``), so a CPU cannot see dice it did not roll.

* ``easy`` plays by feel: it accepts or challenges at a random threshold and bluffs wildly.
* ``normal`` tells the truth when it can, bluffs the lowest legal claim when it must, and
  challenges claims that a fresh roll rarely reaches.
* ``hard`` starts from an equilibrium of the heads-up round under the table's settings
  (:func:`table_model`) and leans from it towards what beats common human play:

  - as claimant it tells the truth when the truth is strong enough, and otherwise bluffs in
    the equilibrium's proportions, tilted towards the lower legal claims (which weaker
    receivers accept more often) but spread over several claims, so that neither "challenge
    the lowest legal claim" nor a fixed threshold such as "challenge above 54" beats it.
  - as receiver it computes the chance that the claim is true from the real roll
    probabilities, the claim the claimant had to beat, and a model of the claimant (part
    "truth or the lowest legal claim", part its own mix), and moves its equilibrium
    challenge rate towards the better answer by how far that chance is from the break-even
    point (the chance of losing the round after accepting: a look-ahead over the rest of it).

How the equilibrium is found: once a claim is accepted the old dice are gone, so the rest of
a round depends only on the claim to beat. Working down from the top claim, each "stage"
(the claim to beat) is a small signalling game: the claimant knows its roll, the receiver sees
only the claim. Its solution has a water-filling form: a receiver tolerates bluffs at claim c
up to a "capacity" (the bluff share that leaves it indifferent between challenge and accept),
claimants fill the claims whose acceptance is worth most first, and the claimant whose truth
is worth less than a bluff bluffs. That gives, per stage, the value of having to beat it, the
challenge rates and the bluff mix in closed form (checked against a linear program while
tuning: the same values up to 0.006 lives). See ``bench/cpu_strength.py`` for the strength.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Any

from games.base import Action
from games.mia.ranks import MIA, claim_order, claims_above, probability, rank
from games.mia.rules import ACCEPT, CHALLENGE, CLAIM_PREFIX, FOLD, PASS, claim_action
from games.rng import Rng, uniform

LEVELS = ("easy", "normal", "hard")

_TOP = 20  # rank of Mia, the highest claim
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


# --- The equilibrium of a heads-up round ---------------------------------------------------


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
        if c == _TOP:
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
    for k in range(_TOP - 1, -2, -1):
        stage, value = _solve_stage(k, chances, values, mia_penalty, false_mia_penalty, fold_on_mia)
        stages[k], values[k] = stage, value
    return TableModel(
        chances=chances,
        values=tuple(values[k] for k in range(-1, _TOP)),
        stages=tuple(stages[k] for k in range(-1, _TOP)),
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
    claims = range(k + 1, _TOP + 1)
    held: dict[int, float] = {}
    caught: dict[int, float] = {}
    accepted: dict[int, float] = {}  # claims absent here are always challenged
    for c in claims:
        if c == _TOP:
            held[c], caught[c] = -float(mia_penalty), float(false_mia_penalty)
            if fold_on_mia and mia_penalty > 1:
                accepted[c] = -1.0
        else:
            held[c], caught[c], accepted[c] = -1.0, 1.0, -values[c]
    capacity = [0.0] * (_TOP + 1)
    breakeven = [0.0] * (_TOP + 1)
    for c, a in accepted.items():
        capacity[c] = (a - held[c]) / (caught[c] - a)
        breakeven[c] = (caught[c] - a) / (caught[c] - held[c])
    # Fill the claims whose acceptance is worth most to the claimant first. Each level of
    # ``accepted`` turns its rolls honest and opens its capacity to bluffs; the level where
    # the capacity takes up all remaining bluffs is the cost of a bluff, ``beta``.
    groups: list[list[int]] = []
    for c in sorted(accepted, key=lambda c: accepted[c]):
        if groups and accepted[c] - accepted[groups[-1][0]] < _EPS:
            groups[-1].append(c)
        else:
            groups.append([c])
    ceiling = min(caught[c] for c in claims)  # a bluff never costs more than being caught
    forced = sum(chances[: k + 1])
    unplaced = forced + sum(chances[c] for c in accepted)  # bluffs not yet tolerated anywhere
    beta, boundary, boundary_honest = ceiling, [], 1.0
    for group in groups:
        level = accepted[group[0]]
        if level >= ceiling:
            break
        taken = sum(chances[c] * (1 + capacity[c]) for c in group)
        if unplaced <= taken:
            beta, boundary, boundary_honest = level, group, unplaced / taken
            break
        unplaced -= taken
    honest = [0.0] * (_TOP + 1)
    challenge = [1.0] * (_TOP + 1)
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


# --- hard: the announcement mix and the challenge rate -------------------------------------


@cache
def bluff_mix(key: tuple[Any, ...], k: int, above: int, tuning: Tuning = HARD) -> dict[int, float]:
    """Where hard's bluffs go in stage ``k`` when they must rank above ``above``."""
    model = table_model(key)
    stage = model.stage(k)
    weights: dict[int, float] = {}
    lowest = None
    for c in range(max(k, above) + 1, _TOP + 1):
        a = model.accept_payoff(c)
        if a is None or a >= stage.beta or stage.capacity[c] <= 0:
            continue
        lowest = c if lowest is None else lowest
        # Lean towards the lowest claims, but leave Mia (folded to, at some tables) alone.
        tilt = 1.0 if c == _TOP else math.exp(-tuning.bluff_tilt * (c - lowest))
        weights[c] = model.chances[c] * stage.capacity[c] * tilt
    total = sum(weights.values())
    if total <= 0:  # nothing above the roll is worth a bluff: name the lowest claim above it
        plain = range(max(k, above) + 1, _TOP)
        return {plain[0] if plain else _TOP: 1.0}
    return {c: w / total for c, w in weights.items()}


@cache
def announcement_mix(
    key: tuple[Any, ...], k: int, roll: int, heads_up: bool = True, tuning: Tuning = HARD
) -> dict[int, float]:
    """Hard's announcement over rank ``k`` with roll rank ``roll`` (-1: not looked at)."""
    if roll > k:
        honest = table_model(key).stage(k).honest[roll] if heads_up else 1.0
        if honest >= 1.0:
            return {roll: 1.0}
        mix = {c: (1 - honest) * p for c, p in bluff_mix(key, k, roll, tuning).items()}
        if honest > 0:
            mix[roll] = mix.get(roll, 0.0) + honest
        return mix
    return dict(bluff_mix(key, k, k, tuning))


@cache
def chance_true(key: tuple[Any, ...], k: int, c: int, tuning: Tuning = HARD) -> float:
    """P(the dice rank at least ``c`` | ``c`` was announced over rank ``k``), by hard's model.

    The claimant rolled fresh dice (real chances of the table's settings). With weight
    ``naive_share`` it announced the truth, or the lowest legal claim when the truth was too
    low; otherwise it announced like hard does.
    """
    model = table_model(key)
    naive = tuning.naive_share
    true_mass = all_mass = 0.0
    for roll in range(_TOP + 1):
        share = (1 - naive) * announcement_mix(key, k, roll, True, tuning).get(c, 0.0)
        if c == (roll if roll > k else k + 1):
            share += naive
        mass = model.chances[roll] * share
        all_mass += mass
        if roll >= c:
            true_mass += mass
    return true_mass / all_mass if all_mass > 0 else 1.0


@cache
def challenge_rate(key: tuple[Any, ...], k: int, c: int, tuning: Tuning = HARD) -> float:
    """Hard's chance to challenge ``c`` announced over ``k`` (rather than accept, or fold)."""
    model = table_model(key)
    if model.accept_payoff(c) is None:
        return 1.0
    stage = model.stage(k)
    base = stage.challenge[c]
    verdict = stage.breakeven[c] - chance_true(key, k, c, tuning)
    if verdict > 0:
        return base + (1 - base) * min(1.0, tuning.response_tilt * verdict)
    return base * (1 - min(1.0, tuning.response_tilt * -verdict))


# --- choosing an action from a view ----------------------------------------------------------


def choose(view: dict[str, Any], level: str, rng: Rng) -> Action:
    """The action of a CPU of ``level`` in this seat's ``view``; randomness from ``rng`` only."""
    legal = view["legal_actions"]
    if not legal:
        raise ValueError("this seat has nothing to do")
    if level not in LEVELS:
        raise ValueError(f"unknown CPU level {level!r}")
    if legal[0].startswith(CLAIM_PREFIX):
        return _announce(view, level, rng)
    return _respond(view, level, rng)


def previous_claim(view: dict[str, Any]) -> str | None:
    """The claim the current claim had to beat (None when it opened the round)."""
    claims = [entry["claim"] for entry in view["history"] if "claim" in entry]
    return claims[-2] if len(claims) >= 2 else None


def _rank_or_none(claim: str | None, doubles: str) -> int:
    return -1 if claim is None else rank(claim, doubles)


def _live_seats(view: dict[str, Any]) -> int:
    return sum(1 for lives in view["lives"] if lives > 0)


def _sample(mix: dict[int, float], rng: Rng) -> int:
    draw = uniform(rng)
    total = 0.0
    for value, weight in sorted(mix.items()):
        total += weight
        if draw < total:
            return value
    return max(mix, key=lambda value: mix[value])


def _announce(view: dict[str, Any], level: str, rng: Rng) -> Action:
    doubles = view["settings"]["doubles"]
    order = claim_order(doubles)
    legal = claims_above(view["claim"], doubles)
    dice = view["dice"]
    roll = f"{dice[0]}{dice[1]}" if dice else None
    truth = roll if roll in legal else None  # the roll, when announcing it is allowed
    if level == "easy":
        if truth is not None and uniform(rng) < 0.5:
            return claim_action(truth)
        low = legal[: max(1, min(len(legal), 6))]
        return claim_action(low[rng.randbelow(len(low))])
    if level == "normal":
        if truth is not None:
            return claim_action(truth)
        plain = [c for c in legal if c != MIA]
        return claim_action(plain[0] if plain else MIA)
    key = settings_key(view["settings"])
    k = _rank_or_none(view["claim"], doubles)
    roll_rank = rank(roll, doubles) if roll is not None else -1
    heads_up = _live_seats(view) <= 2
    mix = announcement_mix(key, k, roll_rank, heads_up, HARD if heads_up else HARD_TABLE)
    return claim_action(order[_sample(mix, rng)])


def _respond(view: dict[str, Any], level: str, rng: Rng) -> Action:
    legal = view["legal_actions"]
    settings = view["settings"]
    doubles = settings["doubles"]
    claim = view["claim"]
    chance = _chance_at_least(claim, doubles)
    if level == "easy":
        if PASS in legal and uniform(rng) < 0.3:
            return PASS
        threshold = 0.35 + 0.4 * uniform(rng)
        if ACCEPT in legal and chance > threshold:
            return ACCEPT
        return FOLD if FOLD in legal and uniform(rng) < 0.5 else CHALLENGE
    if level == "normal":
        if PASS in legal and chance > 0.4:
            return PASS
        if ACCEPT in legal and chance >= 0.3:
            return ACCEPT
        if FOLD in legal and settings["mia_penalty"] > 1:
            return FOLD
        return CHALLENGE
    key = settings_key(settings)
    k = _rank_or_none(previous_claim(view), doubles)
    c = rank(claim, doubles)
    tuning = HARD if _live_seats(view) <= 2 else HARD_TABLE
    if PASS in legal:
        # Passing costs nothing: challenge only a claim that is probably a bluff.
        truth = chance_true(key, k, c, tuning)
        risk = truth * (settings["mia_penalty"] if claim == MIA else 1)
        return CHALLENGE if risk < tuning.pass_below else PASS
    if ACCEPT not in legal and FOLD not in legal:
        return CHALLENGE
    challenge = uniform(rng) < challenge_rate(key, k, c, tuning)
    if challenge:
        return CHALLENGE
    return ACCEPT if ACCEPT in legal else FOLD


@cache
def _chance_at_least(claim: str, doubles: str) -> float:
    """Chance that a fresh roll ranks at least ``claim``."""
    order = claim_order(doubles)
    return sum(probability(c) for c in order[rank(claim, doubles) :])
