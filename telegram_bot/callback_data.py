"""Callback data: short, typed, versioned, and always within Telegram's 64 bytes.

    <table id>:<version>:<kind>:<payload>

``kind`` is ``g`` for a game action (payload: the game's action string, e.g. ``claim:53``),
``p`` for a private look (payload: the game's private action), ``l`` for a lobby verb
(payload: ``join``, ``set:lives`` …). The version makes a press on an old message a harmless
no-op. Anything that does not parse is forged or broken, and gets a polite refusal.
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
_PAYLOAD = re.compile(r"^[a-z0-9_:\-]{1,40}$")


class BadCallbackData(ValueError):
    pass


@dataclass(frozen=True)
class Button:
    table_id: str
    version: int
    kind: str
    payload: str

    def encode(self) -> str:
        data = f"{self.table_id}:{self.version}:{self.kind}:{self.payload}"
        if len(data.encode()) > MAX_BYTES:
            raise BadCallbackData(f"callback data over {MAX_BYTES} bytes: {data!r}")
        return data

    @property
    def verb(self) -> str:
        return self.payload.split(":", 1)[0]

    @property
    def argument(self) -> str | None:
        parts = self.payload.split(":", 1)
        return parts[1] if len(parts) == 2 else None


def parse(data: str | None) -> Button:
    if not data or len(data.encode()) > MAX_BYTES:
        raise BadCallbackData("missing or oversized")
    parts = data.split(":", 3)
    if len(parts) != 4:
        raise BadCallbackData("wrong shape")
    table_id, version, kind, payload = parts
    if not is_table_id(table_id) or kind not in KINDS or not _PAYLOAD.match(payload):
        raise BadCallbackData("bad field")
    if not version.isdigit() or len(version) > 9:
        raise BadCallbackData("bad version")
    return Button(table_id, int(version), kind, payload)
