"""Myllymatti between your turns (games.seat_words.feed_for): the tricks the others played,
who went out and at which place, and phase 2's start, told to you. The open trick's cards
are the table's to show."""

from __future__ import annotations

from games.base import T_, Event, Text
from games.myllymatti import page

MOVES = frozenset({"played", "led", "beat", "picked_up"})
TOLD = frozenset({"trick_won", "tied", "set_aside", "picked_up", "last_card", "phase_two"})


def moved(event: Event, seat: int) -> bool:
    """A move of ``seat``'s own: a card played or led, a card beaten, a pick-up."""
    return event["type"] in MOVES and event.get("seat") == seat


def describe_feed(events: list[Event], names: list[str], seat: int) -> list[Text]:
    """One change of the table, as ``seat`` reads it between turns."""
    lines: list[Text] = []
    for event in events:
        if event["type"] == "went_out":
            lines.append(_out(event, names, seat))
        elif event["type"] in TOLD:
            lines += page.describe_events([event], names, seat)
    return lines


def _out(event: Event, names: list[str], seat: int) -> Text:
    if event["seat"] == seat:
        return T_("🏁 You are out #{place}: safe!", place=event["place"])
    return T_("🏁 {name} is out #{place}: safe!", name=names[event["seat"]], place=event["place"])
