"""The sealed record of a game: every call into the game's rules, with the action it applied
and the random draws it consumed, so that the game can be played again exactly, step by
step, once it is over (tables.fairness.replay).

    table:{T}:seal:<n>   list: one entry per change of game n, written by the change's
                         own check-and-set, as bytes (tables.fairness.seal_codec): compact, since an
                         active table keeps it (bench.memory). Games begun before wrote
                         text, "<version>|<call>;<call>…", each call "<kind><seat> <action>
                         <draw> <draw>…" (a salt marked "x"): ``encode`` and ``decode``

The draws are the hidden values themselves (every roll and shuffle, from ``secrets`` as
always): the record is as secret as the table document and never leaves ``tables/`` while the
game runs. The salts of the game's commitments are not among them: the store's recordings
derive them from the game's key (tables.fairness.salts), which the table document keeps, so the
replay derives them again (a game recorded before keys has its salts in its draws, "x…").
A change records its calls in a context of its own (``recording``), so the rules and the
lobby only name the call (``rng_for``) and stay unaware of storage.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from games.rng import Rng
from tables.fairness import salts

NEW = "n"  # new_game(settings, seats, rng, game_id)
MOVE = "m"  # apply(state, seat, action, rng)
TIMEOUT = "t"  # timeout(state, seat, rng)
RESIGN = "r"  # resign(state, seat, rng)

Call = list[Any]  # [kind, seat, action] and, when the call drew any, its draws


class Record(list[Call]):
    """The calls one change makes into the rules, in order. With a ``version`` (the store's
    recordings) the salts the rules draw are derived from the game's ``key``
    (tables.fairness.salts) and not noted: a call that starts a game draws a new key, and a game
    begun before keys existed gets one at its first salt."""

    def __init__(self, version: int | None = None, key: str | None = None) -> None:
        super().__init__()
        self.version = version
        self.key = key


_calls: ContextVar[Record | None] = ContextVar("sealed_calls", default=None)


def seal_key(table_id: str, game_no: int) -> str:
    return f"table:{{{table_id}}}:seal:{game_no}"


@contextmanager
def recording(version: int | None = None, key: str | None = None) -> Iterator[Record]:
    """Collect the calls a change makes into the rules (the store wraps each change, giving
    the version it makes and the game's key, so that salts are derived, not noted)."""
    calls = Record(version, key)
    token = _calls.set(calls)
    try:
        yield calls
    finally:
        _calls.reset(token)


def rng_for(rng: Rng, kind: str, seat: int | None = None, action: str | None = None) -> Rng:
    """The randomness for one call into the rules: ``rng`` itself, its draws noted in the
    change's record (outside a recording, ``rng`` unchanged)."""
    calls = _calls.get()
    if calls is None:
        return rng
    if kind == NEW and calls.version is not None:
        calls.key = salts.new_key(rng)  # a new game, a new key
    call: Call = [kind, seat, action]
    calls.append(call)
    return _Recording(rng, call, calls, len(calls) - 1)


class _Recording:
    def __init__(self, rng: Rng, call: Call, record: Record, index: int) -> None:
        self._rng = rng
        self._call = call
        self._record = record
        self._index = index
        self._salts = 0

    def _noted(self, value: Any) -> Any:
        if len(self._call) == 3:
            self._call.append([])
        self._call[3].append(value)
        return value

    def randbelow(self, n: int) -> int:
        return self._noted(self._rng.randbelow(n))

    def token_hex(self, nbytes: int) -> str:
        record = self._record
        if record.version is None:
            return self._noted(self._rng.token_hex(nbytes))
        if record.key is None:  # a game begun before keys: from now on, derived
            record.key = salts.new_key(self._rng)
        self._salts += 1
        return salts.salt(record.key, record.version, self._index, self._salts - 1, nbytes)


def encode(version: int, calls: list[Call]) -> str:
    """One change's record as the compact text the table keeps."""
    return f"{version}|" + ";".join(_encode_call(call) for call in calls)


def _encode_call(call: Call) -> str:
    kind, seat, action = call[0], call[1], call[2]
    draws = [f"x{d}" if isinstance(d, str) else str(d) for d in (call[3] if len(call) > 3 else [])]
    return " ".join([f"{kind}{'' if seat is None else seat}", action or "", *draws])


def decode(entry: bytes | str) -> tuple[int, list[Call]]:
    """(version, calls) of one kept record; raises ValueError on a malformed one."""
    text = entry.decode() if isinstance(entry, bytes) else entry
    version, _, body = text.partition("|")
    calls: list[Call] = []
    for part in body.split(";") if body else []:
        head, action, *draws = part.split(" ")
        seat = int(head[1:]) if len(head) > 1 else None
        values = [d[1:] if d.startswith("x") else int(d) for d in draws]
        calls.append([head[0], seat, action or None, values])
    return int(version), calls


class OutOfStep(Exception):
    """A replay asked for a draw the record does not hold: the record and the rules that
    read it no longer agree."""


def replayed(call: Call, version: int, index: int, key: str | None) -> Replayed:
    """The randomness to run recorded call ``index`` of the change that made ``version``
    again: its noted draws, and its salts derived from the game's ``key`` (a call recorded
    before keys existed has its salts among its draws)."""
    draws = call[3] if len(call) > 3 else []
    if key is None or any(isinstance(draw, str) for draw in draws):
        return Replayed(draws)
    return Replayed(draws, lambda draw, nbytes: salts.salt(key, version, index, draw, nbytes))


class Replayed:
    """The draws of one recorded call, given back in the order they were made; its salts
    from ``derive`` (index, length -> hex) when they were derived, not noted."""

    def __init__(self, draws: list[Any], derive: Callable[[int, int], str] | None = None) -> None:
        self._draws = list(draws)
        self._derive = derive
        self._salted = 0

    def randbelow(self, n: int) -> int:
        value = self._next()
        if not isinstance(value, int) or not 0 <= value < n:
            raise OutOfStep(f"recorded draw {value!r} is not below {n}")
        return value

    def token_hex(self, nbytes: int) -> str:
        if self._derive is not None:
            self._salted += 1
            return self._derive(self._salted - 1, nbytes)
        value = self._next()
        if not isinstance(value, str) or len(value) != 2 * nbytes:
            raise OutOfStep(f"recorded draw {value!r} is not {nbytes} hex bytes")
        return value

    def _next(self) -> Any:
        if not self._draws:
            raise OutOfStep("the record holds no more draws for this call")
        return self._draws.pop(0)

    @property
    def spent(self) -> bool:
        return not self._draws
