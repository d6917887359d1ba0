"""The sealed record's entries (tables.fairness.seal) as bytes: one per change that called
the rules.

    table:{T}:seal:<n>   list: one entry per change of game n, pushed by the change's own
                         check-and-set (RPUSH: the cheapest append for Redis, and a list
                         keeps each entry at its length)

An entry is unsigned varints (LEB128: 7 bits a byte, the high bit saying "more"):

    entry   = version  call…
    version = its first byte has the high bit set (so no entry looks like a text one, which
              starts with a digit), 0x40 if more follows, and the low 6 bits; then the rest,
              shifted right by 6, as a varint
    call    = head  action  count  draw…
    head    = (seat + 1, or 0 for none) × 8 + kind × 2 + (1 if another call follows)
              kind: 0 new_game, 1 apply, 2 timeout, 3 resign
    action  = 0 for none, else its UTF-8 length + 1, then those bytes
    draw    = a number n as 2n; a salt kept whole (a game begun before salts were derived,
              tables.fairness.salts) as its length in bytes × 2 + 1, then those bytes

A move of 8 characters takes 12 bytes ("41|m3 claim:64" took 14), one of 6 with two draws
12 too (with its salt, as text, 33): an active table keeps its record all game long
(bench.memory).
Games begun before kept text entries (tables.fairness.seal.encode) and push these after them:
``entry`` reads both.
"""

from __future__ import annotations

from typing import Any

from tables.fairness import seal

KINDS = (seal.NEW, seal.MOVE, seal.TIMEOUT, seal.RESIGN)
_KIND = {kind: index * 2 for index, kind in enumerate(KINDS)}  # its place in a call's head

Call = list[Any]


def pack(version: int, calls: list[Call]) -> bytes:
    """One change's entry: its version and its calls, in order. (On every move: numbers
    below 128, nearly all of them, are appended without a call.)"""
    if version < 0:
        raise ValueError(f"a version is never negative: {version}")
    rest = version >> 6
    out = bytearray((0x80 | (0x40 if rest else 0) | version & 0x3F,))
    if rest:
        _number(out, rest)
    last = len(calls) - 1
    for index, call in enumerate(calls):
        seat, action = call[1], call[2]
        draws = call[3] if len(call) > 3 else ()
        head = (0 if seat is None else seat + 1) * 8 + _KIND[call[0]] + (index < last)
        text = b"" if action is None else action.encode()
        length = 0 if action is None else len(text) + 1
        count = len(draws)
        if head < 0x80 and length < 0x80 and count < 0x80:
            out += bytes((head, length))
            out += text
            out.append(count)
        else:
            _number(out, head)
            _number(out, length)
            out += text
            _number(out, count)
        for draw in draws:
            if isinstance(draw, str):
                salt = bytes.fromhex(draw)
                _number(out, len(salt) * 2 + 1)
                out += salt
            elif 0 <= draw < 0x40:
                out.append(draw * 2)
            else:
                _number(out, draw * 2)
    return bytes(out)


def entry(raw: bytes) -> tuple[int, list[Call]]:
    """(version, calls) of one kept entry, bytes or text; ValueError for one that makes no
    sense."""
    return unpack(raw) if raw[:1] >= b"\x80" else seal.decode(raw)


def unpack(raw: bytes) -> tuple[int, list[Call]]:
    """(version, calls) of an entry of bytes; ValueError where they stop making sense."""
    reader = _Reader(raw)
    first = reader.byte()
    version = first & 0x3F
    if first & 0x40:
        version |= reader.number() << 6
    calls: list[Call] = []
    more = True
    while more:
        head = reader.number()
        seat = head // 8 - 1 if head >= 8 else None
        more = bool(head % 2)
        length = reader.number()
        action = reader.take(length - 1).decode() if length else None
        draws: list[Any] = []
        for _ in range(reader.number()):
            value = reader.number()
            draws.append(reader.take(value // 2).hex() if value % 2 else value // 2)
        calls.append([KINDS[(head // 2) % 4], seat, action, draws])
    if not reader.done:
        raise ValueError("bytes left after the entry's last call")
    return version, calls


def _number(out: bytearray, value: int) -> None:
    if value < 0:
        raise ValueError(f"a sealed number is never negative: {value}")
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)


class _Reader:
    def __init__(self, raw: bytes) -> None:
        self._raw = raw
        self._at = 0

    @property
    def done(self) -> bool:
        return self._at >= len(self._raw)

    def byte(self) -> int:
        if self.done:
            raise ValueError("the entry ends too soon")
        self._at += 1
        return self._raw[self._at - 1]

    def number(self) -> int:
        value = shift = 0
        while True:
            byte = self.byte()
            value |= (byte & 0x7F) << shift
            if byte < 0x80:
                return value
            shift += 7
            if shift > 63:
                raise ValueError("a number too long for the record")

    def take(self, count: int) -> bytes:
        if count < 0 or self._at + count > len(self._raw):
            raise ValueError("the entry ends inside a text")
        self._at += count
        return self._raw[self._at - count : self._at]
