"""Mia in words and buttons, for every front door (group chat, Mini App, local page).

Everything here returns untranslated :class:`games.base.Text`; a front door renders it in its
reader's language. Claims keep the digits everyone uses ("53"); 21 is called Mia. What every
game shares (seat lines, timeouts, the final ranking) is worded outside ``games/``.
"""

from __future__ import annotations

from typing import Any

from games.base import (
    N_,
    NT_,
    STYLE_CHOICE,
    STYLE_DANGER,
    STYLE_PRIMARY,
    STYLE_SPECIAL,
    T_,
    V_,
    Action,
    Event,
    HandItem,
    PrivateInfo,
    SeatBadge,
    Text,
    joined,
)
from games.fairness import sha256_hex
from games.mia.actions import ACCEPT, CHALLENGE, CLAIM_PREFIX, FOLD, PASS
from games.mia.fairness import preimage
from games.mia.ranks import MIA, claim_order, faces, probability_at_least, rank
from games.mia.settings import NEXT_STARTER_LOSER
from games.mia.state import PHASE_CLAIM, PHASE_RESPOND

CLAIMS_PER_ROW = 5
HEART = "❤️"
DIE_FACES = "⚀⚁⚂⚃⚄⚅"


def claim_text(claim: str) -> Text:
    return T_("Mia") if claim == MIA else V_("{claim}", claim=claim)


def action_label(action: Action) -> Text:
    if action.startswith(CLAIM_PREFIX):
        return claim_text(action.removeprefix(CLAIM_PREFIX))
    labels = {
        CHALLENGE: T_("❗ Challenge"),
        ACCEPT: T_("🎲 Accept & roll"),
        FOLD: T_("🙈 Fold"),
        PASS: T_("➡️ Pass on"),
    }
    return labels.get(action, V_("{action}", action=action))


def action_style(action: Action) -> str:
    if action == CLAIM_PREFIX + MIA:
        return STYLE_SPECIAL
    if action.startswith(CLAIM_PREFIX):
        return STYLE_CHOICE
    if action in (CHALLENGE, FOLD):
        return STYLE_DANGER
    return STYLE_PRIMARY


def action_rows(actions: list[Action]) -> list[list[Action]]:
    claims = [a for a in actions if a.startswith(CLAIM_PREFIX)]
    others = [a for a in actions if not a.startswith(CLAIM_PREFIX)]
    rows: list[list[Action]] = []
    if others:
        rows.append([a for a in others if a in (CHALLENGE, ACCEPT)])
        rows.append([a for a in others if a in (FOLD, PASS)])
    rows += [claims[i : i + CLAIMS_PER_ROW] for i in range(0, len(claims), CLAIMS_PER_ROW)]
    return [row for row in rows if row]


def private_info(view: dict[str, Any]) -> PrivateInfo | None:
    """The two dice under this seat's cup, concealed until its owner lifts the cup."""
    dice = view.get("dice")
    if not dice:
        return None
    items = tuple(
        HandItem(
            id=f"die{index}",
            kind="die",
            label=V_("{face}", face=DIE_FACES[value - 1]),
            symbol=DIE_FACES[value - 1],
            attrs=(("face", str(value)),),
        )
        for index, value in enumerate(dice)
    )
    return PrivateInfo(
        key=f"{view['round']}.{view['turn']}",
        title=T_("Your dice"),
        items=items,
        caption=_roll_word(f"{dice[0]}{dice[1]}"),
        conceal=True,
    )


# What web/render.js draws itself.
WEB_STRINGS = {
    "mia": N_("Mia"),
    "claims": N_("{name} claims"),
    "holds": N_("The claim holds!"),
    "bluff": N_("Caught bluffing!"),
    "you_lose": NT_("💔 You lose a life!", "💔 You lose {n} lives!", 1),
    "right": N_("✅ You were right!"),
}
LEGEND = (("❤️", N_("lives left")), ("💀", N_("out of the game")))


def shows_legend(view: dict[str, Any]) -> bool:
    """The hearts are explained on the table through the first round."""
    return view["round"] == 1 and not view["over"]


def seat_badges(view: dict[str, Any]) -> list[SeatBadge]:
    """Per seat: its lives as hearts (a skull once out)."""
    return [
        SeatBadge(V_("{hearts}", hearts=HEART * lives if lives > 0 else "💀"), out=lives == 0)
        for lives in view["lives"]
    ]


def describe_status(view: dict[str, Any], names: list[str]) -> list[Text]:
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
        lines.append(T_("Claims: {steps}", steps=joined(steps, " → ")))
    lines.append(_prompt(view, names))
    if view.get("commitment"):
        lines.append(T_("🔒 Dice commitment: {hash}", hash=view["commitment"]))
    return lines


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
        elif kind == "folded":
            lines.append(
                T_(
                    "🙈 {name} folds against {claimant}'s Mia, unseen.",
                    name=names[event["seat"]],
                    claimant=names[event["claimant"]],
                )
            )
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


def proofs(events: list[Event]) -> list[tuple[str, str]]:
    """(preimage, commitment) of every roll these events reveal: its SHA-256 is the
    commitment shown when the dice were rolled."""
    found = []
    for event in events:
        if event["type"] == "challenged":
            text = preimage(
                event["game_id"], event["round"], event["turn"], event["dice"], event["salt"]
            )
            found.append((text, sha256_hex(text)))
    return found


def _roll_word(roll: str) -> Text:
    return T_("{roll} (Mia)", roll=roll) if roll == MIA else V_("{roll}", roll=roll)


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
        T_("The next round starts with whoever lost a life (or the next player, if they are out).")
        if settings["next_starter"] == NEXT_STARTER_LOSER
        else T_(
            "The next round starts with the challenger if the claim was a lie, else with the "
            "player after the challenger."
        ),
        T_(
            "Pass on unseen: the first player to receive the cup in a round may pass it on "
            "unlooked-at; the next player faces the same claim (once a round, never back to "
            "the claimant)."
        )
        if settings["pass_on"]
        else T_("Passing the cup on unseen is off."),
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


def describe_fairness() -> list[Text]:
    """How anyone can check that the dice revealed are the dice rolled (/verify, the log)."""
    return [
        T_("🔒 Provably fair dice"),
        T_(
            "When dice are rolled, the table shows a commitment: the SHA-256 of "
            '"table.game|round|turn|dice|salt", with a secret random salt.'
        ),
        T_(
            "When a challenge reveals the dice, the story shows that very text "
            "(🔐 SHA-256(…) = …). Anyone can hash it and compare with the commitment "
            "shown before the reveal: a changed die or salt never matches."
        ),
    ]
