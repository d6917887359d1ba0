"""Mia's expert CPU: a strategy solved offline by CFR+, played by table look-up.

``python -m games.mia.solve`` writes the table (games/mia/expert_table.bin; the method is in
docs/cpu-mia.md). A move is one look-up, so the think budget is never needed. The expert sees
only its seat's view, like every level: its position is the live seats' lives (its own first,
then the others in turn order, capped at the table's maximum), the claim to beat, and its own
roll or the claim it answers. A mixed strategy draws from ``rng`` alone, so a seeded rng
repeats every choice. Tables the file does not cover ("pass on unseen", rule sets not solved,
more than three live seats) get the hard level's choice.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.base import Action
from games.mia import cpu
from games.mia.actions import ACCEPT, CHALLENGE, CLAIM_PREFIX, FOLD, claim_action
from games.mia.expert_table import TABLE_PATH, Lookup, Position, RulesKey, decode
from games.mia.ranks import claim_order, rank
from games.rng import Rng
from games.think import Budget, forced

MAX_LIVE_SEATS = 3
WEIGHT_SCALE = 255  # challenge chances are stored in 255ths


@cache
def tables() -> dict[RulesKey, Lookup]:
    """The decoded strategy table, read once."""
    return decode(TABLE_PATH.read_bytes())


def rules_key(settings: dict[str, Any]) -> RulesKey:
    return (
        bool(settings["fold_on_mia"]),
        settings["mia_penalty"],
        settings["false_mia_penalty"],
        settings["next_starter"],
    )


def covers(settings: dict[str, Any]) -> bool:
    """Whether the table holds a strategy for these settings (else the expert plays hard)."""
    return not settings["pass_on"] and rules_key(settings) in tables()


def position(view: dict[str, Any], max_lives: int) -> Position | None:
    """The live seats' lives from this seat on, in turn order, capped; None beyond the table."""
    lives, seat = view["lives"], view["seat"]
    order = [(seat + step) % len(lives) for step in range(len(lives))]
    live = [min(max_lives, lives[s]) for s in order if lives[s] > 0]
    return tuple(live) if 2 <= len(live) <= MAX_LIVE_SEATS else None


def choose(view: dict[str, Any], rng: Rng, budget: Budget) -> Action:
    """The expert's action in this seat's view; ``budget`` is not needed for a look-up."""
    only = forced(view)
    if only is not None:
        return only
    legal = view["legal_actions"]
    settings = view["settings"]
    lookup = tables().get(rules_key(settings)) if not settings["pass_on"] else None
    where = position(view, lookup.max_lives) if lookup else None
    if lookup is None or where is None:
        return cpu.choose(view, "hard", rng)
    doubles = settings["doubles"]
    if legal[0].startswith(CLAIM_PREFIX):
        return _claim(view, lookup, where, rng)
    k = _rank_or_none(cpu.previous_claim(view), doubles)
    chance = lookup.challenge(where, k, rank(view["claim"], doubles))
    if rng.randbelow(WEIGHT_SCALE) < chance:
        return CHALLENGE
    return ACCEPT if ACCEPT in legal else FOLD if FOLD in legal else CHALLENGE


def _claim(view: dict[str, Any], lookup: Lookup, where: Position, rng: Rng) -> Action:
    """Draw a claim from the table's mix for this roll over this claim."""
    doubles = view["settings"]["doubles"]
    dice = view["dice"]
    k = _rank_or_none(view["claim"], doubles)
    r = rank(f"{dice[0]}{dice[1]}", doubles)
    pairs = lookup.claim_mix(where, k, r)
    draw = rng.randbelow(sum(weight for _, weight in pairs))
    for c, weight in pairs:
        if draw < weight:
            return claim_action(claim_order(doubles)[c])
        draw -= weight
    raise AssertionError("a draw below the total falls on a claim")


def _rank_or_none(claim: str | None, doubles: str) -> int:
    return -1 if claim is None else rank(claim, doubles)
