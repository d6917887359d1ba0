"""Mia between your turns (games.seat_words.feed_for): the rounds that ended while you
waited, each with its number, told to you. The round's claims are the table's to show."""

from __future__ import annotations

from games.base import T_, Event, Text
from games.mia import page

MOVES = frozenset({"claimed", "accepted", "passed", "challenged", "folded"})
TOLD = frozenset({"folded", "lost_lives", "eliminated"})


def moved(event: Event, seat: int) -> bool:
    """A move of ``seat``'s own: where its feed starts again."""
    return event["type"] in MOVES and event.get("seat") == seat


def describe_feed(events: list[Event], names: list[str], seat: int) -> list[Text]:
    """One change of the table, as ``seat`` reads it between turns."""
    lines: list[Text] = []
    for event in events:
        if event["type"] == "challenged":
            told = page.describe_events([event], names, seat)
            lines += [T_("Round {round}: {line}", round=event["round"], line=line) for line in told]
        elif event["type"] in TOLD:
            lines += page.describe_events([event], names, seat)
    return lines
