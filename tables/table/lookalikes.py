"""What a name looks like to a reader: which characters show nothing, and the skeleton two
names that read alike share (Unicode's UTS #39 confusable detection).

Seat names are compared the way people compare them, by eye: "Аda" with a Cyrillic А, "Ada"
with a zero-width space inside, and "Ada" all read as the CPU "Ada", so they share one
skeleton. The skeleton is UTS #39's: the text decomposed (NFD), its default-ignorable
characters dropped, each character replaced by its prototype from Unicode's
``confusables.txt`` (tables/table/confusables.txt), decomposed again.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path

CONFUSABLES = Path(__file__).with_name("confusables.txt")
# Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt): characters that
# show nothing unless a font draws them on purpose.
DEFAULT_IGNORABLE: tuple[tuple[int, int], ...] = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
BLANK_SYMBOLS = frozenset("\u2800")  # Braille's blank pattern: a letter-sized nothing


def is_ignorable(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in DEFAULT_IGNORABLE)


def shows_nothing(char: str) -> bool:
    """A character that draws nothing by itself: default-ignorable, a blank, or a space."""
    return is_ignorable(char) or char in BLANK_SYMBOLS or char.isspace()


def is_visible_cluster(cluster: str) -> bool:
    """A grapheme a reader can see: its first character draws something and is not a mark
    left with nothing to sit on (a combining accent at the start of a name)."""
    base = cluster[0]
    return not shows_nothing(base) and not unicodedata.category(base).startswith("M")


@cache
def _prototypes() -> dict[str, str]:
    table: dict[str, str] = {}
    for line in CONFUSABLES.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            source, *target = line.split()
            table[chr(int(source, 16))] = "".join(chr(int(code, 16)) for code in target)
    return table


def skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text``: equal for two texts that read alike."""
    prototypes = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    mapped = "".join(prototypes.get(char, char) for char in decomposed if not is_ignorable(char))
    return unicodedata.normalize("NFD", " ".join(mapped.split()))
