"""The sealed record (tables.seal) as bytes: one string per game, each change appended.

    table:{T}:seal:<n>   string: one entry per change of game n that called the rules,
                         appended by the change's own check-and-set (Redis keeps exactly
                         its length: the script sets it anew, where APPEND would reserve as
                         much again for later appends)

An entry is unsigned LEB128 varints (7 bits a byte, the high bit saying "more"):

    entry  = version  call…
    call   = head  action  count  draw…
    head   = (seat + 1, or 0 for none) × 8 + kind × 2 + (1 if another call follows)
             kind: 0 new_game, 1 apply, 2 timeout, 3 resign
    action = 0 for none, else its UTF-8 length + 1, then those bytes
    draw   = a number n as 2n; a salt kept whole (a game begun before salts were derived,
             tables.salts) as its length in bytes × 2 + 1, then those bytes

So a claim at Mia is about 12 bytes where the text form ("41|m3 claim:64") took 14 and a
roll with its salt 34; an active table keeps its record all game long (bench.memory).
A game begun before this form kept a Redis list of text entries (tables.seal.encode); its
later changes are pushed to that list, each as a zero byte and then its entry, and
``list_entries`` reads both.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tables import seal

KINDS = (seal.NEW, seal.MOVE, seal.TIMEOUT, seal.RESIGN)
PACKED = b"\0"  # marks an entry of this form inside a list of text entries

Call = list[Any]


def pack(version: int, calls: list[Call]) -> bytes:
    """One change's entry: its version and its calls, in order."""
    out = bytearray()
    _number(out, version)
    for index, call in enumerate(calls):
        kind, seat, action = call[0], call[1], call[2]
        draws = call[3] if len(call) > 3 else []
        more = 1 if index < len(calls) - 1 else 0
        _number(out, (0 if seat is None else seat + 1) * 8 + KINDS.index(kind) * 2 + more)
        if action is None:
            out.append(0)
        else:
            text = action.encode()
            _number(out, len(text) + 1)
            out += text
        _number(out, len(draws))
        for draw in draws:
            if isinstance(draw, str):
                salt = bytes.fromhex(draw)
                _number(out, len(salt) * 2 + 1)
                out += salt
            else:
                _number(out, draw * 2)
    return bytes(out)


def unpack(blob: bytes) -> Iterator[tuple[int, list[Call]]]:
    """(version, calls) of each entry, in order; ValueError where the bytes stop making
    sense (the entries before it are given)."""
    reader = _Reader(blob)
    while not reader.done:
        version = reader.number()
        calls: list[Call] = []
        more = 1
        while more:
            head = reader.number()
            seat = head // 8 - 1 if head >= 8 else None
            kind_index, more = (head // 2) % 4, head % 2
            length = reader.number()
            action = reader.take(length - 1).decode() if length else None
            draws: list[Any] = []
            for _ in range(reader.number()):
                value = reader.number()
                draws.append(reader.take(value // 2).hex() if value % 2 else value // 2)
            calls.append([KINDS[kind_index], seat, action, draws])
        yield version, calls


def list_entries(raw: list[bytes]) -> Iterator[tuple[int, list[Call]]]:
    """The entries of a record kept as a list: text entries (tables.seal.decode) and, after
    them, entries of this form; ValueError for an entry that makes no sense."""
    for entry in raw:
        if entry.startswith(PACKED):
            yield from unpack(entry[len(PACKED) :])
        else:
            yield seal.decode(entry)


def _number(out: bytearray, value: int) -> None:
    if value < 0:
        raise ValueError(f"a sealed number is never negative: {value}")
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)


class _Reader:
    def __init__(self, blob: bytes) -> None:
        self._blob = blob
        self._at = 0

    @property
    def done(self) -> bool:
        return self._at >= len(self._blob)

    def number(self) -> int:
        value = shift = 0
        while True:
            if self._at >= len(self._blob):
                raise ValueError("the record ends inside a number")
            byte = self._blob[self._at]
            self._at += 1
            value |= (byte & 0x7F) << shift
            if byte < 0x80:
                return value
            shift += 7
            if shift > 63:
                raise ValueError("a number too long for the record")

    def take(self, count: int) -> bytes:
        if count < 0 or self._at + count > len(self._blob):
            raise ValueError("the record ends inside a text")
        part = self._blob[self._at : self._at + count]
        self._at += count
        return part
