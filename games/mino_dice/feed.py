"""Mino Dice between your turns (games.seat_words.feed_for): the tricks taken and a hand's
scores while you waited, told to you. The open trick's rolls are the table's to show."""

from __future__ import annotations

from games.base import Event, Text
from games.mino_dice import page

TOLD = frozenset({"trick_won", "hand_scored", "bids_revealed"})


def moved(event: Event, seat: int) -> bool:
    """A move of ``seat``'s own: a roll, or the bids (everyone's, yours too, at once)."""
    return event["type"] == "bids_revealed" or (event["type"] == "rolled" and event["seat"] == seat)


def describe_feed(events: list[Event], names: list[str], seat: int) -> list[Text]:
    """One change of the table, as ``seat`` reads it between turns."""
    told = [event for event in events if event["type"] in TOLD]
    return page.describe_events(told, names, seat) if told else []
