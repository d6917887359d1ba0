"""The Mia expert's strategy table: its compact file format, written by games/mia/solve.py.

The file is ``MIAX``, a version byte, then zlib-compressed bytes. Those hold the rule sets
covered and, for each, every abstract position in a fixed order, so no key is stored: per
position (the live seats' lives, the expert's first), per claim to beat ``k`` (-1 to 19), a
claim mix per roll (a count, then rank and weight pairs) and a challenge chance per claim
above ``k`` (a byte, out of 255). Weights are bytes too; what the CFR average leaves below
``DROP`` is noise of the early iterations and is dropped.
"""

from __future__ import annotations

import itertools
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from games.mia.model import RANKS, TOP
from games.mia.settings import NEXT_STARTER_CLASSIC, NEXT_STARTER_LOSER

TABLE_PATH = Path(__file__).resolve().parent / "expert_table.bin"
MAGIC = b"MIAX"
VERSION = 1
DROP = 0.02
STARTERS = (NEXT_STARTER_LOSER, NEXT_STARTER_CLASSIC)
RulesKey = tuple[bool, int, int, str]  # fold_on_mia, mia_penalty, false_mia_penalty, next_starter
Position = tuple[int, ...]


@dataclass
class RuleTable:
    """The expert's strategy under one rule set, by abstract position."""

    max_lives: int = 3
    claims: dict[tuple[Position, int, int], tuple[float, ...]] = field(default_factory=dict)
    challenges: dict[tuple[Position, int, int], float] = field(default_factory=dict)


def positions(max_lives: int) -> Iterator[Position]:
    """Every abstract position, two live seats first, in the file's order."""
    for seats in (2, 3):
        yield from itertools.product(range(1, max_lives + 1), repeat=seats)


def _quantized(mix: tuple[float, ...], k: int) -> list[tuple[int, int]]:
    """The claims of a mix worth keeping, as (rank, weight out of 255) pairs."""
    kept = {i: p for i, p in enumerate(mix) if p >= DROP}
    total = sum(kept.values())
    pairs = [(k + 1 + i, round(255 * p / total)) for i, p in sorted(kept.items())]
    pairs = [(c, w) for c, w in pairs if w > 0]
    return pairs or [(k + 1 + max(range(len(mix)), key=lambda i: mix[i]), 255)]


def encode(tables: dict[RulesKey, RuleTable]) -> bytes:
    out = bytearray([len(tables)])
    for key in sorted(tables):
        fold, mia, false_mia, starter = key
        table = tables[key]
        out += bytes([int(fold), mia, false_mia, STARTERS.index(starter), table.max_lives])
        for position in positions(table.max_lives):
            for k in range(-1, TOP):
                for r in range(RANKS):
                    pairs = _quantized(table.claims[(position, k, r)], k)
                    out.append(len(pairs))
                    for c, w in pairs:
                        out += bytes([c, w])
                for c in range(k + 1, RANKS):
                    out.append(round(255 * table.challenges[(position, k, c)]))
    return MAGIC + bytes([VERSION]) + zlib.compress(bytes(out), 9)


@dataclass(frozen=True)
class Lookup:
    """A decoded rule set, kept as the file's bytes: a claim mix is (rank, weight) byte pairs
    one after the other; a stage's challenge chances are one byte per claim above ``k``."""

    max_lives: int
    claims: dict[tuple[Position, int, int], bytes]
    challenges: dict[tuple[Position, int], bytes]

    def claim_mix(self, position: Position, k: int, r: int) -> list[tuple[int, int]]:
        """The claims (ranks) and their weights out of 255 for roll ``r`` over ``k``."""
        pairs = self.claims[(position, k, r)]
        return list(zip(pairs[0::2], pairs[1::2], strict=True))

    def challenge(self, position: Position, k: int, c: int) -> int:
        """The chance (out of 255) to challenge claim ``c`` made over ``k``."""
        return self.challenges[(position, k)][c - k - 1]


def decode(data: bytes) -> dict[RulesKey, Lookup]:
    if data[:4] != MAGIC or data[4] != VERSION:
        raise ValueError("not a Mia expert table of this version")
    raw = zlib.decompress(data[5:])
    count, at = raw[0], 1
    tables: dict[RulesKey, Lookup] = {}
    for _ in range(count):
        fold, mia, false_mia, starter, max_lives = raw[at : at + 5]
        at += 5
        claims: dict[tuple[Position, int, int], bytes] = {}
        challenges: dict[tuple[Position, int], bytes] = {}
        for position in positions(max_lives):
            for k in range(-1, TOP):
                for r in range(RANKS):
                    end = at + 1 + 2 * raw[at]
                    claims[(position, k, r)] = raw[at + 1 : end]
                    at = end
                challenges[(position, k)] = raw[at : at + TOP - k]
                at += TOP - k
        key = (bool(fold), mia, false_mia, STARTERS[starter])
        tables[key] = Lookup(max_lives, claims, challenges)
    return tables
