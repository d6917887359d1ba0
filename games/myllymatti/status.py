"""The table in words (``describe_status``), from the public view only; the tip at each
decision is ``tips``.
"""

from __future__ import annotations

from typing import Any

from games.base import NT_, T_, Text
from games.myllymatti.actions import CHANCE
from games.myllymatti.looks import card_text, cards_text, suit_text
from games.myllymatti.settings import PICKUP_TOP
from games.myllymatti.state import PHASE_COLLECT, PHASE_OVER, PHASE_SHED
from games.myllymatti.views import public_actions


def describe_status(view: dict[str, Any], names: list[str]) -> list[Text]:
    """Header, the stock and trump, the table, the last trick, whose move and what they may
    do, the deck commitment."""
    phase = view["phase"]
    if phase == PHASE_COLLECT:
        lines = [T_("🃏 Myllymatti · phase 1")]
        lines.append(NT_("🂠 Stock: {n} card", "🂠 Stock: {n} cards", view["stock"]))
    elif phase == PHASE_SHED:
        lines = [T_("🃏 Myllymatti · phase 2")]
    else:
        lines = [T_("🃏 Myllymatti · game over")]
    if view["face_up"] is not None:
        lines.append(
            T_(
                "⭐ Last stock card: {card}, face up with {name}. Trump in phase 2: {suit}",
                card=card_text(view["face_up"]),
                name=names[view["face_up_seat"]],
                suit=suit_text(view["trump"]),
            )
        )
    elif view["trump"] is not None:
        lines.append(T_("Trump: {suit}", suit=suit_text(view["trump"])))
    lines += _table(view, names)
    lines.append(_prompt(view, names))
    if view.get("commitment"):
        lines.append(T_("🔒 Deck commitment: {hash}", hash=view["commitment"]))
    return lines


def _table(view: dict[str, Any], names: list[str]) -> list[Text]:
    lines: list[Text] = []
    if view["phase"] == PHASE_COLLECT:  # a decided trick is told by the story
        if view["tied"]:
            tied = [entry["card"] for entry in view["tied"]]
            lines.append(T_("🤝 Tied cards lying there: {cards}", cards=cards_text(tied)))
        for entry in view["trick"]:
            if entry.get("chance"):
                line = T_(
                    "{name} took a chance: {card}",
                    name=names[entry["seat"]],
                    card=card_text(entry["card"]),
                )
            else:
                line = T_(
                    "{name} led {card}", name=names[entry["seat"]], card=card_text(entry["card"])
                )
            lines.append(line)
    elif view["phase"] == PHASE_SHED and view["trick"]:
        played = [entry["card"] for entry in view["trick"]]
        lines.append(
            T_(
                "Trick ({n} of {size}): {cards}",
                n=len(played),
                size=view["trick_size"],
                cards=cards_text(played, " → "),
            )
        )
    return lines


def _prompt(view: dict[str, Any], names: list[str]) -> Text:
    if view["phase"] == PHASE_OVER:  # the story tells who lost and in what order all went out
        return T_("The game is over.")
    seat = view["to_act"]
    name = names[seat]
    if view["phase"] == PHASE_COLLECT:
        chance = CHANCE in public_actions(view, seat)
        if not view["trick"]:
            opponent = names[view["opponent"]]
            if chance:
                return T_(
                    "{name} leads against {opponent}: play a card or take a chance.",
                    name=name,
                    opponent=opponent,
                )
            return T_("{name} leads against {opponent}: play a card.", name=name, opponent=opponent)
        if chance:
            return T_("{name} answers: play a card or take a chance.", name=name)
        return T_("{name} answers: play a card.", name=name)
    if not view["trick"]:
        return T_("{name} leads any card.", name=name)
    top = card_text(view["trick"][-1]["card"])
    if view["settings"]["pickup"] == PICKUP_TOP:
        return T_("{name} must beat {card} or pick it up.", name=name, card=top)
    return T_("{name} must beat {card} or pick up the trick.", name=name, card=top)


def describe_private_play(view: dict[str, Any], seat: int, names: list[str]) -> Text:
    """The line a card chosen in inline mode leaves in the chat: what it answers or must
    beat, which is public. Never the card: the move may still be refused."""
    trick = view["trick"]
    if view["phase"] == PHASE_COLLECT and view["to_act"] == seat:
        if trick:
            return T_(
                "🃏 I answer {name}'s {card}.",
                name=names[trick[0]["seat"]],
                card=card_text(trick[0]["card"]),
            )
        return T_("🃏 I lead a card against {name}.", name=names[view["opponent"]])
    if view["phase"] == PHASE_SHED and view["to_act"] == seat:
        if trick:
            return T_("🃏 I play on the {card}.", card=card_text(trick[-1]["card"]))
        return T_("🃏 I lead a card.")
    return T_("🃏 I play a card from my hand.")
