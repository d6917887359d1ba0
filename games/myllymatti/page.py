"""Myllymatti from a player's own seat (games.seat_words): the table, the prompt and the
story in the second person ("Beat 8♦ or pick it up", "Ada beats you"), and an end that says
who is the Myllymatti and what it means for you. The group's words stay in ``status`` and
``story``."""

from __future__ import annotations

from typing import Any

from games.base import NT_, T_, V_, Event, Text, joined
from games.myllymatti import cards, status, story
from games.myllymatti.actions import CHANCE
from games.myllymatti.looks import card_text, cards_text, suit_text
from games.myllymatti.settings import PICKUP_TOP
from games.myllymatti.state import PHASE_COLLECT, PHASE_OVER
from games.myllymatti.views import public_actions
from games.seat_words import you_or


def describe_status(view: dict[str, Any], names: list[str], seat: int) -> list[Text]:
    """The group's status with the lines that name ``seat`` told to it."""
    lines = status.describe_status(view, names)
    if view["face_up"] is not None and view["face_up_seat"] == seat:
        at = 2 if view["phase"] == PHASE_COLLECT else 1
        lines[at] = T_(
            "⭐ Last stock card: {card}, face up with you. Trump in phase 2: {suit}",
            card=card_text(view["face_up"]),
            suit=suit_text(view["trump"]),
        )
    prompt = len(lines) - (2 if view.get("commitment") else 1)
    if view["phase"] == PHASE_COLLECT:
        table = _table(view, names, seat)
        lines[prompt - len(table) : prompt] = table
    own = _prompt(view, names, seat)
    if own is not None:
        lines[prompt] = own
    return lines


def _table(view: dict[str, Any], names: list[str], seat: int) -> list[Text]:
    """Phase 1's tied cards and the card led, as ``status`` tells them, yours as yours."""
    lines: list[Text] = []
    if view["tied"]:
        tied = [entry["card"] for entry in view["tied"]]
        lines.append(T_("🤝 Tied cards lying there: {cards}", cards=cards_text(tied)))
    for entry in view["trick"]:
        card = card_text(entry["card"])
        if entry["seat"] == seat:
            line = (
                T_("You took a chance: {card}", card=card)
                if entry.get("chance")
                else T_("You led {card}", card=card)
            )
        elif entry.get("chance"):
            line = T_("{name} took a chance: {card}", name=names[entry["seat"]], card=card)
        else:
            line = T_("{name} led {card}", name=names[entry["seat"]], card=card)
        lines.append(line)
    return lines


def _prompt(view: dict[str, Any], names: list[str], seat: int) -> Text | None:
    """What ``seat`` is to do now, naming the card to answer and who played it (None: the
    group's words, which do not name it)."""
    if view["phase"] == PHASE_OVER:
        return None
    actor = view["to_act"]
    if view["phase"] == PHASE_COLLECT:
        if actor != seat:
            if not view["trick"] and view["opponent"] == seat:
                return T_("{name} leads against you.", name=names[actor])
            return None
        return _collect_prompt(view, names, seat)
    if actor != seat:
        return None
    if not view["trick"]:
        return T_("Your lead: play any card.")
    top = view["trick"][-1]
    card = card_text(top["card"])
    if view["settings"]["pickup"] != PICKUP_TOP:
        return T_("Beat {card}, or pick up the trick.", card=card)
    if top["seat"] == seat:
        return T_("Your {card} is on top again: beat it, or pick it up.", card=card)
    return T_("{name} played {card}: beat it, or pick it up.", name=names[top["seat"]], card=card)


