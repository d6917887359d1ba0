"""One trick (docs/rules/mino_dice.md, "A trick"): which dice may be rolled, who wins, bonuses.

Pure functions over faces and kinds, shared by the rules, the views and the CPU players, so
the follow rule and the winner are decided in exactly one place.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.mino_dice.dice import BEATS, CREATURES, FLAG, GRIFFIN, MERMAID, MINOTAUR, colour_of
from games.mino_dice.settings import FLAGS_LEADER, THREE_MERMAID

# Bonuses for an exact bid: what a winning creature earns per creature of a kind it took.
BONUSES: dict[str, tuple[str, int]] = {MERMAID: (MINOTAUR, 50), MINOTAUR: (GRIFFIN, 30)}


def colour_to_follow(rolled_dice: Iterable[int]) -> str | None:
    """The colour of the first number die rolled in the trick (None before any)."""
    for die in rolled_dice:
        colour = colour_of(die)
        if colour is not None:
            return colour
    return None


def playable(held: Sequence[int], colour: str | None) -> list[int]:
    """The dice a seat may roll: a seat holding the colour to follow must roll one of that
    colour or a creature die; otherwise (or before any number die) any die."""
    if colour is None or not any(colour_of(die) == colour for die in held):
        return sorted(held)
    return sorted(die for die in held if colour_of(die) in (colour, None))


def winner_index(faces: Sequence[str], settings: dict[str, object]) -> int | None:
    """The position (0 = the leader's roll) of the roll that wins a trick, from its faces.

    Creatures beat numbers and each beat one other creature; all three showing: the Mermaid
    (or, by setting, the creature rolled last). Equal creatures and equal numbers: the one
    rolled last. Flags count nothing; only flags: the leader (or, by setting, nobody: None).
    A trick still in progress is judged as if it ended now.
    """
    creatures = [i for i, face in enumerate(faces) if face in CREATURES]
    if creatures:
        shown = {faces[i] for i in creatures}
        if len(shown) == 3:
            if settings["three_creatures"] != THREE_MERMAID:
                return creatures[-1]
            top = MERMAID
        elif len(shown) == 2:
            first, second = shown
            top = first if BEATS[first] == second else second
        else:
            (top,) = shown
        return max(i for i in creatures if faces[i] == top)
    numbers = [i for i, face in enumerate(faces) if face.isdigit()]
    if numbers:
        best = max(int(faces[i]) for i in numbers)
        return max(i for i in numbers if int(faces[i]) == best)
    if not faces:
        return None
    return 0 if settings["all_flags"] == FLAGS_LEADER else None


def bonus_points(faces: Sequence[str], winner: int | None) -> int:
    """What the winner's creature earns for the creatures it took: +50 per Minotaur taken
    with a Mermaid, +30 per Griffin taken with a Minotaur (before any flag rule)."""
    if winner is None or faces[winner] not in BONUSES:
        return 0
    prey, points = BONUSES[faces[winner]]
    return points * sum(1 for face in faces if face == prey)


def has_flag(faces: Sequence[str]) -> bool:
    return FLAG in faces


def hand_points(bid: int, won: int, tricks: int) -> int:
    """The scoring table: exact bid b >= 1 scores 20b, a miss -10 per trick off; a bid of 0
    scores +10 per trick in the hand if no trick was won, -10 per trick in the hand if any."""
    if bid == 0:
        return 10 * tricks if won == 0 else -10 * tricks
    return 20 * bid if won == bid else -10 * abs(won - bid)
