"""What a table is doing: its statuses, apart so that the match can end a game without the model."""

from __future__ import annotations

LOBBY = "lobby"
PLAYING = "playing"
FINISHED = "finished"
CANCELLED = "cancelled"
EXPIRED = "expired"
CLOSED_STATUSES = frozenset({FINISHED, CANCELLED, EXPIRED})


def milestone(before: str, after: str) -> str | None:
    """What a change made of a table, for the operators' counts: "started" or how it closed."""
    if after == before:
        return None
    if before == LOBBY and after == PLAYING:
        return "started"
    return after if after in CLOSED_STATUSES else None
