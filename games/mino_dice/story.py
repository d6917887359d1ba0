"""The story of a game of Mino Dice: bids revealed, tricks taken, each hand's scores, and the
proofs that every face rolled was fixed before the bids.

The shared events (``timed_out``, ``resigned``, ``game_over``) are worded by the front
doors, never here.
"""

from __future__ import annotations

from games.base import NT_, T_, V_, Event, Text, joined
from games.fairness import sha256_hex
from games.mino_dice.dice import FLAG
from games.mino_dice.fairness import reveal_preimage
from games.mino_dice.why import signed
from games.mino_dice.words import roll_text


def describe_events(events: list[Event], names: list[str]) -> list[Text]:
    """The moments worth telling: the bids revealed together, every trick with its dice and
    who took it, and the hand's score story. (A new hand shows on the table itself.)"""
    lines: list[Text] = []
    for event in events:
        kind = event["type"]
        if kind == "bids_revealed":
            bids = [
                V_("{name} {bid}", name=names[seat], bid=bid)
                for seat, bid in enumerate(event["bids"])
            ]
            lines.append(T_("🎯 The bids: {bids}", bids=joined(bids, ", ")))
        elif kind == "trick_won":
            lines.append(_trick(event, names))
        elif kind == "hand_scored":
            lines.append(T_("📊 Hand {hand} is over:", hand=event["hand"]))
            lines.extend(_result(result, names) for result in event["results"])
    return lines


def _trick(event: Event, names: list[str]) -> Text:
    """One finished trick: every die rolled in it, in order, and who took it."""
    trick = event["trick"]
    rolls = event.get("rolls")
    if rolls:
        shown = joined(
            [
                V_("{roll} ({name})", roll=roll_text(kind, face), name=names[seat])
                for seat, kind, face in rolls
            ],
            " → ",
        )
    elif event["kind"] is not None:  # a log written before the rolls were kept
        shown = roll_text(event["kind"], event["face"])
    else:
        shown = V_("🏳️")
    if event["winner"] is None:
        return T_(
            "🏳️ Trick {trick}: only flags ({rolls}), nobody takes it.", trick=trick, rolls=shown
        )
    name = names[event["winner"]]
    if event["face"] == FLAG:
        return T_(
            "🏳️ Trick {trick} to {name}: only flags ({rolls}), and {name} led.",
            trick=trick,
            name=name,
            rolls=shown,
        )
    if event["bonus"]:
        return T_(
            "🎲 Trick {trick} to {name}: {rolls}. +{bonus} bonus if the bid comes true.",
            name=name,
            trick=trick,
            rolls=shown,
            bonus=event["bonus"],
        )
    return T_("🎲 Trick {trick} to {name}: {rolls}.", name=name, trick=trick, rolls=shown)


def _result(result: dict[str, int], names: list[str]) -> Text:
    """One seat's hand: exact bids, zero bids, misses, and bonuses, by name."""
    name, bid, won = names[result["seat"]], result["bid"], result["won"]
    points, bonus = result["points"], result["bonus"]
    if bid == 0 and won == 0:
        return T_("✅ {name} bid 0 and won no trick: +{points}.", name=name, points=points)
    if bid == 0:
        return NT_(
            "❌ {name} bid 0 but won {n} trick: {points}.",
            "❌ {name} bid 0 but won {n} tricks: {points}.",
            won,
            name=name,
            points=signed(points),
        )
    if bid == won and bonus:
        return T_(
            "✅ {name} bid {bid} and won exactly that: +{points}, and a bonus of +{bonus}.",
            name=name,
            bid=bid,
            points=points,
            bonus=bonus,
        )
    if bid == won:
        return T_(
            "✅ {name} bid {bid} and won exactly that: +{points}.",
            name=name,
            bid=bid,
            points=points,
        )
    return NT_(
        "❌ {name} bid {bid} but won {n} trick: {points}.",
        "❌ {name} bid {bid} but won {n} tricks: {points}.",
        won,
        name=name,
        bid=bid,
        points=signed(points),
    )


def describe_log(events: list[Event], names: list[str]) -> list[Text]:
    """Every public step for the written log: the commitments at each deal, every roll, the
    bids, the tricks, the scores and the reveal."""
    lines: list[Text] = []
    for event in events:
        kind = event["type"]
        if kind == "game_started":
            lines.append(NT_("A new game of {n} hand.", "A new game of {n} hands.", event["hands"]))
        elif kind == "hand_started":
            lines.append(
                NT_(
                    "🎲 Hand {hand} of {hands}: everyone draws {n} die.",
                    "🎲 Hand {hand} of {hands}: everyone draws {n} dice.",
                    event["hand"],
                    hand=event["hand"],
                    hands=event["hands"],
                )
            )
            lines.append(T_("  {name} leads.", name=names[event["leader"]]))
            lines.extend(
                T_("  🔒 {name}'s dice: {hash}", name=names[seat], hash=commitment)
                for seat, commitment in enumerate(event["commitments"])
            )
        elif kind == "rolled":
            lines.append(
                T_(
                    "  {name} rolls {roll}.",
                    name=names[event["seat"]],
                    roll=roll_text(event["kind"], event["face"]),
                )
            )
        elif kind == "hand_revealed":
            lines.append(T_("🔓 The dice of hand {hand} are revealed.", hand=event["hand"]))
        else:
            lines.extend(describe_events([event], names))
    return lines


def commitments(events: list[Event], names: list[str]) -> list[Text]:
    """The commitments of the latest hand dealt in these events (the dice still waiting for
    their reveal), one line per seat."""
    dealt = [event for event in events if event["type"] == "hand_started"]
    if not dealt:
        return []
    hand = dealt[-1]
    return [
        T_(
            "🔒 Hand {hand}, {name}'s dice: {hash}",
            hand=hand["hand"],
            name=names[seat],
            hash=commitment,
        )
        for seat, commitment in enumerate(hand["commitments"])
    ]


def proofs(events: list[Event]) -> list[tuple[str, str]]:
    """(preimage, commitment) of every seat's dice each ``hand_revealed`` event reveals: its
    SHA-256 is the commitment published when the hand was dealt."""
    found = []
    for event in events:
        if event["type"] == "hand_revealed":
            for reveal in event["reveals"]:
                text = reveal_preimage(event["game_id"], event["hand"], reveal)
                found.append((text, sha256_hex(text)))
    return found
