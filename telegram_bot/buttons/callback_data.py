"""Callback data: short, typed, stamped, and always within Telegram's 64 bytes.

    <table id>:<stamp>:<kind>:<payload>

``kind`` is ``g`` for a game action (stamp: the decision token the button was drawn for;
payload: the game's action string, e.g. ``claim:53``, or ``#<n>``, the n-th public action,
for an action too long to fit), ``s`` for a step of a large choice (stamp: the decision
token; payload: the step's path, keys joined by ``.``, or ``-`` for the first step:
games.steps), ``p`` for a private look (stamp: the table version), ``l`` for a lobby verb
(stamp: the table version; payload ``join``, ``set:lives`` …). The stamp makes a press on an
old message a harmless no-op. Anything that does not parse is forged or broken, and gets a
polite refusal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from games.steps import Path, parse_path_key, path_key
from tables.table.ids import is_table_id

MAX_BYTES = 64
GAME = "g"
STEP = "s"
PRIVATE = "p"
LOBBY = "l"
KINDS = frozenset({GAME, STEP, PRIVATE, LOBBY})
INDEX_PREFIX = "#"
FIRST_STEP = "-"  # the payload of a step button back to the first step
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
    def step_path(self) -> Path:
        """For a step button: the path of the step it opens (() for the first step)."""
        path = parse_path_key("" if self.payload == FIRST_STEP else self.payload)
        if self.kind != STEP or path is None:
            raise BadCallbackData("not a step")
        return path

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
    if kind == STEP and payload != FIRST_STEP and parse_path_key(payload) is None:
        raise BadCallbackData("bad step")
    return Button(table_id, int(stamp), kind, payload)


def step_button(table_id: str, token: int, path: Path) -> Button:
    """The button that opens the step at ``path`` of the decision ``token``."""
    return Button(table_id, token, STEP, path_key(path) or FIRST_STEP)


def step_query(table_id: str, path: Path) -> str:
    """What a hidden choice's step button writes in its presser's input box: the inline
    query that opens that step for them alone (telegram_bot.private.inline_steps)."""
    return f"{table_id} {path_key(path)}"


def parse_step_query(text: str) -> tuple[str, Path] | None:
    """(table id, path) of a step query; None for any other query (a hand's)."""
    table_id, _, key = text.strip().partition(" ")
    path = parse_path_key(key) if key else None
    return (table_id, path) if path and is_table_id(table_id) else None
