"""The bag of 36 dice as data (docs/rules/mino_dice.md, "Dice"): kinds, ids and face tables.

The rules text does not give the faces of the number dice, so the house faces live here, in
one place, as a table a setting chooses (``FACE_TABLES``). Everything else in the game asks
this module what a die is and what its faces are, never hard-codes them.

A die is its index in the bag, 0..35; players and actions name it ``d<index>``. Faces are
short strings: ``"flag"``, a creature (``"minotaur"``, ``"griffin"``, ``"mermaid"``) or a
number ``"1"`` .. ``"7"``. A flag counts 0 and never wins, so a yellow "0 (flag)" is a flag.
"""

from __future__ import annotations

from functools import cache

YELLOW, RED, BLUE, BLACK = "yellow", "red", "blue", "black"
MINOTAUR, GRIFFIN, MERMAID = "minotaur", "griffin", "mermaid"
FLAG = "flag"

COLOURS = (YELLOW, RED, BLUE, BLACK)  # weakest to strongest
CREATURES = (MINOTAUR, GRIFFIN, MERMAID)
KINDS = (*COLOURS, *CREATURES)

# Who beats whom among the creatures (each beats exactly one, a cycle).
BEATS = {MINOTAUR: GRIFFIN, GRIFFIN: MERMAID, MERMAID: MINOTAUR}
BEATEN_BY = {loser: winner for winner, loser in BEATS.items()}

# How many dice of each kind are in the bag, in bag order (weakest colour first, then the
# creatures): d0-d8 yellow, d9-d16 red, d17-d23 blue, d24-d29 black, d30-d31 Minotaur,
# d32-d33 Griffin, d34-d35 Mermaid.
COUNTS = {YELLOW: 9, RED: 8, BLUE: 7, BLACK: 6, MINOTAUR: 2, GRIFFIN: 2, MERMAID: 2}
BAG: tuple[str, ...] = tuple(kind for kind in KINDS for _ in range(COUNTS[kind]))
BAG_SIZE = len(BAG)  # 36

HOUSE = "house"
TAME = "tame"

# The six faces of each number die. "house" is the spec's table; "tame" is the same except
# that yellow shows a second 3 instead of its 7, so colours are ordered except for the one
# value each shares with the colour below.
FACE_TABLES: dict[str, dict[str, tuple[str, ...]]] = {
    HOUSE: {
        YELLOW: (FLAG, FLAG, "1", "2", "3", "7"),
        RED: ("3", "3", "4", "4", "5", "5"),
        BLUE: ("5", "5", "5", "6", "6", "6"),
        BLACK: ("6", "6", "7", "7", "7", "7"),
    },
    TAME: {
        YELLOW: (FLAG, FLAG, "1", "2", "3", "3"),
        RED: ("3", "3", "4", "4", "5", "5"),
        BLUE: ("5", "5", "5", "6", "6", "6"),
        BLACK: ("6", "6", "7", "7", "7", "7"),
    },
}
SIDES = 6


def kind_of(die: int) -> str:
    return BAG[die]


def die_id(die: int) -> str:
    return f"d{die}"


def parse_die_id(text: str) -> int | None:
    """The bag index a ``d<index>`` id names, or None when it names no die."""
    if not text.startswith("d") or not text[1:].isdigit() or len(text) > 3:
        return None
    index = int(text[1:])
    return index if 0 <= index < BAG_SIZE and die_id(index) == text else None


def is_creature_die(die: int) -> bool:
    return BAG[die] in CREATURES


def colour_of(die: int) -> str | None:
    """The colour of a number die (None for a creature die)."""
    kind = BAG[die]
    return kind if kind in COLOURS else None


@cache
def faces_of(kind: str, table: str = HOUSE) -> tuple[str, ...]:
    """The six faces of a die of ``kind``: a creature die shows its creature 4 times and a
    flag twice; a number die shows what the face table says."""
    if kind in CREATURES:
        return (kind, kind, kind, kind, FLAG, FLAG)
    return FACE_TABLES[table][kind]


def is_number(face: str) -> bool:
    return face.isdigit()


def value(face: str) -> int:
    """What a face counts as a number: its digits; flags and creatures count 0."""
    return int(face) if face.isdigit() else 0
