"""Seat names: anything a Telegram name can hold, made safe to show to a whole group.

A name ends up in group messages, the Mini App and logs, so it is cleaned once, when the
person sits down:

* any printable Unicode stays, including emoji built of several code points (👩‍👩‍👧 joined
  with U+200D, flags, skin tones, keycaps);
* controls and the characters that change text direction (U+202A–U+202E, U+2066–U+2069,
  U+200E, U+200F, U+061C) go: a name must not reverse the words after it;
* it is cut to a length in graphemes — what a reader counts as one character — never in the
  middle of an emoji;
* it cannot pose as a CPU (a leading 🤖) and two seats never show the same name.
"""

from __future__ import annotations

import unicodedata

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
    """One line, safe to show, at most MAX_GRAPHEMES long, not a CPU's, not a seat's."""
    text = "".join(char if _allowed(char) else " " for char in unicodedata.normalize("NFC", raw))
    text = " ".join(text.split())
    while text.startswith(CPU_MARK):
        text = text[len(CPU_MARK) :].lstrip("\ufe0f ").strip()
    text = text or "?"
    parts = graphemes(text)
    if len(parts) > MAX_GRAPHEMES:
        text = "".join(parts[: MAX_GRAPHEMES - 1]).rstrip() + "…"
    return distinct(text, taken)


def distinct(name: str, taken: list[str] | tuple[str, ...]) -> str:
    """``name``, or ``name (2)``, ``(3)``… when a seat already shows it."""
    if name not in taken:
        return name
    number = 2
    while f"{name} ({number})" in taken:
        number += 1
    return f"{name} ({number})"
