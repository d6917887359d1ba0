"""CPU players for Mia. Pure and seedable; they see only their own seat's view.

* ``easy`` plays by feel: it challenges at random-ish thresholds and bluffs wildly.
* ``normal`` tells the truth when it can, bluffs the lowest legal claim when it must, and
  challenges claims that a fresh roll rarely reaches.
* ``hard`` keeps a Bayesian estimate of whether the claim it faces is true, from the real roll
  probabilities under the table's settings, the claim it had to beat, and a model of how
  people bluff; it weighs that against the risk of accepting, and mixes its own bluffs so
  that a simple rule ("challenge the lowest legal claim") does not beat it.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.base import Action
from games.mia.ranks import MIA, claim_order, claims_above, probability, rank
from games.mia.rules import ACCEPT, CHALLENGE, FOLD, PASS, claim_action
from games.rng import Rng, uniform

LEVELS = ("easy", "normal", "hard")
MODEL_BLUFF_RATE = 0.2  # how often hard assumes others bluff when they need not


def choose(view: dict[str, Any], level: str, rng: Rng) -> Action:
    legal = view["legal_actions"]
    if not legal:
        raise ValueError("this seat has nothing to do")
    if level not in LEVELS:
        raise ValueError(f"unknown CPU level {level!r}")
    if legal[0].startswith("claim:"):
        return _announce(view, level, rng)
    return _respond(view, level, rng)


def previous_claim(view: dict[str, Any]) -> str | None:
    """The claim the current claim had to beat (None when it opened the round)."""
    claims = [entry["claim"] for entry in view["history"] if "claim" in entry]
    return claims[-2] if len(claims) >= 2 else None


def _announce(view: dict[str, Any], level: str, rng: Rng) -> Action:
    doubles = view["settings"]["doubles"]
    legal = claims_above(view["claim"], doubles)
    dice = view["dice"]
    roll = f"{dice[0]}{dice[1]}" if dice else None
    truth_legal = roll is not None and roll in legal
    if level == "easy":
        if truth_legal and uniform(rng) < 0.5:
            return claim_action(roll)
        top = legal[: max(1, min(len(legal), 6))]
        return claim_action(top[rng.randbelow(len(top))])
    if truth_legal:
        if level == "hard" and _mixes_upward(roll, legal, rng):
            return claim_action(legal[legal.index(roll) + 1])
        return claim_action(roll)
    # A bluff is needed: the lowest legal claim is likeliest to pass, but hard mixes in a
    # step or two higher so that its lowest claims are not always bluffs.
    steps = 0
    if level == "hard":
        draw = uniform(rng)
        steps = 0 if draw < 0.6 else 1 if draw < 0.9 else 2
    candidates = [c for c in legal if c != MIA] or [MIA]
    return claim_action(candidates[min(steps, len(candidates) - 1)])


def _mixes_upward(roll: str, legal: tuple[str, ...], rng: Rng) -> bool:
    """Now and then claim one step above a low true roll, to keep the truth unreadable."""
    position = legal.index(roll)
    room = len(legal) - position - 1
    return room > 8 and uniform(rng) < 0.12 and legal[position + 1] != MIA


def _respond(view: dict[str, Any], level: str, rng: Rng) -> Action:
    legal = view["legal_actions"]
    settings = view["settings"]
    doubles = settings["doubles"]
    claim = view["claim"]
    if level == "easy":
        threshold = 0.35 + 0.4 * uniform(rng)
        chance = _chance_at_least(claim, doubles)
        if ACCEPT in legal and chance > threshold:
            return ACCEPT
        return FOLD if FOLD in legal and uniform(rng) < 0.5 else CHALLENGE
    if level == "normal":
        true_chance = _chance_at_least(claim, doubles)
        if PASS in legal and true_chance > 0.4:
            return PASS
        if ACCEPT in legal and true_chance >= 0.3:
            return ACCEPT
        if FOLD in legal and settings["mia_penalty"] > 1:
            return FOLD
        return CHALLENGE
    true_chance = posterior_true(claim, previous_claim(view), doubles)
    if PASS in legal and true_chance > 0.45:
        return PASS  # the passer is free of responsibility
    if ACCEPT not in legal:
        expected_challenge_loss = true_chance * settings["mia_penalty"]
        if FOLD in legal and expected_challenge_loss > 1:
            return FOLD
        return CHALLENGE
    return CHALLENGE if true_chance < _accept_risk(claim, doubles) else ACCEPT


def _accept_risk(claim: str, doubles: str) -> float:
    """Rough chance of losing the round after accepting: a needed bluff is often caught."""
    beat = _chance_above(claim, doubles)
    return (1 - beat) * 0.62 + beat * 0.28


def _chance_at_least(claim: str, doubles: str) -> float:
    order = claim_order(doubles)
    return sum(probability(c) for c in order[rank(claim, doubles) :])


def _chance_above(claim: str, doubles: str) -> float:
    order = claim_order(doubles)
    return sum(probability(c) for c in order[rank(claim, doubles) + 1 :])


@cache
def posterior_true(claim: str, previous: str | None, doubles: str) -> float:
    """P(the dice rank at least ``claim`` | it was announced over ``previous``).

    Model of the claimant: rolls fresh dice; when the truth is legal it tells it, except with
    ``MODEL_BLUFF_RATE`` when it names a uniformly chosen higher claim; when the truth is too
    low it names the lowest legal claim, or with the bluff rate a higher one.
    """
    order = claim_order(doubles)
    legal = claims_above(previous, doubles)
    minimum = legal[0]
    beta = MODEL_BLUFF_RATE
    target = rank(claim, doubles)
    numerator = denominator = 0.0
    for roll in order:
        p_roll = probability(roll)
        if rank(roll, doubles) >= rank(minimum, doubles):
            honest, higher = roll, order[rank(roll, doubles) + 1 :]
        else:
            honest, higher = minimum, order[rank(minimum, doubles) + 1 :]
        likelihood = (1 - beta) * (claim == honest)
        if claim in higher:
            likelihood += beta / len(higher)
        elif claim == honest and not higher:
            likelihood += beta
        weight = p_roll * likelihood
        denominator += weight
        if rank(roll, doubles) >= target:
            numerator += weight
    return numerator / denominator if denominator else 0.0
