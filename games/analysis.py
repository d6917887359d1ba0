"""What an engine thinks of one decision a person made: the words of a game's analysis.

A finished game between people is read again, decision by decision (tables.fairness.analysis).
At each one the game's engine is asked what it would have done from the decider's own view,
and how much worse the person's choice was by its reckoning. Only that seat's view is given,
so an analysis never judges a choice by what its maker could not see.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.base import Action, Text

GOOD = "good"
DUBIOUS = "dubious"
COSTLY = "costly"
MARKS = (GOOD, DUBIOUS, COSTLY)
MARK_SIGNS = {GOOD: "✅", DUBIOUS: "❓", COSTLY: "❌"}
# The iterations an engine may spend on one decision it judges: a whole game's analysis stays
# within a few seconds of one core, and a seeded analysis always says the same.
ANALYSIS_ITERATIONS = 24


@dataclass(frozen=True)
class Judgement:
    """One decision as the engine sees it.

    ``best`` is the engine's own choice there; ``note`` says what it expected (a chance, the
    points each choice was worth). ``kind`` names the sort of decision ("call", "bluff",
    "bid"...) for the game's one-line summary of a player.
    """

    mark: str
    best: Action
    note: Text
    kind: str = ""


def mark_by_loss(loss: float, dubious: float, costly: float) -> str:
    """GOOD below ``dubious``, COSTLY from ``costly`` on, DUBIOUS between."""
    if loss >= costly:
        return COSTLY
    return DUBIOUS if loss >= dubious else GOOD


def mark_by_weight(weight: float, dubious: float = 0.2, costly: float = 0.05) -> str:
    """A mixed strategy's verdict: a choice it makes often is good, one it almost never makes
    is costly (``weight`` is the strategy's chance of the choice made)."""
    if weight < costly:
        return COSTLY
    return DUBIOUS if weight < dubious else GOOD


def percent(chance: float) -> int:
    """A chance as a whole percentage, for the notes."""
    return round(100 * max(0.0, min(1.0, chance)))
