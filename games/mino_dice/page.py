"""Mino Dice from a player's own seat (games.seat_words): the trick, the prompt and the story
in the second person ("You take trick 2", "Colour to roll: red"). The group's words stay in
``presentation`` and ``story``."""

from __future__ import annotations

from typing import Any

from games.base import NT_, T_, V_, Event, Text, joined
from games.mino_dice import story
from games.mino_dice.dice import FLAG
from games.mino_dice.presentation import MinoPresentation
from games.mino_dice.state import PHASE_BID
from games.mino_dice.why import signed
from games.mino_dice.words import die_label, roll_text
from games.seat_words import you_or

_GROUP = MinoPresentation()  # the group's words, which the seat's own page starts from


def describe_status(view: dict[str, Any], names: list[str], seat: int) -> list[Text]:
    """The group's status, with the trick's rolls and the prompt told from ``seat``."""
    lines = _GROUP.describe_status(view, names)
    if view["over"]:
        return lines
    if view["phase"] == PHASE_BID:
        # One line: the hand and what to do (the title's pill says whose turn it is).
        if view.get("bid") is not None:
            return [
                T_(
                    "🎯 Hand {hand} of {hands}: you bid {bid}; the bids show once all are in.",
                    hand=view["hand"],
                    hands=view["hands"],
                    bid=view["bid"],
                )
            ]
        return [
            NT_(
                "🎯 Hand {hand} of {hands}: bid how many tricks your {n} die will win, 0 to {n}.",
                "🎯 Hand {hand} of {hands}: bid how many tricks your {n} dice will win, 0 to {n}.",
                view["hand"],
                hand=view["hand"],
                hands=view["hands"],
            )
        ]
    trick = view["trick"]
    if trick:
        rolls = [_roll(entry["kind"], entry["face"], entry["seat"], names, seat) for entry in trick]
        lines[1] = T_(
            "Trick {trick} of {tricks}: {rolls}",
            trick=view["trick_no"],
            tricks=view["hand"],
            rolls=joined(rolls, " → "),
        )
    if view["turn"] == seat:
        lines[-1] = _your_roll(view)
    return lines


def _roll(kind: str, face: str, who: int, names: list[str], seat: int) -> Text:
    return V_("{roll} ({name})", roll=roll_text(kind, face), name=you_or(names, who, seat))


def _your_roll(view: dict[str, Any]) -> Text:
    """What to roll, once: the pill over the page already says it is your turn."""
    if not view["trick"]:
        return T_("🎲 You lead trick {trick}: any die; tap one to roll it.", trick=view["trick_no"])
    if view["follow"]:
        return T_(
            "🎲 Colour to roll: {colour} (or a creature). Tap a die to roll it.",
            colour=die_label(view["follow"]),
        )
    return T_("🎲 Any die may be rolled: tap one to roll it.")


def describe_events(events: list[Event], names: list[str], seat: int) -> list[Text]:
    """The bids, the tricks and the hand's scores as ``seat`` reads them."""
    lines: list[Text] = []
    for event in events:
        kind = event["type"]
        if kind == "bids_revealed":
            bids = [
                V_("{name} {bid}", name=you_or(names, who, seat), bid=bid)
                for who, bid in enumerate(event["bids"])
            ]
            lines.append(T_("🎯 The bids: {bids}", bids=joined(bids, ", ")))
        elif kind == "trick_won":
            lines.append(_trick(event, names, seat))
        elif kind == "hand_scored":
            lines.append(T_("📊 Hand {hand} is over:", hand=event["hand"]))
            lines.extend(
                _result(result) if result["seat"] == seat else story._result(result, names)
                for result in event["results"]
            )
        else:
            lines.extend(story.describe_events([event], names))
    return lines


def _trick(event: Event, names: list[str], seat: int) -> Text:
    rolls = event.get("rolls")
    if not rolls or event["winner"] is None:
        return _others_trick(event, names, seat)
    shown = joined([_roll(kind, face, who, names, seat) for who, kind, face in rolls], " → ")
    trick = event["trick"]
    if event["winner"] != seat:
        return T_(
            "🎲 Trick {trick} to {name}: {rolls}.",
            trick=trick,
            name=names[event["winner"]],
            rolls=shown,
        )
    if event["face"] == FLAG:
        return T_(
            "🏳️ You take trick {trick}: only flags ({rolls}), and you led.", trick=trick, rolls=shown
        )
    if event["bonus"]:
        return T_(
            "🎲 You take trick {trick}: {rolls}. +{bonus} bonus if your bid comes true.",
            trick=trick,
            rolls=shown,
            bonus=event["bonus"],
        )
    return T_("🎲 You take trick {trick}: {rolls}.", trick=trick, rolls=shown)


def _others_trick(event: Event, names: list[str], seat: int) -> Text:
    """A trick nobody takes (only flags), or one logged without its rolls."""
    rolls = event.get("rolls")
    if rolls and event["winner"] is None:
        shown = joined([_roll(kind, face, who, names, seat) for who, kind, face in rolls], " → ")
        return T_(
            "🏳️ Trick {trick}: only flags ({rolls}), nobody takes it.",
            trick=event["trick"],
            rolls=shown,
        )
    return story._trick(event, names)


def _result(result: dict[str, int]) -> Text:
    """Your own hand: exact bids, zero bids, misses, and bonuses."""
    bid, won, points, bonus = result["bid"], result["won"], result["points"], result["bonus"]
    if bid == 0 and won == 0:
        return T_("✅ You bid 0 and won no trick: +{points}.", points=points)
    if bid == 0:
        return NT_(
            "❌ You bid 0 but won {n} trick: {points}.",
            "❌ You bid 0 but won {n} tricks: {points}.",
            won,
            points=signed(points),
        )
    if bid == won and bonus:
        return T_(
            "✅ You bid {bid} and won exactly that: +{points}, and a bonus of +{bonus}.",
            bid=bid,
            points=points,
            bonus=bonus,
        )
    if bid == won:
        return T_("✅ You bid {bid} and won exactly that: +{points}.", bid=bid, points=points)
    return NT_(
        "❌ You bid {bid} but won {n} trick: {points}.",
        "❌ You bid {bid} but won {n} tricks: {points}.",
        won,
        bid=bid,
        points=signed(points),
    )


MEDALS = ("🥇", "🥈", "🥉")


def describe_final(
    ranking: list[int], places: list[int], names: list[str], seat: int
) -> list[Text]:
    """The end from your seat: a win you share says so in second person ("You and 🤖 Ada
    win the game!"), never your own name among the winners; then every place."""
    winners = [who for who, place in zip(ranking, places, strict=False) if place == 1]
    others = ", ".join(names[who] for who in winners if who != seat)
    if winners == [seat]:
        lines = [T_("🏆 You win the game!")]
    elif seat in winners:
        lines = [T_("🏆 You and {names} win the game!", names=others)]
    elif len(winners) == 1:
        lines = [T_("🏆 {name} wins the game!", name=others)]
    else:
        lines = [T_("🏆 {names} share the win!", names=others)]
    for who, place in zip(ranking, places, strict=False):
        medal = MEDALS[place - 1] if place <= len(MEDALS) else f"{place}."
        lines.append(V_("{medal} {name}", medal=medal, name=you_or(names, who, seat)))
    return lines
