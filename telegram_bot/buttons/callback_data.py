"""Callback data: short, typed, stamped, and always within Telegram's 64 bytes.

    <table id>:<stamp>:<kind>:<payload>

``kind`` is ``g`` for a game action (stamp: the decision token the button was drawn for;
payload: the game's action string, e.g. ``claim:53``, or ``#<n>``, the n-th public action,
for an action too long to fit), ``p`` for a private look (stamp: the table version), ``l``
for a lobby verb (stamp: the table version; payload ``join``, ``set:lives`` …). The stamp
makes a press on an old message a harmless no-op. Anything that does not parse is forged or
broken, and gets a polite refusal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tables.ids import is_table_id

MAX_BYTES = 64
GAME = "g"
PRIVATE = "p"
LOBBY = "l"
KINDS = frozenset({GAME, PRIVATE, LOBBY})
INDEX_PREFIX = "#"
_PAYLOAD = re.compile(r"^[a-z0-9_:,.\-#]{1,45}$")


class BadCallbackData(ValueError):
    pass


@dataclass(frozen=True)
class Button:
    table_id: str
    stamp: int
    kind: str
    payload: str

    def encode(self) -> str:
        data = f"{self.table_id}:{self.stamp}:{self.kind}:{self.payload}"
        if len(data.encode()) > MAX_BYTES:
            raise BadCallbackData(f"callback data over {MAX_BYTES} bytes: {data!r}")
        return data

    def fits(self) -> bool:
        return len(f"{self.table_id}:{self.stamp}:{self.kind}:{self.payload}") <= MAX_BYTES

    @property
    def verb(self) -> str:
        return self.payload.split(":", 1)[0]

    @property
    def argument(self) -> str | None:
        parts = self.payload.split(":", 1)
        return parts[1] if len(parts) == 2 else None

    @property
    def action_index(self) -> int | None:
        """For ``#<n>`` payloads: which public action the button stands for."""
        if self.payload.startswith(INDEX_PREFIX) and self.payload[1:].isdigit():
            return int(self.payload[1:])
        return None


def parse(data: str | None) -> Button:
    if not data or len(data.encode()) > MAX_BYTES:
        raise BadCallbackData("missing or oversized")
    parts = data.split(":", 3)
    if len(parts) != 4:
        raise BadCallbackData("wrong shape")
    table_id, stamp, kind, payload = parts
    if not is_table_id(table_id) or kind not in KINDS or not _PAYLOAD.match(payload):
        raise BadCallbackData("bad field")
    if not stamp.isascii() or not stamp.isdigit() or len(stamp) > 9:
        raise BadCallbackData("bad stamp")
    if INDEX_PREFIX in payload and (kind != GAME or not payload[1:].isdigit()):
        raise BadCallbackData("bad index")
    return Button(table_id, int(stamp), kind, payload)
