"""Myllymatti between your turns (games.seat_words.feed_for): the tricks the others played,
who went out and at which place, and phase 2's start, told to you. The open trick's cards
are the table's to show."""

from __future__ import annotations

from games.base import T_, Event, Text
from games.myllymatti import page
from games.myllymatti.looks import card_text

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


def describe_moves(events: list[Event], names: list[str], seat: int) -> list[Text] | None:
    """A replay's log of ``seat``'s own cards played and beaten, told to it (None: not one;
    a pick-up is the story's)."""
    lines: list[Text] = []
    for event in events:
        kind, card = event["type"], card_text(event["card"]) if "card" in event else None
        if kind == "game_started" and seat in (event["dealer"], event["leader"]):
            lines.append(_started(event, names, seat))
            continue
        if event.get("seat") != seat or kind not in ("played", "led", "beat"):
            return None
        if kind == "beat":
            lines.append(
                T_("  You beat {top} with {card}.", top=card_text(event["top"]), card=card)
            )
        elif event.get("chance"):
            lines.append(T_("  You take a chance: {card}.", card=card))
        else:
            lines.append(T_("  You play {card}.", card=card))
    return lines


def _started(event: Event, names: list[str], seat: int) -> Text:
    dealer, leader = event["dealer"], event["leader"]
    if dealer == seat and leader == seat:
        return T_("A new game: you deal and lead.")
    if dealer == seat:
        return T_("A new game: you deal, {leader} leads.", leader=names[leader])
    return T_("A new game: {dealer} deals, you lead.", dealer=names[dealer])
