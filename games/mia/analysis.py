"""Mia's analysis: each claim and each answer of a person, by the engine's model.

The model is the equilibrium of the round, claim by claim (games.mia.equilibrium). An answer
is judged by the chance of losing the round: challenging loses it when the claim is true (its
chance by the hard level's model of the claimant: real roll chances, the claim it had to
beat, its bluffing mix); letting it stand loses it when the claim cannot be beaten afterwards.
A claim is judged by the lives it is worth against a receiver who challenges at the
equilibrium's rates, beside the claim the expert makes most (games.mia.expert), and told as
the truth or a bluff with how far above the dice it went. All of it comes from the decider's
view: the dice it saw, the claims before, the lives.
"""

from __future__ import annotations

from typing import Any

from games.analysis import Judgement, mark_by_loss, percent
from games.base import NT_, T_, V_, Action, Text
from games.mia import cpu, expert
from games.mia.actions import ACCEPT, CHALLENGE, CLAIM_PREFIX, FOLD, PASS, claim_action
from games.mia.equilibrium import HARD, HARD_TABLE, settings_key, table_model
from games.mia.ranks import claim_order, rank, roll_name

CALL, LET_STAND, TRUTH, BLUFF = "call", "let_stand", "truth", "bluff"
ROUND_LOSS = (0.1, 0.25)  # an answer: dubious, costly from this much more chance to lose the round
LIVES_LOSS = (0.15, 0.4)  # a claim: dubious, costly from this many net lives worse than the best


def analyse(view: dict[str, Any], action: Action) -> Judgement | None:
    """The expert's verdict on ``action`` in this ``view`` (None: a pass, or no strategy)."""
    legal = view["legal_actions"]
    if action not in legal or len(legal) < 2 or PASS in legal:
        return None
    if legal[0].startswith(CLAIM_PREFIX):
        return _claim(view, action) if view["dice"] else None
    if CHALLENGE in legal and view["claim"] is not None:
        return _answer(view, action)
    return None


def _tuning(view: dict[str, Any]) -> Any:
    return HARD if sum(1 for lives in view["lives"] if lives > 0) <= 2 else HARD_TABLE


def _rank_or_none(claim: str | None, doubles: str) -> int:
    return -1 if claim is None else rank(claim, doubles)


def _answer(view: dict[str, Any], action: Action) -> Judgement:
    """Challenging loses the round when the claim is true; letting it stand loses it with
    the chance of failing to beat the claim afterwards (the model's break-even point)."""
    doubles = view["settings"]["doubles"]
    key = settings_key(view["settings"])
    k = _rank_or_none(cpu.previous_claim(view), doubles)
    c = rank(view["claim"], doubles)
    true = cpu.chance_true(key, k, c, _tuning(view))
    legal = view["legal_actions"]
    other = ACCEPT if ACCEPT in legal else FOLD if FOLD in legal else None
    standing = 1.0 if other == FOLD else table_model(key).stage(k).breakeven[c]
    lose = {CHALLENGE: true} if other is None else {CHALLENGE: true, other: standing}
    best = min(lose, key=lambda a: (lose[a], a != CHALLENGE))
    note = T_(
        "{claim} was true {chance}% of the time, by the engine's reckoning; letting it stand "
        "would lose the round {standing}% of the time.",
        claim=view["claim"],
        chance=percent(true),
        standing=percent(standing),
    )
    kind = CALL if action == CHALLENGE else LET_STAND
    return Judgement(mark_by_loss(lose[action] - lose[best], *ROUND_LOSS), best, note, kind)


