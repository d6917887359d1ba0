"""The guided game's tips for Mia: each names one move and says why, with the odds behind it
("💡 Challenge: only 28% of rolls reach 62, so Grace is more likely bluffing"). Pure: a
seat's view in, one ``Text`` out; never two pieces of advice at once."""

from __future__ import annotations

from typing import Any

from games.base import T_, Text
from games.mia.looks import claim_text
from games.mia.ranks import MIA, claims_above, probability_at_least, rank

BELIEVABLE = 0.5  # a claim at least this many rolls reach is likelier true than a bluff
STRONG = 0.45  # a roll this few rolls reach is worth claiming as it is


def percent(claim: str, doubles: str) -> int:
    """The share of fresh rolls that reach ``claim``, in whole percent."""
    return round(100 * probability_at_least(claim, doubles))


def tip(view: dict[str, Any], names: list[str]) -> Text | None:
    """The one move this seat would do well to make now, and why."""
    if view.get("over") or not view.get("legal_actions"):
        return None
    claim, doubles = view["claim"], view["settings"]["doubles"]
    dice = view.get("dice")
    roll = f"{max(dice)}{min(dice)}" if dice else None
    if view["phase"] == "claim":
        return _claim_tip(roll, claim, doubles)
    claimant = names[view["claimant"]]
    if claim == MIA:
        return T_(
            "💡 Challenge: nothing beats Mia, so it cannot be accepted, and only 1 roll in 18 "
            "is a real Mia."
        )
    share = percent(claim, doubles)
    if share < BELIEVABLE * 100:
        return T_(
            "💡 Challenge: only {percent}% of rolls reach {claim}, so {claimant} is more "
            "likely bluffing than not.",
            percent=share,
            claim=claim_text(claim),
            claimant=claimant,
        )
    return T_(
        "💡 Accept and roll: {percent}% of rolls reach {claim}, so it is likely true. Then "
        "claim above it, truly or not.",
        percent=share,
        claim=claim_text(claim),
    )


def _claim_tip(roll: str | None, claim: str | None, doubles: str) -> Text | None:
    if roll is None:  # the cup not lifted yet: the page's prompt says to look first
        return None
    if claim is None:
        if percent(roll, doubles) <= STRONG * 100:
            return T_(
                "💡 Claim {roll}, the truth: only {percent}% of rolls reach it, so it is hard "
                "to beat.",
                roll=claim_text(roll),
                percent=percent(roll, doubles),
            )
        bluff = _believable_bluff(roll, doubles)
        return T_(
            "💡 Claim {bluff}: your {roll} is weak, and {percent}% of rolls reach {bluff}, so "
            "a small bluff like it is rarely challenged.",
            bluff=claim_text(bluff),
            roll=claim_text(roll),
            percent=percent(bluff, doubles),
        )
    if rank(roll, doubles) > rank(claim, doubles):
        return T_(
            "💡 Claim {roll}, the truth: it beats {claim}, so a challenge would cost the "
            "challenger.",
            roll=claim_text(roll),
            claim=claim_text(claim),
        )
    lowest = claims_above(claim, doubles)[0]
    return T_(
        "💡 Claim {lowest}: your {roll} does not beat {claim}, so you must bluff, and the "
        "lowest claim above it is the least suspicious.",
        lowest=claim_text(lowest),
        roll=claim_text(roll),
        claim=claim_text(claim),
    )


def _believable_bluff(roll: str, doubles: str) -> str:
    """The lowest claim above ``roll`` that few enough rolls reach (a weak roll's
    bluff: high enough to be hard to beat, low enough to be believed)."""
    for claim in claims_above(roll, doubles):
        if probability_at_least(claim, doubles) <= STRONG:
            return claim
    return MIA
