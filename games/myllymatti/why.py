"""Why a Myllymatti trick went the way it did: one line each, for the page to show with the
outcome ("10♦ beats 8♣: in phase 1 the higher rank wins, whatever the suit", "2♠ beats K♦:
♠ is trump"). Pure: events in, ``Text`` out, by the same rule as ``cards.beats``."""

from __future__ import annotations

from games.base import T_, Event, Text
from games.myllymatti import cards
from games.myllymatti.looks import card_text, suit_text


def describe_why(events: list[Event], names: list[str], seat: int | None) -> list[Text]:
    """One line of why per phase-1 trick decided, per phase-2 trick set aside, per card
    picked up and per chance taken. Phase 2's start is the news then: the last trick of phase
    1, told in the same change, is not explained under the phase's banner."""
    lines: list[Text] = []
    for index, event in enumerate(events):
        kind = event["type"]
        if kind == "trick_won" and _ends_phase_one(events[index + 1 :]):
            continue
        if kind == "trick_won":
            lines.append(collect_why(event["cards"]))
        elif kind == "set_aside" and len(event["cards"]) > 1:
            lines.append(shed_why(event["cards"][-1], event["cards"][-2]))
        elif kind == "picked_up" and event["cards"]:
            lines.append(pick_up_why(event["cards"][-1], event.get("trump")))
        elif kind == "played" and event.get("chance"):
            lines.append(T_("🍀 A chance plays the top card of the stock, unseen: luck decides."))
    return lines


def _ends_phase_one(after: list[Event]) -> bool:
    """Whether phase 2 starts after this trick, before any other trick is decided."""
    for event in after:
        if event["type"] == "trick_won":
            return False
        if event["type"] == "phase_two":
            return True
    return False


def collect_why(pair: list[str]) -> Text:
    """Phase 1: the higher rank takes the trick, suits do not count."""
    high, low = sorted(pair, key=cards.rank, reverse=True)
    return T_(
        "{high} beats {low}: in phase 1 the higher rank wins, whatever the suit.",
        high=card_text(high),
        low=card_text(low),
    )


def shed_why(card: str, top: str) -> Text:
    """Phase 2: why the trick's last card beat the one under it, and what a full trick is."""
    if cards.suit(card) == cards.suit(top):
        return T_(
            "{card} beats {top}: a higher {suit}. A full trick is set aside, out of the game.",
            card=card_text(card),
            top=card_text(top),
            suit=suit_text(cards.suit(card)),
        )
    return T_(
        "{card} beats {top}: {suit} is trump. A full trick is set aside, out of the game.",
        card=card_text(card),
        top=card_text(top),
        suit=suit_text(cards.suit(card)),
    )


def pick_up_why(top: str, trump: str | None = None) -> Text:
    """Phase 2: what would have beaten the card picked up (a trump: only a higher trump; the
    top trump: nothing). Without the trump (an older log), the rule for a card of a side
    suit."""
    if trump is not None and cards.suit(top) == trump:
        if cards.rank(top) == cards.rank("a" + trump):
            return T_(
                "{card} is the highest trump: nothing beats it, so it is picked up.",
                card=card_text(top),
            )
        return T_(
            "{card} is a trump: only a higher {suit} beats it; who cannot beat it picks it up.",
            card=card_text(top),
            suit=suit_text(trump),
        )
    return T_(
        "Only a higher {suit} or a trump beats {card}: who cannot beat it picks it up.",
        suit=suit_text(cards.suit(top)),
        card=card_text(top),
    )
