"""Mia from a player's own seat (games.seat_words): the round and the story in the second
person, and a prompt that says what to do ("Grace claims 32: challenge, or accept and
roll"). The group's words stay in ``presentation``."""

from __future__ import annotations

from typing import Any

from games.base import NT_, T_, V_, Event, Text, joined
from games.mia.looks import claim_text
from games.mia.presentation import MiaPresentation
from games.mia.ranks import MIA, claim_order, faces
from games.mia.state import PHASE_CLAIM
from games.seat_words import you_or

_GROUP = MiaPresentation()  # the group's words, which the seat's own page starts from


def describe_status(view: dict[str, Any], names: list[str], seat: int) -> list[Text]:
    """The group's status, with the claims and the prompt told from ``seat``."""
    lines = _GROUP.describe_status(view, names)
    history = view["history"]
    if history:
        steps = [_step(entry, names, seat) for entry in history]
        lines[1] = T_("Claims: {steps}", steps=joined(steps, " → "))
    own = _prompt(view, names, seat)
    if own is not None:
        lines[2 if history else 1] = own
    return lines


def _step(entry: dict[str, Any], names: list[str], seat: int) -> Text:
    if entry.get("pass"):
        return (
            T_("you passed")
            if entry["seat"] == seat
            else T_("{name} passed", name=names[entry["seat"]])
        )
    who = you_or(names, entry["seat"], seat)
    return V_("{name} {claim}", name=who, claim=claim_text(entry["claim"]))


def _prompt(view: dict[str, Any], names: list[str], seat: int) -> Text | None:
    """What ``seat`` is to do, or what is done with its claim (None: the group's words)."""
    if view["over"]:
        return None
    if view["to_act"] != seat:
        if view.get("claimant") == seat and view["phase"] != PHASE_CLAIM:
            return T_(
                "{name} answers your claim of {claim}.",
                name=names[view["to_act"]],
                claim=claim_text(view["claim"]),
            )
        if view["phase"] != PHASE_CLAIM:  # the group's words ask the one to act, not you
            return T_("🤔 {name} is thinking…", name=names[view["to_act"]])
        return None
    claim = view["claim"]
    if view["phase"] == PHASE_CLAIM and claim is None:
        return T_("🎲 You rolled: lift the cup to see your dice, then claim.")
    if view["phase"] == PHASE_CLAIM:
        return T_(
            "🎲 You accepted and rolled: lift the cup, then claim above {claim}.",
            claim=claim_text(claim),
        )
    claimant = names[view["claimant"]]
    if claim == MIA and view["settings"]["fold_on_mia"]:
        return T_("{claimant} claims Mia! Challenge, or fold.", claimant=claimant)
    if claim == MIA:
        return T_("{claimant} claims Mia! Nothing beats it: challenge.", claimant=claimant)
    if claim == claim_order(view["settings"]["doubles"])[0]:  # a challenge can only lose
        return T_(
            "{claimant} claims {claim}, the lowest claim: every roll reaches it, so it is "
            "always true. Accept and roll.",
            claimant=claimant,
            claim=claim_text(claim),
        )
    return T_(
        "{claimant} claims {claim}: challenge, or accept and roll.",
        claimant=claimant,
        claim=claim_text(claim),
    )


def describe_events(events: list[Event], names: list[str], seat: int) -> list[Text]:
    """The story of a round's end as ``seat`` reads it: the reveal, who pays, who is out."""
    lines: list[Text] = []
    for event in events:
        kind = event["type"]
        mine = event.get("seat") == seat
        if kind == "challenged" and seat in (event["seat"], event["claimant"]):
            lines.append(_reveal(event, names, seat))
        elif kind == "folded" and seat in (event["seat"], event["claimant"]):
            lines.append(
                T_(
                    "🙈 You fold against {claimant}'s Mia, unseen.",
                    claimant=names[event["claimant"]],
                )
                if mine
                else T_("🙈 {name} folds against your Mia, unseen.", name=names[event["seat"]])
            )
        elif kind == "lost_lives" and event["lost"] > 0 and mine:
            lines.append(
                NT_(
                    "💔 You lose {n} life ({left} left).",
                    "💔 You lose {n} lives ({left} left).",
                    event["lost"],
                    left=event["lives"],
                )
            )
        elif kind == "eliminated" and mine:
            lines.append(T_("💀 You are out!"))
        else:
            lines.extend(_GROUP.describe_events([event], names))
    return lines


def _reveal(event: Event, names: list[str], seat: int) -> Text:
    claim = claim_text(event["claim"])
    roll = event["roll"]
    shown = T_("{roll} (Mia)", roll=roll) if roll == MIA else V_("{roll}", roll=roll)
    dice = V_("{faces} = {roll}", faces=faces(event["dice"]), roll=shown)
    if event["seat"] == seat:
        claimant = names[event["claimant"]]
        if event["holds"]:
            return T_(
                "🔍 You challenge {claimant}'s {claim}. The dice: {dice}. The claim holds!",
                claimant=claimant,
                claim=claim,
                dice=dice,
            )
        return T_(
            "🔍 You challenge {claimant}'s {claim}. The dice: {dice}. Caught bluffing!",
            claimant=claimant,
            claim=claim,
            dice=dice,
        )
    challenger = names[event["seat"]]
    if event["holds"]:
        return T_(
            "🔍 {challenger} challenges your {claim}. The dice: {dice}. Your claim holds!",
            challenger=challenger,
            claim=claim,
            dice=dice,
        )
    return T_(
        "🔍 {challenger} challenges your {claim}. The dice: {dice}. You are caught bluffing!",
        challenger=challenger,
        claim=claim,
        dice=dice,
    )
