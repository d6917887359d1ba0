"""Myllymatti's buttons, the private hand and the seat badges, for every front door.

Everything returns untranslated :class:`games.base.Text`. Cards keep the signs everyone reads
(``Q♥``, ``10♠``): layout, not words. Status lines live in ``status``, story and log lines in
``story``, the rules in brief in ``rules_text``.
"""

from __future__ import annotations

from typing import Any

from games.base import (
    N_,
    NOT_YOUR_TURN,
    NT_,
    T_,
    V_,
    Text,
)
from games.myllymatti import cards
from games.myllymatti.state import PHASE_COLLECT, PHASE_OVER

CARDS_PER_ROW = 4


def card_text(card: str) -> Text:
    return V_("{card}", card=cards.label(card))


def cards_text(hand: list[str], separator: str = " ") -> Text:
    return V_("{cards}", cards=separator.join(cards.label(card) for card in hand))


def suit_text(suit: str) -> Text:
    return V_("{suit}", suit=cards.suit_symbol(suit))


def reason(view: dict[str, Any], card: str) -> Text:
    """Why a card cannot be played now (a greyed card's caption)."""
    if view["phase"] == PHASE_OVER:
        return T_("The game is over.")
    if view["to_act"] != view["seat"]:
        return NOT_YOUR_TURN
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
    "trick_fill": N_("Trick: {n} of {size} cards"),
    "trick_fill_why": N_("At {size} cards the trick is full and set aside, out of the game."),
    "stock_empty": N_("Stock: empty"),
    "stock_about": N_(
        "Stock: {n} cards face down. After each trick both players draw back up to 3. 🍀 Take "
        "a chance plays its top card unseen instead of one of yours (not the last card: it "
        "is shown, and its suit is trump)."
    ),
    "stock_empty_about": N_(
        "The stock is empty: play goes on from the hands until someone must play and has "
        "no cards; then phase 2 begins."
    ),
    "trump_about": N_(
        "Trump {suit}: in phase 2 any {suit} beats a card of another suit; a {suit} on top is "
        "beaten only by a higher {suit}. In phase 1 suits do not count."
    ),
    "face_up_about": N_(
        "⭐ The last stock card ({name}): never played in phase 1; in phase 2 it joins its "
        "owner's hand, and its suit {suit} is trump."
    ),
    "legend": N_("🃏 cards in hand · 📥 cards won in phase 1 (they are played in phase 2)"),
    "legend_shed": N_(
        "🃏 cards in hand: whoever sheds them all is out and safe; the last one holding "
        "cards is the Myllymatti."
    ),
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


def seat_places(view: dict[str, Any]) -> dict[int, int]:
    """The place of each seat that went out (seats out together share it)."""
    places: dict[int, int] = {}
    for group in view["out"]:
        place = len(places) + 1
        places.update({seat: place for seat in group})
    return places
