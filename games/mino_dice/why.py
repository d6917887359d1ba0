"""Why a Mino Dice trick went the way it did, why a hand scored what it did, and what the bids
together say: one line each, for the page to show with the outcome ("red 5 beats blue 5: equal
numbers, the die rolled last wins", "Bid 0 but won 1 trick: −10 × 2 dice = −20"). Pure:
events in, ``Text`` out, decided by the same rules as ``tricks``."""

from __future__ import annotations

from games.base import NT_, T_, V_, Event, Text
from games.mino_dice.dice import BEATS, CREATURES, FLAG
from games.mino_dice.words import kind_text

MINUS = "\u2212"  # the one minus sign the page uses for points


def signed(points: int) -> str:
    """Points with their sign: "+20", "−10" (U+2212), "0"."""
    if points > 0:
        return f"+{points}"
    return f"{MINUS}{-points}" if points < 0 else "0"


def describe_why(events: list[Event], names: list[str], seat: int | None) -> list[Text]:
    """One line of why for the bids once revealed, per trick taken (or not) and, at a hand's
    end, for ``seat``'s score."""
    lines: list[Text] = []
    for event in events:
        if event["type"] == "bids_revealed":
            lines.append(bids_why(event["bids"], event["hand"]))
        elif event["type"] == "trick_won" and event.get("rolls"):
            lines.append(trick_why(event["rolls"], event["winner"]))
        elif event["type"] == "hand_scored":
            lines.extend(
                score_why(result, event["hand"])
                for result in event["results"]
                if result["seat"] == seat
            )
    return lines


def bids_why(bids: list[int], tricks: int) -> Text:
    """What the bids together say: more bid than there are tricks, someone must miss; fewer,
    a trick will go to someone who did not want it."""
    total = sum(bid for bid in bids if bid is not None)
    if total > tricks:
        return NT_(
            "The bids add up to {total} for {n} trick: at least one bid will miss.",
            "The bids add up to {total} for {n} tricks: at least one bid will miss.",
            tricks,
            total=total,
        )
    if total < tricks:
        return NT_(
            "The bids add up to {total} for {n} trick: someone will win a trick they did not bid.",
            "The bids add up to {total} for {n} tricks: someone will win tricks they did not bid.",
            tricks,
            total=total,
        )
    return NT_(
        "The bids add up to exactly {n} trick: every bid can come true.",
        "The bids add up to exactly {n} tricks: every bid can come true.",
        tricks,
    )


def named(kind: str, face: str) -> Text:
    """A number rolled, its colour in words: "red 5" (never told by a colour alone)."""
    return V_("{colour} {face}", colour=kind_text(kind), face=face)


def trick_why(rolls: list[list], winner: int | None) -> Text:
    """Why the trick's winner (a seat, or None: nobody) took it, from its rolls in order
    (``[seat, kind, face]``, the leader's first)."""
    if winner is None:
        return T_("Only flags were rolled: flags count nothing, so nobody takes the trick.")
    index = max(i for i, (who, _, _) in enumerate(rolls) if who == winner)
    kind, face = rolls[index][1], rolls[index][2]
    shown = named(kind, face)
    if face == FLAG:
        return T_("Only flags were rolled: the leader takes the trick.")
    if face in CREATURES:
        return _creature_why(rolls, index)
    numbers = [i for i, roll in enumerate(rolls) if roll[2].isdigit() and i != index]
    equal = [i for i in numbers if int(rolls[i][2]) == int(face)]
    if equal:
        other = named(rolls[equal[-1]][1], rolls[equal[-1]][2])
        return T_(
            "{winner} beats {other}: equal numbers, the die rolled last wins.",
            winner=shown,
            other=other,
        )
    if not numbers:
        return T_("{winner} is the only number rolled: flags count nothing.", winner=shown)
    best = max(numbers, key=lambda i: int(rolls[i][2]))
    other = named(rolls[best][1], rolls[best][2])
    return T_(
        "{winner} beats {other}: the highest number wins; colour only says what may be rolled.",
        winner=shown,
        other=other,
    )


def _creature_why(rolls: list[list], index: int) -> Text:
    top = rolls[index][2]
    creatures = [roll[2] for roll in rolls if roll[2] in CREATURES]
    shown = set(creatures)
    name = kind_text(top)
    if len(shown) == 3:
        return T_("All three creatures were rolled: {creature} wins.", creature=name)
    if len(shown) == 2:
        (beaten,) = shown - {top}
        assert BEATS[top] == beaten
        return T_(
            "{winner} beats {loser}: each creature beats one other.",
            winner=name,
            loser=kind_text(beaten),
        )
    if creatures.count(top) > 1:
        return T_("{creature} twice: the one rolled last wins.", creature=name)
    return T_("{creature} beats every number.", creature=name)


def score_why(result: dict[str, int], dice: int) -> Text:
    """The scoring rule behind one seat's points for a hand of ``dice`` dice (= tricks)."""
    bid, won, points = result["bid"], result["won"], result["points"]
    if bid == 0 and won == 0:
        return NT_(
            "Bid 0 and no trick won: +10 × {n} die = {points}.",
            "Bid 0 and no trick won: +10 × {n} dice = {points}.",
            dice,
            points=signed(points),
        )
    if bid == 0:
        return NT_(
            "Bid 0 but a trick won: {minus}10 × {n} die = {points}.",
            "Bid 0 but a trick won: {minus}10 × {n} dice = {points}.",
            dice,
            minus=MINUS,
            points=signed(points),
        )
    if bid == won:
        extra = result.get("bonus", 0)
        if extra:
            return T_(
                "Exact bid: +20 × {bid} = {points}, plus {bonus} for the creatures taken.",
                bid=bid,
                points=signed(points),
                bonus=signed(extra),
            )
        return T_("Exact bid: +20 × {bid} = {points}.", bid=bid, points=signed(points))
    off = abs(won - bid)
    return NT_(
        "Bid {bid}, won {won}: {n} trick off × {minus}10 = {points}.",
        "Bid {bid}, won {won}: {n} tricks off × {minus}10 = {points}.",
        off,
        bid=bid,
        won=won,
        minus=MINUS,
        points=signed(points),
    )
