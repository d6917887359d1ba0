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
    T_,
    V_,
    Event,
    Text,
)
from games.mia.ranks import MIA, claim_order, faces
from games.mia.settings import NEXT_STARTER_LOSER
from games.mia.state import PHASE_CLAIM, PHASE_RESPOND

CLAIMS_PER_ROW = 5
HEART = "❤️"
DIE_FACES = "⚀⚁⚂⚃⚄⚅"


def claim_text(claim: str) -> Text:
    return T_("Mia") if claim == MIA else V_("{claim}", claim=claim)


# What web/render.js draws itself.
WEB_STRINGS = {
    "mia": N_("Mia"),
    "claims": N_("{name} claims"),
    "you_claim": N_("You claim"),
    "holds": N_("The claim holds!"),
    "bluff": N_("Caught bluffing!"),
    "dice_claim": N_("Dice {roll} · claim {claim}"),
    "you_lose": NT_("💔 You lose a life!", "💔 You lose {n} lives!", 1),
    "right": N_("✅ You were right!"),
    "round": N_("Round {round}"),
    "dice_were": N_("Dice {roll}"),
    "claim_was": N_("Claim {claim}"),
    "earlier": N_("📜 Earlier rounds ({n})"),
    "earlier_claims": N_("⋯ {n} earlier"),
    "out_pill": N_("💀 Out: place {place} of {seats}"),
    "the_truth": N_("The truth: your dice reach it"),
    "a_bluff": N_("A bluff: your dice do not reach it"),
    "marks": N_("With your {roll}: ✅ the truth · 🎭 a bluff"),
    "claim_now": N_("🎲 Your dice are showing: now claim."),
    "claim_above": N_("🎲 Your dice are showing: claim above {claim}."),
    "folded_line": N_("🙈 {name} folded"),
    "out_place": N_("💀 You are out: place {place} of {seats}. Watch the others play on."),
}
LEGEND = (("❤️", N_("lives left")), ("💀", N_("out of the game")))


def prompt(view: dict[str, Any], names: list[str]) -> Text:
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


def reveal(event: Event, names: list[str]) -> Text:
    challenger, claimant = names[event["seat"]], names[event["claimant"]]
    claim = claim_text(event["claim"])
    dice = V_("{faces} = {roll}", faces=faces(event["dice"]), roll=roll_word(event["roll"]))
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


def roll_word(roll: str) -> Text:
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
