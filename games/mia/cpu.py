"""CPU players for Mia. Pure and seedable; they see only their own seat's view.

Every random choice draws from the ``rng`` argument, and a decision depends on nothing but
the seat's view (``GAME.rules.view(state, seat)``), so a CPU cannot see dice it did not roll.

* ``easy`` plays by feel: it accepts or challenges at a random threshold and bluffs wildly.
* ``normal`` tells the truth when it can, bluffs the lowest legal claim when it must, and
  challenges claims that a fresh roll rarely reaches.
* ``hard`` starts from an equilibrium of the heads-up round under the table's settings
  (games.mia.equilibrium) and leans from it towards what beats common human play:

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
from functools import cache
from typing import Any

from games.base import Action
from games.mia.actions import ACCEPT, CHALLENGE, CLAIM_PREFIX, FOLD, PASS, claim_action
from games.mia.equilibrium import HARD, HARD_TABLE, TOP, Tuning, settings_key, table_model
from games.mia.ranks import MIA, claim_order, claims_above, probability, rank
from games.rng import Rng, uniform
from games.think import forced

LEVELS = ("easy", "normal", "hard")


# --- hard: the announcement mix and the challenge rate -------------------------------------


@cache
def bluff_mix(key: tuple[Any, ...], k: int, above: int, tuning: Tuning = HARD) -> dict[int, float]:
    """Where hard's bluffs go in stage ``k`` when they must rank above ``above``."""
    model = table_model(key)
    stage = model.stage(k)
    weights: dict[int, float] = {}
    lowest = None
    for c in range(max(k, above) + 1, TOP + 1):
        a = model.accept_payoff(c)
        if a is None or a >= stage.beta or stage.capacity[c] <= 0:
            continue
        lowest = c if lowest is None else lowest
        # Lean towards the lowest claims, but leave Mia (folded to, at some tables) alone.
        tilt = 1.0 if c == TOP else math.exp(-tuning.bluff_tilt * (c - lowest))
        weights[c] = model.chances[c] * stage.capacity[c] * tilt
    total = sum(weights.values())
    if total <= 0:  # nothing above the roll is worth a bluff: name the lowest claim above it
        plain = range(max(k, above) + 1, TOP)
        return {plain[0] if plain else TOP: 1.0}
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
    for roll in range(TOP + 1):
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
    only = forced(view)
    if level not in LEVELS:
        raise ValueError(f"unknown CPU level {level!r}")
    if only is not None:
        return only
    legal = view["legal_actions"]
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
