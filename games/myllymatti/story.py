"""What happened, in words: story lines (``describe_events``), the written log
(``describe_log``) and the proof of the deal (``proofs``).

The shared events (``timed_out``, ``resigned``, ``game_over``) are worded by the front doors.
"""

from __future__ import annotations

from games.base import NT_, T_, V_, Event, Text, joined
from games.fairness import sha256_hex
from games.myllymatti import cards
from games.myllymatti.fairness import preimage
from games.myllymatti.looks import card_text, cards_text, suit_text


def describe_events(events: list[Event], names: list[str]) -> list[Text]:
    """What happened, one line a thing: every trick of phase 1 (ties too), the last stock
    card, the switch to phase 2 with the leftover hands shown, every trick of phase 2 set
    aside, every pick-up, and who went out. The end (the Myllymatti and the order the others
    went out) is worded by ``describe_final``."""
    lines: list[Text] = []
    for event in events:
        kind = event["type"]
        name = names[event["seat"]] if "seat" in event else ""
        if kind == "trick_won":
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
                    name=name,
                    card=card_text(event["card"]),
                    suit=suit_text(event["card"][1]),
                )
            )
        elif kind == "phase_two":
            lines += _phase_two(event, names)
        elif kind == "set_aside":
            lines.append(
                T_(
                    "🃏 {name} completes the trick ({cards}): it is set aside.",
                    name=name,
                    cards=cards_text(event["cards"], " → "),
                )
            )
        elif kind == "picked_up":
            lines.append(
                T_("⬆️ {name} picks up {cards}.", name=name, cards=cards_text(event["cards"]))
            )
        elif kind == "went_out":
            if event.get("start"):
                lines.append(T_("🏁 {name} has no cards for phase 2: out, and safe!", name=name))
            else:
                lines.append(T_("🏁 {name} plays their last card: out, and safe!", name=name))
    return lines


def describe_final(ranking: list[int], places: list[int], names: list[str]) -> list[Text] | None:
    """The game has a loser, not a winner: the Myllymatti, then the order the others went
    out (those out together share a place). None when nobody is left last alone (a game
    ended by people leaving): then the shared ranking tells it."""
    if len(ranking) < 2 or places.count(places[-1]) > 1:
        return None
    groups: dict[int, list[str]] = {}
    for seat, place in zip(ranking[:-1], places[:-1], strict=True):
        groups.setdefault(place, []).append(names[seat])
    order = [
        V_("{place}. {names}", place=place, names=", ".join(group))
        for place, group in sorted(groups.items())
    ]
    return [
        T_("😵 {name} is the Myllymatti: the last one holding cards.", name=names[ranking[-1]]),
        T_("🏁 Out, in order: {order}", order=joined(order, " · ")),
    ]


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
            "2️⃣ Phase 2! The stock is empty and the hands are shown. Trump: {suit}",
            suit=suit_text(event["trump"]),
        )
    ]
    if event.get("trump_card") and event.get("trump_owner") is not None:  # older logs: none
        lines.append(
            T_(
                "⭐ The last stock card, {card} (trump), goes into {name}'s hand.",
                card=card_text(event["trump_card"]),
                name=names[event["trump_owner"]],
            )
        )
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
    """A chance taken is a moment on the page (the group's story tells only the trick)."""
    return event["type"] == "played" and bool(event["chance"])


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
        elif kind == "lost":
            lost = T_("😵 {name} is the Myllymatti!", name=name)
            lines.append(V_("  {line}", line=lost))
        else:
            told = describe_events([event], names)
            lines.extend(V_("  {line}", line=line) for line in told)
    return lines


def commitments(events: list[Event], names: list[str]) -> list[Text]:
    """The deck's commitment, published when the cards were dealt (revealed at the end)."""
    return [
        T_("🔒 Deck commitment: {hash}", hash=event["commitment"])
        for event in events
        if event["type"] == "game_started" and event.get("commitment")
    ]


def proofs(events: list[Event]) -> list[tuple[str, str]]:
    """(preimage, commitment) of the deal these events reveal: its SHA-256 is the commitment
    shown when the cards were dealt."""
    found = []
    for event in events:
        if event["type"] == "deal_revealed":
            text = preimage(event["game_id"], event["deck"], event["salt"])
            found.append((text, sha256_hex(text)))
    return found