def _collect_prompt(view: dict[str, Any], names: list[str], seat: int) -> Text:
    """Phase 1, your move: lead or answer, and whether a chance is open (and why not)."""
    chance = CHANCE in public_actions(view, seat)
    last = view["stock"] == 1  # the last stock card is shown, never played
    if not view["trick"]:
        opponent = names[view["opponent"]]
        if chance:
            return T_(
                "Your lead against {opponent}: play a card, or take a chance.", opponent=opponent
            )
        if last:
            return T_(
                "Your lead against {opponent}: play a card (no chance: the last stock card "
                "is never played).",
                opponent=opponent,
            )
        return T_("Your lead against {opponent}: play a card.", opponent=opponent)
    led = card_text(view["trick"][0]["card"])
    if chance:
        return T_("Answer {card}: play a card, or take a chance.", card=led)
    if last:
        return T_(
            "Answer {card}: play a card (no chance: the last stock card is never played).",
            card=led,
        )
    return T_("Answer {card}: play a card.", card=led)


def describe_events(events: list[Event], names: list[str], seat: int) -> list[Text]:
    """The story as ``seat`` reads it: its tricks, pick-ups and going out as its own."""
    lines: list[Text] = []
    for event in events:
        kind = event["type"]
        mine = event.get("seat") == seat
        if kind == "trick_won" and seat in (event["seat"], event["other"]):
            lines.append(_trick_won(event, names, seat))
        elif kind == "tied" and seat in (event["leader"], event["opponent"]):
            lines.append(_tied(event, names, seat))
        elif kind == "phase_two":
            lines += _phase_two(event, names, seat)
        elif mine and kind in _YOURS:
            lines.append(_YOURS[kind](event))
        else:
            lines.extend(story.describe_events([event], names))
    return lines


def describe_moments(events: list[Event], names: list[str], seat: int) -> list[Text]:
    """A chance taken (a moment of its own on the page), as the log words it."""
    lines: list[Text] = []
    for event in events:
        card = card_text(event["card"])
        if event["seat"] == seat:
            lines.append(T_("🍀 You take a chance: {card}.", card=card))
        else:
            lines.extend(story.describe_log([event], names))
    return lines


_YOURS = {
    "last_card": lambda e: T_(
        "⭐ You draw the last stock card and show it: {card}. Trump in phase 2: {suit}",
        card=card_text(e["card"]),
        suit=suit_text(e["card"][1]),
    ),
    "set_aside": lambda e: T_(
        "🃏 You complete the trick ({cards}): it is set aside.",
        cards=cards_text(e["cards"], " → "),
    ),
    "picked_up": lambda e: T_("⬆️ You pick up {cards}.", cards=cards_text(e["cards"])),
    "went_out": lambda e: (
        T_("🏁 You have no cards for phase 2: out, and safe!")
        if e.get("start")
        else T_("🏁 You play your last card: out, and safe!")
    ),
}


def _trick_won(event: Event, names: list[str], seat: int) -> Text:
    pair = cards_text(sorted(event["cards"], key=cards.rank, reverse=True), " – ")
    if event["seat"] == seat:
        other = names[event["other"]]
        if event["tied"]:
            return T_(
                "🃏 You beat {other} ({cards}) and take the tied cards too: {tied}.",
                other=other,
                cards=pair,
                tied=cards_text(event["tied"]),
            )
        return T_("🃏 You beat {other} ({cards}).", other=other, cards=pair)
    winner = names[event["seat"]]
    if event["tied"]:
        return T_(
            "🃏 {winner} beats you ({cards}) and takes the tied cards too: {tied}.",
            winner=winner,
            cards=pair,
            tied=cards_text(event["tied"]),
        )
    return T_("🃏 {winner} beats you ({cards}).", winner=winner, cards=pair)


def _tied(event: Event, names: list[str], seat: int) -> Text:
    cards = cards_text(event["cards"], " – ")
    if event["leader"] == seat:
        return T_(
            "🤝 {cards}: a tie! Both cards stay lying, and you lead again against {opponent}.",
            cards=cards,
            opponent=names[event["opponent"]],
        )
    return T_(
        "🤝 {cards}: a tie! Both cards stay lying, and {leader} leads again against you.",
        cards=cards,
        leader=names[event["leader"]],
    )


