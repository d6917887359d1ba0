"""What happened, in words: story lines (``describe_events``), the written log
(``describe_log``) and the proof of the deal (``proofs``).

The shared events (``timed_out``, ``resigned``, ``game_over``) are worded by the front doors.
"""

from __future__ import annotations

from games.base import NT_, T_, V_, Event, Text, joined
from games.fairness import sha256_hex
from games.myllymatti import cards
from games.myllymatti.fairness import preimage
from games.myllymatti.presentation import card_text, cards_text, suit_text


def describe_events(
    events: list[Event], names: list[str], *, every_trick: bool = False
) -> list[Text]:
    """The moments worth a message of their own: ties, a trick that sweeps up tied cards, the
    last stock card, the switch to phase 2 with the leftover hands shown, who went out, and
    the Myllymatti. (An ordinary trick shows on the table message; the log tells them all.)"""
    lines: list[Text] = []
    for event in events:
        kind = event["type"]
        if kind == "trick_won":
            if every_trick or event["tied"]:
                lines.append(_trick_won(event, names))
        elif kind == "tied":
            lines.append(
                T_(
                    "🤝 {cards}: a tie! Both cards stay lying, and {leader} leads again "
                    "against {opponent}.",
                    cards=cards_text(event["cards"], " – "),
                    leader=names[event["leader"]],
                    opponent=names[event["opponent"]],
                )
            )
        elif kind == "last_card":
            lines.append(
                T_(
                    "⭐ {name} draws the last stock card and shows it: {card}. Trump in "
                    "phase 2: {suit}",
                    name=names[event["seat"]],
                    card=card_text(event["card"]),
                    suit=suit_text(event["card"][1]),
                )
            )
        elif kind == "phase_two":
            lines += _phase_two(event, names)
        elif kind == "went_out":
            if event.get("start"):
                line = T_(
                    "🏁 {name} has no cards for phase 2: out, and safe!", name=names[event["seat"]]
                )
            else:
                line = T_(
                    "🏁 {name} plays their last card: out, and safe!", name=names[event["seat"]]
                )
            lines.append(line)
        elif kind == "lost":
            lines.append(T_("😵 {name} is the Myllymatti!", name=names[event["seat"]]))
    return lines


def _trick_won(event: Event, names: list[str]) -> Text:
    winner, other = names[event["seat"]], names[event["other"]]
    higher_first = sorted(event["cards"], key=cards.rank, reverse=True)  # the winner's card
    pair = cards_text(higher_first, " – ")
    if event["tied"]:
        return T_(
            "🃏 {winner} beats {other} ({cards}) and takes the tied cards too: {tied}.",
            winner=winner,
            other=other,
            cards=pair,
            tied=cards_text(event["tied"]),
        )
    return T_("🃏 {winner} beats {other} ({cards}).", winner=winner, other=other, cards=pair)


def _phase_two(event: Event, names: list[str]) -> list[Text]:
    lines = [
        T_(
            "🔁 Phase 2! The stock is empty and the hands are shown. Trump: {suit}",
            suit=suit_text(event["trump"]),
        )
    ]
    for seat, shown in enumerate(event["shown"]):
        if shown:
            lines.append(T_("{name} kept {cards}.", name=names[seat], cards=cards_text(shown)))
    for entry in event["returned"]:
        lines.append(
            T_(
                "{card} goes back to {name}.",
                card=card_text(entry["card"]),
                name=names[entry["seat"]],
            )
        )
    counts = [
        NT_("{name}: {n} card", "{name}: {n} cards", count, name=names[seat])
        for seat, count in enumerate(event["counts"])
    ]
    lines.append(joined(counts, " · "))
    if sum(1 for count in event["counts"] if count) > 1:
        lines.append(T_("{name} leads.", name=names[event["leader"]]))
    return lines


def page_moment(event: Event) -> bool:
    """Every trick's result and every chance taken is a moment on the page."""
    return event["type"] == "trick_won" or (event["type"] == "played" and event["chance"])


def describe_log(events: list[Event], names: list[str]) -> list[Text]:
    """Every public step of a game, for its written log: the story plus each card played,
    picked up and set aside."""
    lines: list[Text] = []
    for event in events:
        kind = event["type"]
        name = names[event["seat"]] if "seat" in event else ""
        if kind == "game_started":
            lines.append(
                T_(
                    "A new game: {dealer} deals, {leader} leads.",
                    dealer=names[event["dealer"]],
                    leader=names[event["leader"]],
                )
            )
        elif kind == "played" and event.get("chance"):
            lines.append(
                T_("  {name} takes a chance: {card}.", name=name, card=card_text(event["card"]))
            )
        elif kind in ("played", "led"):
            lines.append(T_("  {name} plays {card}.", name=name, card=card_text(event["card"])))
        elif kind == "beat":
            lines.append(
                T_(
                    "  {name} beats {top} with {card}.",
                    name=name,
                    top=card_text(event["top"]),
                    card=card_text(event["card"]),
                )
            )
        elif kind == "picked_up":
            lines.append(
                T_("  {name} picks up {cards}.", name=name, cards=cards_text(event["cards"]))
            )
        elif kind == "set_aside":
            lines.append(
                T_(
                    "  {name} sets the trick aside: {cards}.",
                    name=name,
                    cards=cards_text(event["cards"]),
                )
            )
        else:
            told = describe_events([event], names, every_trick=True)
            lines.extend(V_("  {line}", line=line) for line in told)
    return lines


def proofs(events: list[Event]) -> list[tuple[str, str]]:
    """(preimage, commitment) of the deal these events reveal: its SHA-256 is the commitment
    shown when the cards were dealt."""
    found = []
    for event in events:
        if event["type"] == "deal_revealed":
            text = preimage(event["game_id"], event["deck"], event["salt"])
            found.append((text, sha256_hex(text)))
    return found
