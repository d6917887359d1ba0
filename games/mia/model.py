"""The other seats as the expert's solver models them: easy, normal and hard as probabilities.

The expert is tuned against a mix of the three levels, not against one of them: a strategy
that beats only hard loses to easy (measured while tuning, docs/cpu-mia.md). Each function here
gives what a level does in a stage, in ranks (0 = "31" ... 20 = Mia), exactly as games/mia/cpu.py
plays it, with every random draw of the level turned into its probability.
The model leaves "pass on unseen" out: tables with it play hard instead of expert.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.mia.cpu import announcement_mix, challenge_rate
from games.mia.equilibrium import HARD, HARD_TABLE
from games.mia.ranks import DOUBLES_66_HIGH, claim_order, probability

TOP = 20  # Mia's rank
RANKS = TOP + 1
EASY_LOW_CLAIMS = 6  # easy bluffs among the six lowest legal claims


@cache
def roll_chances() -> tuple[float, ...]:
    """A fresh roll's chance of each rank (the same by position under either doubles order)."""
    return tuple(probability(name) for name in claim_order(DOUBLES_66_HIGH))


@cache
def at_least(c: int) -> float:
    """The chance that a fresh roll ranks ``c`` or higher."""
    return sum(roll_chances()[c:])


def cpu_key(fold_on_mia: bool, mia_penalty: int, false_mia_penalty: int) -> tuple[Any, ...]:
    """games.mia.equilibrium.settings_key for these settings (the doubles order does not matter)."""
    return (DOUBLES_66_HIGH, mia_penalty, false_mia_penalty, fold_on_mia)


def easy_claim(k: int, r: int) -> dict[int, float]:
    """Easy: the truth half the time when it may, else one of the lowest legal claims."""
    low = list(range(k + 1, min(RANKS, k + 1 + EASY_LOW_CLAIMS)))
    share = 1.0 if r <= k else 0.5
    mix = {c: share / len(low) for c in low}
    if r > k:
        mix[r] = mix.get(r, 0.0) + 0.5
    return mix


def normal_claim(k: int, r: int) -> dict[int, float]:
    """Normal: the truth when it may, else the lowest legal claim that is not Mia."""
    if r > k:
        return {r: 1.0}
    return {k + 1 if k + 1 < TOP else TOP: 1.0}


def hard_claim(key: tuple[Any, ...], k: int, r: int, live: int) -> dict[int, float]:
    heads_up = live <= 2
    return announcement_mix(key, k, r, heads_up, HARD if heads_up else HARD_TABLE)


@cache
def claim_model(key: tuple[Any, ...], k: int, r: int, live: int) -> tuple[float, ...]:
    """Per claim: the chance that a modelled seat with roll ``r`` announces it over ``k``."""
    mix = [0.0] * RANKS
    for level in (easy_claim(k, r), normal_claim(k, r), hard_claim(key, k, r, live)):
        for c, p in level.items():
            mix[c] += p / 3
    return tuple(mix)


def easy_challenge(c: int, fold_on_mia: bool) -> float:
    """Easy accepts above a random threshold (0.35 to 0.75); against Mia it folds half the time."""
    if c == TOP:
        return 0.5 if fold_on_mia else 1.0
    accept = min(1.0, max(0.0, (at_least(c) - 0.35) / 0.4))
    return 1.0 - accept


def normal_challenge(c: int, fold_on_mia: bool, mia_penalty: int) -> float:
    if c == TOP:
        return 0.0 if fold_on_mia and mia_penalty > 1 else 1.0
    return 0.0 if at_least(c) >= 0.3 else 1.0


@cache
def challenge_model(key: tuple[Any, ...], k: int, c: int, live: int) -> float:
    """The chance that a modelled seat challenges ``c`` announced over ``k`` (else it accepts,
    or folds against Mia)."""
    _, mia_penalty, _, fold_on_mia = key
    tuning = HARD if live <= 2 else HARD_TABLE
    levels = (
        easy_challenge(c, fold_on_mia),
        normal_challenge(c, fold_on_mia, mia_penalty),
        challenge_rate(key, k, c, tuning),
    )
    return sum(levels) / 3