def _phase_two(event: Event, names: list[str], seat: int) -> list[Text]:
    lines = [T_("2️⃣ Phase 2: shed all your cards! Trump: {suit}", suit=suit_text(event["trump"]))]
    if event.get("trump_card") and event.get("trump_owner") is not None:  # older logs: none
        card = card_text(event["trump_card"])
        lines.append(
            T_("⭐ The last stock card, {card} (trump), goes into your hand.", card=card)
            if event["trump_owner"] == seat
            else T_(
                "⭐ The last stock card, {card} (trump), goes into {name}'s hand.",
                card=card,
                name=names[event["trump_owner"]],
            )
        )
    for who, shown in enumerate(event["shown"]):
        if shown and who == seat:
            lines.append(T_("You kept {cards}.", cards=cards_text(shown)))
        elif shown:
            lines.append(T_("{name} kept {cards}.", name=names[who], cards=cards_text(shown)))
    for entry in event["returned"]:
        card = card_text(entry["card"])
        lines.append(
            T_("{card} goes back to you.", card=card)
            if entry["seat"] == seat
            else T_("{card} goes back to {name}.", card=card, name=names[entry["seat"]])
        )
    counts = [
        NT_("{name}: {n} card", "{name}: {n} cards", count, name=you_or(names, who, seat))
        for who, count in enumerate(event["counts"])
    ]
    lines.append(joined(counts, " · "))
    if sum(1 for count in event["counts"] if count) > 1:
        leader = event["leader"]
        lines.append(T_("You lead.") if leader == seat else T_("{name} leads.", name=names[leader]))
    return lines


def describe_outcome(
    ranking: list[int], places: list[int], names: list[str], seat: int
) -> tuple[Text, str] | None:
    """What the end means for ``seat``, and its tone: safe (out at its place), or the
    Myllymatti. The game has only a loser: nobody "wins"."""
    if len(ranking) < 2 or places.count(places[-1]) > 1 or seat not in ranking:
        return None
    if ranking[-1] == seat:
        return T_("😵 You are the Myllymatti!"), "loss"
    return _SAFE[min(places[ranking.index(seat)], len(_SAFE)) - 1], "good"


# Safe at your place: at most 4 players, so at most 3 places out before the Myllymatti.
_SAFE = (
    T_("🏁 You're safe, out 1st!"),
    T_("🏁 You're safe, out 2nd."),
    T_("🏁 You're safe, out 3rd."),
)


def describe_final(
    ranking: list[int], places: list[int], names: list[str], seat: int
) -> list[Text] | None:
    """The Myllymatti, the order out, and what it means for ``seat``."""
    if len(ranking) < 2 or places.count(places[-1]) > 1:
        return None
    groups: dict[int, list[Text]] = {}
    for who, place in zip(ranking[:-1], places[:-1], strict=True):
        # A name starts each place ("1. You"): yours capitalised as a name.
        groups.setdefault(place, []).append(
            T_("You") if who == seat else V_("{name}", name=names[who])
        )
    order = [
        V_("{place}. {names}", place=place, names=joined(group, ", "))
        for place, group in sorted(groups.items())
    ]
    loser = ranking[-1]
    return [
        T_("😵 You are the Myllymatti: the last one holding cards.")
        if loser == seat
        else T_("😵 {name} is the Myllymatti: the last one holding cards.", name=names[loser]),
        T_("🏁 Out, in order: {order}", order=joined(order, " · ")),
    ]


def describe_place(place: int, seats: int) -> Text | None:
    """A finished game in your list ("My games"): safe and out at your place, or the
    Myllymatti (the last one holding cards). Nobody wins, so no place is a win."""
    if place >= seats:
        return T_("😵 the Myllymatti")
    return T_("🏁 safe, out #{place} of {seats}", place=place, seats=seats)
