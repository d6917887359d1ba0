"""Compact storage for events: ``["c", 2, "43"]`` instead of a dict with key names.

A game says, per event type, a short code and which fields to keep, in order
(``Rules.event_fields``); table-level events are listed here. Types nobody listed are stored
as they are. Fields left out of a list are not stored at all, so a list names only what
readers of the log need. This keeps an active table small in Redis (see bench.memory).

A log entry, ``[version, compact events]``, is kept as MessagePack (``pack_entry``): the
same values as JSON without its quotes, commas and digits, about 40 % smaller
(``[8, [["c", 4, "64"]]]`` takes 10 bytes, 18 as JSON). Packed by ormsgpack, orjson's kin,
on every move: about 2,200 instructions an entry, where msgpack took 5,500 and orjson's
JSON 1,500 (callgrind). Entries written as JSON before are still read (``unpack_entry``).
"""

from __future__ import annotations

from typing import Any

import orjson
import ormsgpack

from games.base import Event

TABLE_EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "created": ("T0", "by"),
    "started": ("T1", "game_no"),
    "rematch": ("T2", "by", "gone"),
    "cancelled": ("T3", "reason"),
    "expired": ("T4", "phase"),
    "reminder": ("T5", "seat", "left"),
    "autopilot": ("T6", "seat", "on"),
    "nudge": ("T7", "seat", "d"),
}

# Table-level events the log never keeps: a lobby's comings and goings.
LOBBY_CHATTER = frozenset(
    {"joined", "left", "creator_changed", "settings_changed", "preset_chosen"}
)
TABLE_EVENTS = frozenset(TABLE_EVENT_FIELDS) | LOBBY_CHATTER  # the table's, not the game's

Fields = dict[str, tuple[str, ...]]


def encode(events: list[Event], fields: Fields) -> list[Any]:
    encoded: list[Any] = []
    for event in events:
        spec = fields.get(event["type"]) or TABLE_EVENT_FIELDS.get(event["type"])
        if spec is None:
            encoded.append(event)
        else:
            code, *order = spec
            encoded.append([code, *(event.get(name) for name in order)])
    return encoded


def decode(items: list[Any], fields: Fields) -> list[Event]:
    by_code = _by_code(fields)
    events: list[Event] = []
    for item in items:
        if isinstance(item, dict):
            events.append(item)
            continue
        code, *values = item
        kind, order = by_code[code]
        events.append({"type": kind, **dict(zip(order, values, strict=False))})
    return events


_CODE_CACHE: dict[int, dict[str, tuple[str, tuple[str, ...]]]] = {}


def _by_code(fields: Fields) -> dict[str, tuple[str, tuple[str, ...]]]:
    cached = _CODE_CACHE.get(id(fields))
    if cached is None:
        cached = {
            spec[0]: (kind, tuple(spec[1:]))
            for kind, spec in (*fields.items(), *TABLE_EVENT_FIELDS.items())
        }
        _CODE_CACHE[id(fields)] = cached
    return cached


def pack_entry(version: int, items: list[Any]) -> bytes:
    """One change's log entry: its version and its compact events."""
    return ormsgpack.packb([version, items])


def unpack_entry(raw: bytes) -> tuple[int, list[Any]]:
    """(version, compact events) of a log entry, MessagePack or, written before, JSON."""
    version, items = orjson.loads(raw) if raw[:1] == b"[" else ormsgpack.unpackb(raw)
    return int(version), items
