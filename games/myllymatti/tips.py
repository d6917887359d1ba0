"""The guided game's tips for Myllymatti: each names one card of yours (or picking up), which
the page marks in your hand, and says why in the words of the case at hand ("💡 Beat 8♦ with
10♦: your cheapest card that beats it"). The card is the one the ``hard`` CPU plays (its phase
1; in phase 2 the cheapest that beats, as every CPU plays), so a tip never contradicts the play
it teaches. A tip names no other card of your hand. Pure: a seat's view in, one ``Text`` out."""

from __future__ import annotations

from typing import Any

from games.base import T_, Text
from games.myllymatti import cards
from games.myllymatti.actions import PICKUP, PLAY_PREFIX
from games.myllymatti.cpu import HARD, _hard_collect, _shed
from games.myllymatti.looks import card_text, suit_text
from games.myllymatti.state import PHASE_COLLECT

HIGH = cards.rank("jc")  # from a jack up, a card is a high one


def tip(view: dict[str, Any]) -> Text | None:
    """The one move this seat would do well to make now, and why."""
    legal = view.get("legal_actions")
    if view.get("over") or not legal:
        return None
    if view["phase"] == PHASE_COLLECT:
        card = _hard_collect(view, HARD).removeprefix(PLAY_PREFIX)
        if view["trump"] is not None:
            return _trump_known_tip(view, card)
        return _lead_tip(view, card) if not view["trick"] else _answer_tip(view, card)
    if legal == [PICKUP]:
        return T_(
            "💡 Pick up {card}: nothing in your hand beats it.",
            card=card_text(view["trick"][-1]["card"]),
        )
    card = _shed(view).removeprefix(PLAY_PREFIX)
    if len(view["hand"]) == 1:
        return T_("💡 Play {card}, your last card: you are out, and safe.", card=card_text(card))
    return _shed_lead_tip(view, card) if not view["trick"] else _beat_tip(view, card)


def _lead_tip(view: dict[str, Any], card: str) -> Text:
    """Phase 1's lead: the highest card, which wins most often and stays yours if it does."""
    if cards.rank(card) >= HIGH:
        return T_(
            "💡 Lead {card}, your highest: only a higher rank takes it, and if you win, "
            "{card} stays in your pile for phase 2, where high cards beat.",
            card=card_text(card),
        )
    return T_(
        "💡 Lead {card}: your cards are all low, so lead the one most likely to win the "
        "trick; tricks you win bring cards into your pile for phase 2.",
        card=card_text(card),
    )


def _answer_tip(view: dict[str, Any], card: str) -> Text:
    """Phase 1's answer: lose with the least card when you can, else win with the highest."""
    led = view["trick"][0]["card"]
    if cards.rank(card) < cards.rank(led):
        return T_(
            "💡 Play {card}: it loses to {led}, so you give away your least useful card and "
            "keep your higher ones for phase 2.",
            card=card_text(card),
            led=card_text(led),
        )
    if cards.rank(card) == cards.rank(led):
        return T_(
            "💡 Play {card}: none of yours is lower than {led}, and a tie leaves both cards "
            "lying for the next trick's winner.",
            card=card_text(card),
            led=card_text(led),
        )
    return T_(
        "💡 Play {card}: none of yours loses to {led}, so win the trick with your highest "
        "and keep {card} in your pile for phase 2.",
        card=card_text(card),
        led=card_text(led),
    )


def _trump_known_tip(view: dict[str, Any], card: str) -> Text:
    """Phase 1 once trump is known (the stock is empty): win trumps, keep your own."""
    trump = view["trump"]
    suit = suit_text(trump)
    if not view["trick"]:
        return T_(
            "💡 Lead {card}, your highest: the trick you win stays in your pile for phase 2.",
            card=card_text(card),
        )
    led = view["trick"][0]["card"]
    at_stake = any(other[1] == trump for other in [led, *(e["card"] for e in view["tied"])])
    if cards.rank(card) > cards.rank(led):
        if at_stake:
            return T_(
                "💡 Play {card}: it takes the trick, which holds a trump ({suit}); in phase "
                "2 trumps beat every other suit.",
                card=card_text(card),
                suit=suit,
            )
        return T_(
            "💡 Play {card}: it takes the trick, and the cards you win are yours to beat "
            "with in phase 2 (trump: {suit}).",
            card=card_text(card),
            suit=suit,
        )
    if cards.rank(card) == cards.rank(led):
        return _answer_tip(view, card)  # the tie, told as before trump was known
    if at_stake or card[1] == trump:
        return T_(
            "💡 Play {card}: nothing of yours takes {led}, so give away your least useful card.",
            card=card_text(card),
            led=card_text(led),
        )
    return T_(
        "💡 Play {card}: it loses to {led}, no trump is at stake, and you keep your trumps "
        "({suit}) and high cards for phase 2.",
        card=card_text(card),
        led=card_text(led),
        suit=suit,
    )


def _shed_lead_tip(view: dict[str, Any], card: str) -> Text:
    """Phase 2's lead: the cheapest card outside trumps, the hardest to shed by beating."""
    trump = view["trump"]
    if card[1] == trump:
        return T_(
            "💡 Lead {card}: you hold only trumps, and your lowest one costs you least.",
            card=card_text(card),
        )
    if cards.rank(card) >= HIGH:
        return T_(
            "💡 Lead {card}: you hold nothing lower outside trumps ({suit}); keep your trumps "
            "to beat with.",
            card=card_text(card),
            suit=suit_text(trump),
        )
    return T_(
        "💡 Lead {card}: a low card beats little, so leading is your best way to shed it; "
        "keep trumps ({suit}) and high cards to beat with.",
        card=card_text(card),
        suit=suit_text(trump),
    )


def _beat_tip(view: dict[str, Any], card: str) -> Text:
    """Phase 2's answer: the cheapest card that beats, and what it does to the trick."""
    top = view["trick"][-1]["card"]
    if len(view["trick"]) + 1 >= view["trick_size"]:
        return T_(
            "💡 Beat {top} with {card}: the trick is then full and set aside, your card gone "
            "for good.",
            top=card_text(top),
            card=card_text(card),
        )
    if card[1] == view["trump"] and top[1] != view["trump"]:
        return T_(
            "💡 Beat {top} with {card}: no higher {suit} of yours beats it, and your lowest "
            "trump costs you least; picking up only adds cards.",
            top=card_text(top),
            card=card_text(card),
            suit=suit_text(top[1]),
        )
    return T_(
        "💡 Beat {top} with {card}: your cheapest card that beats it; picking up only adds cards.",
        top=card_text(top),
        card=card_text(card),
    )
