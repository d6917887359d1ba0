"""Mino Dice between your turns (games.seat_words.feed_for): the tricks taken and a hand's
scores while you waited, told to you. The open trick's rolls are the table's to show."""

from __future__ import annotations

from games.base import T_, Event, Text
from games.mino_dice import page, story
from games.mino_dice.words import roll_text

TOLD = frozenset({"trick_won", "hand_scored", "bids_revealed"})


def moved(event: Event, seat: int) -> bool:
    """A move of ``seat``'s own: a roll, or the bids (everyone's, yours too, at once)."""
    return event["type"] == "bids_revealed" or (event["type"] == "rolled" and event["seat"] == seat)


def describe_feed(events: list[Event], names: list[str], seat: int) -> list[Text]:
    """One change of the table, as ``seat`` reads it between turns."""
    told = [event for event in events if event["type"] in TOLD]
    return page.describe_events(told, names, seat) if told else []


def describe_moves(events: list[Event], names: list[str], seat: int) -> list[Text] | None:
    """A replay's log of ``seat``'s own rolls and a hand's deal, told to it (None: not one)."""
    lines: list[Text] = []
    for event in events:
        if event["type"] == "hand_started":
            lines += _dealt(event, names, seat)
        elif event["type"] != "rolled" or event["seat"] != seat:
            return None
        else:
            lines.append(T_("  You roll {roll}.", roll=roll_text(event["kind"], event["face"])))
    return lines


def _dealt(event: Event, names: list[str], seat: int) -> list[Text]:
    """A hand dealt, as the log words it, with your lead and your dice's commitment as yours."""
    lines = story.describe_log([{**event, "commitments": []}], names)[:1]
    leader = event["leader"]
    lines.append(T_("  You lead.") if leader == seat else T_("  {name} leads.", name=names[leader]))
    lines += [
        T_("  🔒 Your dice: {hash}", hash=commitment)
        if who == seat
        else T_("  🔒 {name}'s dice: {hash}", name=names[who], hash=commitment)
        for who, commitment in enumerate(event["commitments"])
    ]
    return lines
