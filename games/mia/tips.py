"""The guided game's tips for Mia: each names one move and says why from what the seat can
see: its dice, the claim to beat, and how the claimant has played ("💡 Accept and roll: 2 of
Grace's 2 challenged claims were true, so 62 is likely true (about 79%)..."). Pure: a seat's
view in, one ``Text`` out; never two pieces of advice at once.

A claim is judged by a beginner's way of playing (the guided game's CPUs play so): the truth
when the roll beats the claim to beat (or a lower claim, still true), else a bluff among the
lowest claims above it; then by the claimant's revealed claims in this game. Accepting is
weighed by the chance of losing the round afterwards (games.mia.equilibrium's break-even).
"""

from __future__ import annotations

from typing import Any

from games.base import NT_, T_, Text
from games.mia.actions import ACCEPT, CHALLENGE
from games.mia.cpu import previous_claim
from games.mia.equilibrium import settings_key, table_model
from games.mia.looks import claim_text
from games.mia.ranks import MIA, claim_order, claims_above, probability_at_least, rank

SPREAD = 6  # a beginner's bluff: one of the six lowest claims above the claim to beat
WEIGHT = 4  # the model counts as this many revealed claims, beside the claimant's own
LIKELY = 0.5  # a claim this likely true is told as "likely true"


def percent(share: float) -> int:
    """A chance in whole percent."""
    return round(100 * share)


def beats(claim: str, doubles: str) -> float:
    """The chance that a fresh roll beats ``claim`` (what the one who accepts must do)."""
    above = claims_above(claim, doubles)
    return probability_at_least(above[0], doubles) if above else 0.0


def tip(view: dict[str, Any], names: list[str]) -> Text | None:
    """The one move this seat would do well to make now, and why."""
    if view.get("over") or not view.get("legal_actions"):
        return None
    if view["phase"] == "claim":
        return _claim_tip(view, names)
    return _answer_tip(view, names)


def _next_seat(view: dict[str, Any]) -> int:
    """Who answers this seat's claim: the next seat with lives."""
    seats, lives, seat = len(view["lives"]), view["lives"], view["to_act"]
    return next(
        (seat + step) % seats for step in range(1, seats + 1) if lives[(seat + step) % seats]
    )


def _claim_tip(view: dict[str, Any], names: list[str]) -> Text | None:
    dice = view.get("dice")
    if not dice:  # the cup not lifted yet: the page's prompt says to look first
        return None
    doubles, claim = view["settings"]["doubles"], view["claim"]
    roll = f"{max(dice)}{min(dice)}"
    after = names[_next_seat(view)]
    if roll == MIA:
        return T_("💡 Claim Mia, the truth: nothing beats it.")
    if claim is None or rank(roll, doubles) > rank(claim, doubles):
        return T_(
            "💡 Claim {roll}, the truth: a true claim is safe, and {name} must beat it "
            "({percent}% of rolls do).",
            roll=claim_text(roll),
            name=after,
            percent=percent(beats(roll, doubles)),
        )
    lowest = claims_above(claim, doubles)[0]
    return T_(
        "💡 Claim {lowest}: your {roll} does not beat {claim}, so bluff low: {name} is "
        "likeliest to believe {lowest} ({percent}% of rolls reach it).",
        lowest=claim_text(lowest),
        roll=claim_text(roll),
        claim=claim_text(claim),
        percent=percent(probability_at_least(lowest, doubles)),
        name=after,
    )


def beginner_truth(view: dict[str, Any]) -> float:
    """The chance the claim is true, had a beginner made it: P(roll >= claim | claim)."""
    doubles = view["settings"]["doubles"]
    chances = table_model(settings_key(view["settings"])).chances
    before = previous_claim(view)
    k = -1 if before is None else rank(before, doubles)
    c = rank(view["claim"], doubles)
    low = range(k + 1, min(k + 1 + SPREAD, len(claim_order(doubles))))
    true = said = 0.0
    for roll, chance in enumerate(chances):
        share = 1 / len(low) if c in low else 0.0
        if roll > k:  # the truth is allowed: half the time the truth, else a low claim
            share = 0.5 * share + 0.5 * (roll == c)
        said += chance * share
        true += chance * share * (roll >= c)
    return true / said if said else 1.0


def chance_true(view: dict[str, Any]) -> float:
    """The beginner's model, then the claimant's revealed claims in this game."""
    shown = view.get("shown") or {}
    seat = view["claimant"]
    held = shown["held"][seat] if shown else 0
    caught = shown["caught"][seat] if shown else 0
    return (WEIGHT * beginner_truth(view) + held) / (WEIGHT + held + caught)


def _reason(view: dict[str, Any], names: list[str]) -> Text:
    """Why the claim is as likely true as it is, from what the seat saw."""
    doubles, seat = view["settings"]["doubles"], view["claimant"]
    name = names[seat]
    shown = view.get("shown") or {}
    held = shown["held"][seat] if shown else 0
    count = held + (shown["caught"][seat] if shown else 0)
    if count:
        return NT_(
            "{held} of {name}'s {n} challenged claim was true",
            "{held} of {name}'s {n} challenged claims were true",
            count,
            held=held,
            name=name,
        )
    before = previous_claim(view)
    if before is None:
        return T_("{name} opened the round, with nothing to beat", name=name)
    if rank(view["claim"], doubles) > rank(before, doubles) + SPREAD:
        return T_(
            "{name} went well above {previous}, higher than a bluff needs",
            name=name,
            previous=claim_text(before),
        )
    return T_(
        "{name} had to beat {previous} ({percent}% of rolls do)",
        percent=percent(beats(before, doubles)),
        previous=claim_text(before),
        name=name,
    )


def _answer_tip(view: dict[str, Any], names: list[str]) -> Text:
    claim, doubles = view["claim"], view["settings"]["doubles"]
    if claim == claim_order(doubles)[0]:
        return T_(
            "💡 Accept and roll: {claim} is the lowest claim: every roll reaches it, so it is "
            "always true.",
            claim=claim_text(claim),
        )
    if claim == MIA:
        return T_(
            "💡 Challenge: nothing beats Mia, so it cannot be accepted, and only 1 roll in 18 "
            "is a real Mia."
        )
    true = chance_true(view)
    before = previous_claim(view)
    k = -1 if before is None else rank(before, doubles)
    standing = table_model(settings_key(view["settings"])).stage(k).breakeven[rank(claim, doubles)]
    legal = view["legal_actions"]
    words = {"claim": claim_text(claim), "true": min(99, percent(true))}  # never certain
    if (true < standing and CHALLENGE in legal) or ACCEPT not in legal:
        if true < LIKELY:
            return T_(
                "💡 Challenge: {claim} is likely a bluff (about {true}% true): {reason}.",
                reason=_reason(view, names),
                **words,
            )
        return T_(
            "💡 Challenge: {claim} may be true (about {true}%), but only {beat}% of rolls beat it.",
            beat=percent(beats(claim, doubles)),
            **words,
        )
    if true >= LIKELY:
        return T_(
            "💡 Accept and roll: {claim} is likely true (about {true}%): {reason}.",
            reason=_reason(view, names),
            **words,
        )
    return T_(
        "💡 Accept and roll: {claim} may be a bluff (about {true}% true), but {beat}% of "
        "rolls beat it.",
        beat=percent(beats(claim, doubles)),
        **words,
    )
