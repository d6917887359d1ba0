"""What a table is doing: its statuses, apart so that the match can end a game without the model."""

from __future__ import annotations

LOBBY = "lobby"
PLAYING = "playing"
FINISHED = "finished"
CANCELLED = "cancelled"
EXPIRED = "expired"
CLOSED_STATUSES = frozenset({FINISHED, CANCELLED, EXPIRED})
