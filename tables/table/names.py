"""Seat names: anything a Telegram name can hold, made safe to show to a whole group.

A name ends up in group messages, the Mini App and logs, so it is cleaned once, when the
person sits down:

* any printable Unicode stays, including emoji built of several code points (👩‍👩‍👧 joined
  with U+200D, flags, skin tones, keycaps);
* controls and the characters that change text direction (U+202A–U+202E, U+2066–U+2069,
  U+200E, U+200F, U+061C) go: a name must not reverse the words after it;
* it is cut to a length in graphemes — what a reader counts as one character — never in the
  middle of an emoji;
* what shows nothing at either end goes (joiners, selectors, tags, fillers, a mark with
  nothing to sit on), so nothing hides a leading 🤖: it cannot pose as a CPU;
* two seats never show names that read the same: names are compared by their UTS #39
  skeletons (tables.table.lookalikes), so "Аda" with a Cyrillic А is "Аda (2)" beside "Ada".
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from tables.table.lookalikes import is_ignorable, is_visible_cluster, skeleton

MAX_GRAPHEMES = 32
CPU_MARK = "🤖"
BIDI_CONTROLS = frozenset(
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
)
ZWJ = "\u200d"
KEEP_FORMAT = frozenset({ZWJ, "\u200c"})  # joiners build emoji and scripts


def _extends(char: str) -> bool:
    """Characters that belong to the grapheme before them."""
    code = ord(char)
    return (
        unicodedata.category(char) in ("Mn", "Me", "Mc")
        or 0xFE00 <= code <= 0xFE0F  # variation selectors (emoji presentation)
        or 0x1F3FB <= code <= 0x1F3FF  # skin tones
        or 0xE0020 <= code <= 0xE007F  # tag characters (subdivision flags)
        or char == "\u20e3"  # combining keycap
    )


def _regional(char: str) -> bool:
    return 0x1F1E6 <= ord(char) <= 0x1F1FF


def graphemes(text: str) -> list[str]:
    """``text`` split into what a reader sees as characters (emoji sequences, flags and
    letters with their marks stay whole). A close, dependency-free cut of UAX #29."""
    clusters: list[str] = []
    index = 0
    while index < len(text):
        cluster = text[index]
        index += 1
        if _regional(cluster) and index < len(text) and _regional(text[index]):
            cluster += text[index]  # a flag: a pair of regional indicators
            index += 1
        while index < len(text):
            char = text[index]
            if _extends(char):
                cluster += char
                index += 1
            elif char == ZWJ and index + 1 < len(text):
                cluster += char + text[index + 1]  # joins the next emoji into this one
                index += 2
            else:
                break
        clusters.append(cluster)
    return clusters


def _allowed(char: str) -> bool:
    if char in BIDI_CONTROLS:
        return False
    if char in KEEP_FORMAT or _extends(char):
        return True
    return char.isprintable() or char == " "


def clean_name(raw: str, taken: list[str] | tuple[str, ...] = ()) -> str:
    """One line, safe to show, at most MAX_GRAPHEMES long, not a CPU's, not a seat's (as
    people read them); "?" when nothing readable is left (a Telegram name of blanks)."""
    text = _readable_part(raw) or "?"
    parts = graphemes(text)
    if len(parts) > MAX_GRAPHEMES:
        text = "".join(parts[: MAX_GRAPHEMES - 1]).rstrip() + "…"
    return distinct(text, taken)


def is_readable(raw: str) -> bool:
    """Whether anything a reader can see is left of ``raw`` once it is cleaned."""
    return bool(_readable_part(raw))


def _readable_part(raw: str) -> str:
    """``raw`` without controls, runs of spaces, what shows nothing at either end, and a
    leading robot (the CPUs' mark); "" when nothing visible is left."""
    text = "".join(char if _allowed(char) else " " for char in unicodedata.normalize("NFC", raw))
    text = " ".join(text.split())
    while True:
        before = text
        text = _strip_invisible_edges(text)
        while text.startswith(CPU_MARK):
            text = text[len(CPU_MARK) :]
        if text == before:
            return text


def _strip_invisible_edges(text: str) -> str:
    """Drop the graphemes at either end that show nothing (a joiner, a selector, a tag, a
    filler, a mark with nothing to sit on), and the spaces they leave."""
    parts = graphemes(text)
    while parts and not is_visible_cluster(parts[0]):
        parts.pop(0)
    while parts and not is_visible_cluster(parts[-1]):
        parts.pop()
    if parts and unicodedata.category(parts[-1][0])[0] in "LNP":
        # Selectors, tags or joiners after a letter change nothing a reader sees (after an
        # emoji they choose how it looks, or build a flag: those stay).
        parts[-1] = parts[-1][0] + "".join(c for c in parts[-1][1:] if not is_ignorable(c))
    return "".join(parts).strip()


def looks_taken(name: str, taken: Iterable[str]) -> bool:
    """Whether ``name`` reads like one of ``taken`` (compared by their skeletons)."""
    seen = skeleton(name)
    return any(skeleton(other) == seen for other in taken)


def distinct(name: str, taken: list[str] | tuple[str, ...]) -> str:
    """``name``, or ``name (2)``, ``(3)``… when a seat already shows it or a name that reads
    the same (``Аda`` with a Cyrillic А reads as ``Ada``)."""
    seen = {skeleton(other) for other in taken}
    if skeleton(name) not in seen:
        return name
    number = 2
    while skeleton(f"{name} ({number})") in seen:
        number += 1
    return f"{name} ({number})"
