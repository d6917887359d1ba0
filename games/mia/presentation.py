"""Mia in words and buttons, for every front door (group chat, Mini App, local page).

Everything here returns untranslated :class:`games.base.Text`; a front door renders it in its
reader's language. Claims keep the digits everyone uses ("53"); 21 is called Mia.
"""

from __future__ import annotations

from typing import Any

from games.base import NT_, T_, V_, Action, Event, Text
from games.fairness import sha256_hex
from games.mia.fairness import preimage
from games.mia.ranks import MIA, claim_order, faces, probability_at_least, rank
from games.mia.rules import ACCEPT, CHALLENGE, CLAIM_PREFIX, FOLD, PASS
from games.mia.state import PHASE_CLAIM, PHASE_RESPOND

LOOK = "look"
CLAIMS_PER_ROW = 5
HEART = "❤️"


def claim_text(claim: str) -> Text:
    return T_("Mia") if claim == MIA else V_("{claim}", claim=claim)


def action_label(action: Action) -> Text:
    if action.startswith(CLAIM_PREFIX):
        return claim_text(action.removeprefix(CLAIM_PREFIX))
    labels = {
        CHALLENGE: T_("❗ Challenge"),
        ACCEPT: T_("🎲 Accept & roll"),
        FOLD: T_("🏳 Fold"),
        PASS: T_("➡️ Pass on"),
        LOOK: T_("👀 My dice"),
    }
    return labels.get(action, V_("{action}", action=action))


def action_rows(actions: list[Action]) -> list[list[Action]]:
    claims = [a for a in actions if a.startswith(CLAIM_PREFIX)]
    others = [a for a in actions if not a.startswith(CLAIM_PREFIX)]
    rows: list[list[Action]] = []
    if others:
        rows.append([a for a in others if a in (CHALLENGE, ACCEPT)])
        rows.append([a for a in others if a in (FOLD, PASS)])
    rows += [claims[i : i + CLAIMS_PER_ROW] for i in range(0, len(claims), CLAIMS_PER_ROW)]
    return [row for row in rows if row]


def private_actions(view: dict[str, Any]) -> list[Action]:
    return [LOOK] if view.get("dice") else []


def describe_private(view: dict[str, Any]) -> Text | None:
    dice = view.get("dice")
    if not dice:
        return None
    roll = f"{dice[0]}{dice[1]}"
    return T_("Your dice: {faces} = {roll}", faces=faces(dice), roll=_roll_word(roll))


