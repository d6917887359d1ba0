"""Myllymatti's buttons, the private hand and the seat badges, for every front door.

Everything returns untranslated :class:`games.base.Text`. Cards keep the signs everyone reads
(``Q♥``, ``10♠``): layout, not words. Status lines live in ``status``, story and log lines in
``story``, the rules in brief in ``rules_text``.
"""

from __future__ import annotations

import hashlib
from typing import Any

from games.base import (
    N_,
    NT_,
    STYLE_CHOICE,
    STYLE_DANGER,
    STYLE_SPECIAL,
    T_,
    V_,
    Action,
    HandItem,
    PrivateInfo,
    SeatBadge,
    Text,
)
from games.myllymatti import cards
from games.myllymatti.actions import CHANCE, PICKUP, PLAY_PREFIX, play_action
from games.myllymatti.state import PHASE_COLLECT, PHASE_OVER

CARDS_PER_ROW = 4


def card_text(card: str) -> Text:
    return V_("{card}", card=cards.label(card))


def cards_text(hand: list[str], separator: str = " ") -> Text:
    return V_("{cards}", cards=separator.join(cards.label(card) for card in hand))


def suit_text(suit: str) -> Text:
    return V_("{suit}", suit=cards.suit_symbol(suit))


def action_label(action: Action) -> Text:
    if action.startswith(PLAY_PREFIX):
        card = action.removeprefix(PLAY_PREFIX)
        if cards.is_card(card):
            return card_text(card)
    labels = {CHANCE: T_("🍀 Take a chance"), PICKUP: T_("⬆️ Pick up")}
    return labels.get(action, V_("{action}", action=action))


def action_style(action: Action) -> str:
    if action == PICKUP:
        return STYLE_DANGER
    if action == CHANCE:
        return STYLE_SPECIAL
    return STYLE_CHOICE


def action_rows(actions: list[Action]) -> list[list[Action]]:
    """Cards four to a row, then taking a chance or picking up on a row of its own."""
    plays = [a for a in actions if a.startswith(PLAY_PREFIX)]
    others = [a for a in actions if not a.startswith(PLAY_PREFIX)]
    rows = [plays[i : i + CARDS_PER_ROW] for i in range(0, len(plays), CARDS_PER_ROW)]
    return [*rows, others] if others else rows


def private_info(view: dict[str, Any]) -> PrivateInfo | None:
    """This seat's hand, by suit (trump last) and rank, each card playable now or greyed with
    the reason why not. None in a view without a hand (the public view)."""
    hand = view.get("hand")
    if hand is None:
        return None
    trump = view["trump"]
    legal = set(view["legal_actions"])
    items = []
    for card in hand:
        action = play_action(card)
        selectable = action in legal
        items.append(
            HandItem(
                id=card,
                kind="card",
                label=card_text(card),
                symbol=cards.suit_symbol(card[1]),
                action=action,
                selectable=selectable,
                reason=None if selectable else _reason(view, card),
                attrs=(
                    ("suit", card[1]),
                    ("rank", cards.RANK_LABELS.get(card[0], card[0])),
                    ("colour", "red" if card[1] in "dh" else "black"),
                    ("trump", "1" if card[1] == trump else "0"),
                ),
            )
        )
    count = NT_("{n} card", "{n} cards", len(hand))
    caption = count
    if trump is not None:
        caption = V_(
            "{count} · {trump}", count=count, trump=T_("trump {suit}", suit=suit_text(trump))
        )
    digest = hashlib.sha256(",".join(hand).encode()).hexdigest()[:12]
    return PrivateInfo(
        key=f"{view['phase']}.{digest}",
        title=T_("Your hand"),
        items=tuple(items),
        caption=caption,
    )


def _reason(view: dict[str, Any], card: str) -> Text:
    """Why a card cannot be played now (a greyed card's caption)."""
    if view["phase"] == PHASE_OVER:
        return T_("The game is over.")
    if view["to_act"] != view["seat"]:
        return T_("Not your turn.")
    top = view["trick"][-1]["card"] if view["trick"] else None
    if view["phase"] != PHASE_COLLECT and top is not None:
        if top[1] == view["trump"]:
            return T_("Only a higher trump beats the {card} on top.", card=card_text(top))
        return T_("Does not beat the {card} on top.", card=card_text(top))
    return T_("You cannot play this card now.")  # pragma: no cover - every card is legal then


# What web/render.js draws itself.
WEB_STRINGS = {
    "stock": N_("Stock"),
    "cards": NT_("{n} card", "{n} cards", 1),
    "trump": N_("trump {suit}"),
    "tied": N_("Tied"),
    "you_take": N_("🃏 You win the trick!"),
    "safe": N_("🏁 You are out, and safe!"),
    "loser": N_("😵 You are the Myllymatti!"),
    # A card's name for screen readers: "Q of hearts, trump" (the rank as shown).
    "card_name": N_("{rank} of {suit}"),
    "card_trump": N_("{card}, trump"),
    "suit_c": N_("clubs"),
    "suit_d": N_("diamonds"),
    "suit_h": N_("hearts"),
    "suit_s": N_("spades"),
}
LEGEND = (
    ("🃏", N_("cards in hand")),
    ("📥", N_("cards won in phase 1")),
    ("⭐", N_("the last stock card, face up: its suit is trump")),
)


def shows_legend(view: dict[str, Any]) -> bool:
    """The counters are explained on the table until the first trick is decided."""
    return view["phase"] == PHASE_COLLECT and not any(view["won_counts"]) and not view["tied"]


def seat_places(view: dict[str, Any]) -> dict[int, int]:
    """The place of each seat that went out (seats out together share it)."""
    places: dict[int, int] = {}
    for group in view["out"]:
        place = len(places) + 1
        places.update({seat: place for seat in group})
    return places


def seat_badges(view: dict[str, Any]) -> list[SeatBadge]:
    """Per seat: cards in hand (and won, and the face-up card, in phase 1), or its place."""
    places = seat_places(view)
    badges = []
    for seat in range(view["seats"]):
        if seat == view["loser"]:
            badges.append(SeatBadge(T_("😵 Myllymatti")))
        elif seat in places:
            badges.append(SeatBadge(T_("🏁 out, #{place}", place=places[seat]), out=True))
        elif view["phase"] == PHASE_COLLECT:
            badge = V_("🃏{n} 📥{won}", n=view["hand_counts"][seat], won=view["won_counts"][seat])
            if view["face_up_seat"] == seat:
                badge = V_("{badge} ⭐{card}", badge=badge, card=cards.label(view["face_up"]))
            badges.append(SeatBadge(badge))
        else:
            badges.append(SeatBadge(V_("🃏{n}", n=view["hand_counts"][seat])))
    return badges
