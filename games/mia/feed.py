"""Mia between your turns (games.seat_words.feed_for): the rounds that ended while you
waited, each with its number, told to you. The round's claims are the table's to show."""

from __future__ import annotations

from games.base import T_, Event, Text
from games.mia import page
from games.mia.looks import claim_text

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


def describe_moves(events: list[Event], names: list[str], seat: int) -> list[Text] | None:
    """A replay's log of ``seat``'s own moves and round starts, told to it (None: not one)."""
    lines: list[Text] = []
    for event in events:
        kind = event["type"]
        if kind == "game_started" and event["starter"] == seat:
            lines.append(T_("A new game: you start."))
        elif kind == "round_started" and event["starter"] == seat:
            lines.append(T_("Round {round} (you start)", round=event["round"]))
        elif not moved(event, seat) or kind in ("challenged", "folded"):
            return None
        elif kind == "claimed":
            lines.append(T_("  You claim {claim}.", claim=claim_text(event["claim"])))
        elif kind == "accepted":
            lines.append(T_("  You accept and roll."))
        elif kind == "passed":
            lines.append(T_("  You pass the cup on unseen to {next}.", next=names[event["to"]]))
    return lines
