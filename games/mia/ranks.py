"""Roll names and their rank order (mia.md, "Rolls and their names").

A roll is named by its two dice, higher first ("53"); "21" is Mia. Ranks are positions in
the order of the table's ``doubles`` setting, so comparing claims is comparing integers.
"""

from __future__ import annotations

from functools import cache

MIA = "21"
DOUBLES_66_HIGH = "66-high"
DOUBLES_11_HIGH = "11-high"

_PLAIN = ("31", "32", "41", "42", "43", "51", "52", "53", "54", "61", "62", "63", "64", "65")
_DOUBLES_LOW_TO_HIGH = {
    DOUBLES_66_HIGH: ("11", "22", "33", "44", "55", "66"),
    DOUBLES_11_HIGH: ("66", "55", "44", "33", "22", "11"),
}
DIE_FACES = "⚀⚁⚂⚃⚄⚅"


@cache
def claim_order(doubles: str) -> tuple[str, ...]:
    """All 21 claims, lowest first, for a ``doubles`` setting."""
    return (*_PLAIN, *_DOUBLES_LOW_TO_HIGH[doubles], MIA)


@cache
def _rank_table(doubles: str) -> dict[str, int]:
    return {name: i for i, name in enumerate(claim_order(doubles))}


def rank(name: str, doubles: str) -> int:
    """Position of a claim in the rank order (0 = "31"); KeyError for a non-claim."""
    return _rank_table(doubles)[name]


def is_claim(name: str) -> bool:
    return name in _rank_table(DOUBLES_66_HIGH)


def roll_name(die_a: int, die_b: int) -> str:
    """The name of a roll: higher die first, so 3 and 5 is "53"."""
    high, low = max(die_a, die_b), min(die_a, die_b)
    return f"{high}{low}"


def claims_above(claim: str | None, doubles: str) -> tuple[str, ...]:
    """Claims a new announcement may make: all of them in a new round, else strictly higher."""
    order = claim_order(doubles)
    if claim is None:
        return order
    return order[rank(claim, doubles) + 1 :]


def is_double(name: str) -> bool:
    return name[0] == name[1]


def probability(name: str) -> float:
    """Chance that one roll of two dice has this name: doubles 1/36, others (and Mia) 2/36."""
    return (1 if is_double(name) else 2) / 36


def probability_at_least(claim: str, doubles: str) -> float:
    """Chance that a fresh roll ranks at least ``claim``."""
    order = claim_order(doubles)
    return sum(probability(name) for name in order[rank(claim, doubles) :])


def faces(dice: tuple[int, int] | list[int]) -> str:
    """Dice as die-face characters, higher first: (3, 5) -> "⚄ ⚂"."""
    high, low = max(dice), min(dice)
    return f"{DIE_FACES[high - 1]} {DIE_FACES[low - 1]}"