def seat_summaries(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Per seat: a badge (its lives as hearts), whether it is out, whether it is to act."""
    return [
        {
            "badge": HEART * lives if lives > 0 else "💀",
            "out": lives == 0,
            "acting": seat == view["to_act"],
        }
        for seat, lives in enumerate(view["lives"])
    ]


def describe_round(view: dict[str, Any], names: list[str]) -> list[Text]:
    """The round in words: its number, the claims so far, whose move it is, the commitment."""
    lines: list[Text] = [T_("🎲 Mia · round {round}", round=view["round"])]
    history = view["history"]
    if history:
        steps = [
            T_("{name} passed", name=names[entry["seat"]])
            if entry.get("pass")
            else V_("{name} {claim}", name=names[entry["seat"]], claim=claim_text(entry["claim"]))
            for entry in history
        ]
        lines.append(T_("Claims: {steps}", steps=_joined(steps, " → ")))
    lines.append(_prompt(view, names))
    if view.get("commitment"):
        lines.append(T_("🔒 Dice commitment: {hash}", hash=view["commitment"]))
    return lines


def describe_table(view: dict[str, Any], names: list[str]) -> list[Text]:
    """The whole table for a group message: the round header, every seat, then the round."""
    round_lines = describe_round(view, names)
    lines: list[Text] = [round_lines[0]]
    for seat, summary in enumerate(seat_summaries(view)):
        if summary["out"]:
            lines.append(T_("💀 {name} (out)", name=names[seat]))
        else:
            marker = "▶️" if summary["acting"] else "▫️"
            lines.append(
                V_(
                    "{marker} {name} {hearts}",
                    marker=marker,
                    name=names[seat],
                    hearts=summary["badge"],
                )
            )
    return [*lines, V_(""), *round_lines[1:]]


def describe_secret(view: dict[str, Any]) -> dict[str, Any] | None:
    """What is under this seat's cup, for a page to show big: symbols and a caption."""
    dice = view.get("dice")
    if not dice:
        return None
    return {
        "symbols": faces(dice),
        "caption": _roll_word(f"{dice[0]}{dice[1]}"),
        "id": f"{view['round']}.{view['turn']}",
    }


def _prompt(view: dict[str, Any], names: list[str]) -> Text:
    if view["over"]:
        return T_("The game is over.")
    actor = names[view["to_act"]]
    claim = view["claim"]
    if view["phase"] == PHASE_CLAIM and claim is None:
        return T_("🎲 {name} has rolled and announces a claim.", name=actor)
    if view["phase"] == PHASE_CLAIM:
        return T_(
            "🎲 {name} accepted and rolled: now a claim above {claim}.",
            name=actor,
            claim=claim_text(claim),
        )
    assert view["phase"] == PHASE_RESPOND
    claimant = names[view["claimant"]]
    if claim == MIA:
        if view["settings"]["fold_on_mia"]:
            return T_(
                "{name}: {claimant} claims Mia! Challenge or fold?", name=actor, claimant=claimant
            )
        return T_(
            "{name}: {claimant} claims Mia! Nothing beats it: challenge.",
            name=actor,
            claimant=claimant,
        )
    return T_(
        "{name}: {claimant} claims {claim}. Challenge, or accept and roll?",
        name=actor,
        claimant=claimant,
        claim=claim_text(claim),
    )


def describe_events(events: list[Event], names: list[str]) -> list[Text]:
    lines: list[Text] = []
    for event in events:
        kind = event["type"]
        if kind == "challenged":
            lines.append(_reveal(event, names))
            lines.append(_proof(event))
        elif kind == "folded":
            lines.append(
                T_(
                    "🏳 {name} folds against {claimant}'s Mia, unseen.",
                    name=names[event["seat"]],
                    claimant=names[event["claimant"]],
                )
            )
        elif kind == "timed_out":
            lines.append(T_("⏰ {name} ran out of time.", name=names[event["seat"]]))
        elif kind == "resigned":
            lines.append(T_("🚪 {name} left the game.", name=names[event["seat"]]))
        elif kind == "lost_lives" and event["lost"] > 0:
            lines.append(
                NT_(
                    "💔 {name} loses {n} life ({left} left).",
                    "💔 {name} loses {n} lives ({left} left).",
                    event["lost"],
                    name=names[event["seat"]],
                    left=event["lives"],
                )
            )
        elif kind == "eliminated":
            lines.append(T_("💀 {name} is out!", name=names[event["seat"]]))
        elif kind == "game_over":
            lines.extend(_final_ranking(event["ranking"], names))
    return lines


def _reveal(event: Event, names: list[str]) -> Text:
    challenger, claimant = names[event["seat"]], names[event["claimant"]]
    claim = claim_text(event["claim"])
    dice = V_("{faces} = {roll}", faces=faces(event["dice"]), roll=_roll_word(event["roll"]))
    if event["holds"]:
        return T_(
            "🔍 {challenger} challenges {claimant}'s {claim}. The dice: {dice}. The claim holds!",
            challenger=challenger,
            claimant=claimant,
            claim=claim,
            dice=dice,
        )
    return T_(
        "🔍 {challenger} challenges {claimant}'s {claim}. The dice: {dice}. Caught bluffing!",
        challenger=challenger,
        claimant=claimant,
        claim=claim,
        dice=dice,
    )


def _proof(event: Event) -> Text:
    """The revealed roll's preimage: its SHA-256 is the commitment shown at the roll."""
    text = preimage(event["game_id"], event["round"], event["turn"], event["dice"], event["salt"])
    return T_("🔐 SHA-256({text}) = {commitment} (/verify)", text=text, commitment=sha256_hex(text))


def _final_ranking(ranking: list[int], names: list[str]) -> list[Text]:
    lines = [T_("🏆 {name} wins the game!", name=names[ranking[0]])]
    medals = ["🥇", "🥈", "🥉"]
    for place, seat in enumerate(ranking, start=1):
        medal = medals[place - 1] if place <= len(medals) else f"{place}."
        lines.append(V_("{medal} {name}", medal=medal, name=names[seat]))
    return lines


def _roll_word(roll: str) -> Text:
    return T_("{roll} (Mia)", roll=roll) if roll == MIA else V_("{roll}", roll=roll)


def _joined(parts: list[Text], separator: str) -> Text:
    """Parts joined by a separator, as one Text whose params are the parts."""
    template = separator.join("{" + f"p{i}" + "}" for i in range(len(parts)))
    return V_(template, **{f"p{i}": part for i, part in enumerate(parts)})


def describe_rules(settings: dict[str, Any]) -> list[Text]:
    """The rules in brief, with the rank order for these settings (what /rules shows)."""
    order = claim_order(settings["doubles"])
    fold = settings["fold_on_mia"]
    lines = [
        T_("🎲 Mia: roll two dice in secret, announce a claim, bluff if you must."),
        T_(
            "A roll is named by its dice, higher first: 5 and 3 is 53. "
            "Doubles beat the rest, and 21 (Mia) beats everything."
        ),
        T_("Rank order, low to high:"),
        V_("{order}", order=" < ".join(order[:14])),
        V_("< {order} < 21", order=" < ".join(order[14:20])),
        T_(
            "Your turn: challenge the claim before you, or accept, roll, and announce "
            "something strictly higher. You may lie, and you may understate."
        ),
        T_(
            "Challenge: the dice are shown. If they are at least the claim, the challenger "
            "loses a life; otherwise the claimant does."
        ),
        NT_(
            "Everyone starts with {n} life. The last one with lives wins.",
            "Everyone starts with {n} lives. The last one with lives wins.",
            settings["lives"],
        ),
        T_("A claim of Mia cannot be accepted: challenge it (or fold for 1 life).")
        if fold
        else T_("A claim of Mia cannot be accepted: it must be challenged."),
        NT_(
            "A true Mia costs the challenger {n} life; a false one costs the claimant {m}.",
            "A true Mia costs the challenger {n} lives; a false one costs the claimant {m}.",
            settings["mia_penalty"],
            m=settings["false_mia_penalty"],
        ),
    ]
    return lines


def describe_log(events: list[Event], names: list[str]) -> list[Text]:
    """Every step of a game for its written log: claims, accepts, passes, reveals with their
    proof, results."""
    lines: list[Text] = []
    for event in events:
        kind = event["type"]
        if kind == "game_started":
            lines.append(T_("A new game: {name} starts.", name=names[event["starter"]]))
        elif kind == "round_started":
            lines.append(
                T_(
                    "Round {round} ({name} starts)",
                    round=event["round"],
                    name=names[event["starter"]],
                )
            )
        elif kind == "claimed":
            lines.append(
                T_(
                    "  {name} claims {claim}.",
                    name=names[event["seat"]],
                    claim=claim_text(event["claim"]),
                )
            )
        elif kind == "accepted":
            lines.append(T_("  {name} accepts and rolls.", name=names[event["seat"]]))
        elif kind == "passed":
            lines.append(
                T_(
                    "  {name} passes the cup on unseen to {next}.",
                    name=names[event["seat"]],
                    next=names[event["to"]],
                )
            )
        elif kind == "autopilot":
            name = names[event["seat"]]
            lines.append(
                T_("🤖 A CPU plays for {name} until they are back.", name=name)
                if event["on"]
                else T_("{name} is back.", name=name)
            )
        else:
            lines.extend(V_("  {line}", line=line) for line in describe_events([event], names))
    return lines


def describe_hint(view: dict[str, Any], names: list[str]) -> Text | None:
    """A short tip for the seat whose view this is, at its own decision (tutorial games)."""
    if view.get("over") or not view.get("legal_actions"):
        return None
    claim = view["claim"]
    doubles = view["settings"]["doubles"]
    dice = view.get("dice")
    roll = f"{dice[0]}{dice[1]}" if dice else None
    if view["phase"] == PHASE_CLAIM and claim is None:
        return T_(
            "💡 You rolled {roll}. Claims rank 31 (lowest) … 65, then the doubles, and 21 (Mia) "
            "beats everything. Tell the truth, bluff higher, or even understate.",
            roll=roll,
        )
    if view["phase"] == PHASE_CLAIM:
        if roll is not None and rank(roll, doubles) > rank(claim, doubles):
            return T_(
                "💡 Your {roll} beats {claim}: you can tell the truth (or claim more).",
                roll=roll,
                claim=claim_text(claim),
            )
        return T_(
            "💡 Your {roll} does not beat {claim}: you must bluff with a higher claim. "
            "The lowest one is the least suspicious.",
            roll=roll,
            claim=claim_text(claim),
        )
    claimant = names[view["claimant"]]
    if claim == MIA:
        return T_(
            "💡 Nothing beats Mia, so it cannot be accepted: challenge (or fold, if the "
            "table allows it). Only 1 roll in 18 is a real Mia."
        )
    percent = round(100 * probability_at_least(claim, doubles))
    hint = T_(
        "💡 {claimant} claims {claim}. Chance that a fresh roll reaches it: {percent}%. "
        "Challenge if you smell a bluff; accept to roll and beat it.",
        claimant=claimant,
        claim=claim_text(claim),
        percent=percent,
    )
    if "pass" in view["legal_actions"]:
        return V_("{hint} {extra}", hint=hint, extra=T_("You may also pass the cup on unseen."))
    return hint