def claim_losses(view: dict[str, Any]) -> dict[int, float]:
    """Each legal claim's net lives for its claimant (by rank), against a receiver who
    challenges at the equilibrium's rates: held or caught when challenged, else the
    receiver must beat it."""
    doubles = view["settings"]["doubles"]
    key = settings_key(view["settings"])
    model = table_model(key)
    k = _rank_or_none(view["claim"], doubles)
    r = rank(roll_name(*view["dice"]), doubles)
    stage = model.stage(k)
    losses: dict[int, float] = {}
    for action in view["legal_actions"]:
        c = rank(action.removeprefix(CLAIM_PREFIX), doubles)
        held = c <= r
        accepted = model.accept_payoff(c)
        rate = 1.0 if accepted is None else stage.challenge[c]
        challenged = _held_cost(view, c) if held else _caught_cost(view, c)
        losses[c] = rate * challenged + (1 - rate) * (accepted or 0.0)
    return losses


def _held_cost(view: dict[str, Any], c: int) -> float:
    top = len(claim_order(view["settings"]["doubles"])) - 1
    return -float(view["settings"]["mia_penalty"]) if c == top else -1.0


def _caught_cost(view: dict[str, Any], c: int) -> float:
    top = len(claim_order(view["settings"]["doubles"])) - 1
    return float(view["settings"]["false_mia_penalty"]) if c == top else 1.0


def _claim(view: dict[str, Any], action: Action) -> Judgement:
    doubles = view["settings"]["doubles"]
    order = claim_order(doubles)
    claim = action.removeprefix(CLAIM_PREFIX)
    roll = roll_name(*view["dice"])
    losses = claim_losses(view)
    best = expert_claim(view, losses)
    chosen = rank(claim, doubles)
    steps = chosen - rank(roll, doubles)
    model = table_model(settings_key(view["settings"]))
    stage = model.stage(_rank_or_none(view["claim"], doubles))
    challenged = 1.0 if model.accept_payoff(chosen) is None else stage.challenge[chosen]
    return Judgement(
        mark_by_loss(losses[chosen] - losses[best], *LIVES_LOSS),
        claim_action(order[best]),
        _claim_note(roll, claim, steps, challenged),
        BLUFF if steps > 0 else TRUTH,
    )


def expert_claim(view: dict[str, Any], losses: dict[int, float]) -> int:
    """The claim (rank) the expert makes most often here; where its table does not reach,
    the claim worth most by the model."""
    lookup = expert.tables().get(expert.rules_key(view["settings"]))
    where = expert.position(view, lookup.max_lives) if lookup else None
    if lookup is None or where is None or not expert.covers(view["settings"]):
        return min(losses, key=lambda c: (losses[c], c))
    doubles = view["settings"]["doubles"]
    k = _rank_or_none(view["claim"], doubles)
    pairs = lookup.claim_mix(where, k, rank(roll_name(*view["dice"]), doubles))
    return max((c for c, _ in pairs if c in losses), key=lambda c: dict(pairs)[c])


def _claim_note(roll: str, claim: str, steps: int, challenged: float) -> Text:
    if steps <= 0:
        return T_(
            "Dice {roll} · claim {claim}: the truth. A good player challenges it {rate}% "
            "of the time.",
            roll=roll,
            claim=claim,
            rate=percent(challenged),
        )
    return NT_(
        "Dice {roll} · claim {claim}: a bluff {n} step up. A good player challenges it "
        "{rate}% of the time.",
        "Dice {roll} · claim {claim}: a bluff {n} steps up. A good player challenges it "
        "{rate}% of the time.",
        steps,
        roll=roll,
        claim=claim,
        rate=percent(challenged),
    )


def summary(judgements: list[Judgement]) -> Text:
    """ "5 calls, 4 sound · 3 bluffs, 1 costly": the calls and the bluffs, as players count."""
    calls = [j for j in judgements if j.kind == CALL]
    bluffs = [j for j in judgements if j.kind == BLUFF]
    sound = sum(1 for j in calls if j.mark == "good")
    costly = sum(1 for j in bluffs if j.mark == "costly")
    return V_(
        "{calls} · {bluffs}",
        calls=NT_("{n} call, {sound} sound", "{n} calls, {sound} sound", len(calls), sound=sound),
        bluffs=NT_(
            "{n} bluff, {costly} costly", "{n} bluffs, {costly} costly", len(bluffs), costly=costly
        ),
    )
