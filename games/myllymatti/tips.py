"""The guided game's tips for Myllymatti: each names one card (or picking up) and says why
("💡 Beat 8♦ with 10♦: your cheapest card that beats it"). The card is the one the ``hard``
CPU plays (its phase 1; in phase 2 the cheapest that beats, as every CPU plays), so a tip
never contradicts the play it teaches. Pure: a seat's view in, one ``Text`` out."""

from __future__ import annotations

from typing import Any

from games.base import T_, Text
from games.myllymatti import cards
from games.myllymatti.actions import PICKUP, PLAY_PREFIX
from games.myllymatti.cpu import HARD, _hard_collect, _shed
from games.myllymatti.looks import card_text, suit_text
from games.myllymatti.state import PHASE_COLLECT


def tip(view: dict[str, Any]) -> Text | None:
    """The one move this seat would do well to make now, and why."""
    legal = view.get("legal_actions")
    if view.get("over") or not legal:
        return None
    if view["phase"] == PHASE_COLLECT:
        return _collect_tip(view, _hard_collect(view, HARD).removeprefix(PLAY_PREFIX))
    if legal == [PICKUP]:
        return T_(
            "💡 Pick up {card}: nothing in your hand beats it.",
            card=card_text(view["trick"][-1]["card"]),
        )
    card = _shed(view).removeprefix(PLAY_PREFIX)
    if len(view["hand"]) == 1:
        return T_("💡 Play {card}, your last card: you are out, and safe.", card=card_text(card))
    if not view["trick"]:
        return T_(
            "💡 Lead {card}: a low card outside trumps is the hardest to get rid of any other "
            "way; keep trumps and high cards to beat with.",
            card=card_text(card),
        )
    return T_(
        "💡 Beat {top} with {card}: your cheapest card that beats it (trumps last); picking "
        "up only adds cards.",
        top=card_text(view["trick"][-1]["card"]),
        card=card_text(card),
    )


def _collect_tip(view: dict[str, Any], card: str) -> Text:
    trump = view["trump"]
    if trump is not None:
        return T_(
            "💡 Play {card}: trump is {suit}, and trumps beat anything in phase 2, so win "
            "tricks that hold trumps and keep your own.",
            card=card_text(card),
            suit=suit_text(trump),
        )
    if not view["trick"]:
        return T_(
            "💡 Lead {card}, your highest: the higher rank wins, so the trick keeps it in "
            "your pile for phase 2, where high cards beat.",
            card=card_text(card),
        )
    led = view["trick"][0]["card"]
    if cards.rank(card) < cards.rank(led):
        return T_(
            "💡 Play {card}: it loses to {led} and gives away your least useful card; high "
            "cards are worth more in phase 2.",
            card=card_text(card),
            led=card_text(led),
        )
    return T_(
        "💡 Play {card}: every card of yours beats or ties {led}, so win with your highest "
        "and keep it in your pile for phase 2.",
        card=card_text(card),
        led=card_text(led),
    )
