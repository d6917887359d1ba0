"""Where finished games are kept for their replays, and for how long.

    table:{T}:replay:<n>    the table document as game n finished (seats, settings, the final
                            state, the rating outcome), written by the finishing change
    table:{T}:analysis:<n>  the engine's verdict on each decision of its people (JSON), made
                            after the game (tables.fairness.analysis)
    user:{U}:played         sorted set: "<table>:<n>" of the games a person played, by when
                            they finished (the Mini App's "My games")

With the game's log (``table:{T}:log:<n>``) and sealed record (``table:{T}:seal:<n>``) they
live ``REPLAY_DAYS`` days (default 30) after the game ends, then expire.
"""

from __future__ import annotations

import os
import re
from typing import Any

from tables.table.ids import ALPHABET, LENGTH
from tables.table.model import Table

Command = tuple[Any, ...]

DEFAULT_REPLAY_DAYS = 30
PLAYED_KEPT = 100  # games listed per person at most
REPLAY_ID = re.compile(rf"^([{ALPHABET}]{{{LENGTH}}})-([1-9][0-9]{{0,5}})$")


class ReplayConfigError(ValueError):
    """REPLAY_DAYS is not a number of days."""


def replay_ttl_from_env(env: dict[str, str] | None = None) -> int:
    """Seconds a finished game stays replayable: ``REPLAY_DAYS`` (0.04–365), 30 by default."""
    raw = (os.environ if env is None else env).get("REPLAY_DAYS", "").strip()
    if not raw:
        return DEFAULT_REPLAY_DAYS * 86400
    try:
        days = float(raw)
    except ValueError:
        raise ReplayConfigError("REPLAY_DAYS must be a number of days, e.g. 30") from None
    if not 0.04 <= days <= 365:  # an hour to a year
        raise ReplayConfigError("REPLAY_DAYS must be between 0.04 (an hour) and 365")
    return int(days * 86400)


def replay_key(table_id: str, game_no: int) -> str:
    return f"table:{{{table_id}}}:replay:{game_no}"


def played_key(user_id: int) -> str:
    return f"user:{{{user_id}}}:played"


def replay_id(table_id: str, game_no: int) -> str:
    """How a replay is named in links: "<table>-<game number>"."""
    return f"{table_id}-{game_no}"


def parse_replay_id(text: str) -> tuple[str, int] | None:
    found = REPLAY_ID.fullmatch(text)
    return (found[1], int(found[2])) if found else None


def played_commands(table: Table, ttl: int) -> list[Command]:
    """A finished game joins each of its players' lists of games (written again by a late
    settle: a sorted set keeps it once); games older than the replays are dropped."""
    finished = table.updated_at
    member = replay_id(table.id, table.game_no)
    commands: list[Command] = []
    for index, seat in enumerate(table.seats):
        if seat.user_id is None or table.tutorial or not table.took_part(index):
            continue  # a seat its person left before moving is no game of theirs
        key = played_key(seat.user_id)
        commands += [
            ("ZADD", key, finished, member),
            ("ZREMRANGEBYSCORE", key, "-inf", finished - ttl),
            ("ZREMRANGEBYRANK", key, 0, -PLAYED_KEPT - 1),
            ("EXPIRE", key, ttl),
        ]
    return commands


def analysis_key(table_id: str, game_no: int) -> str:
    """The engine's verdicts on game n's decisions, kept as long as its replay."""
    return f"table:{{{table_id}}}:analysis:{game_no}"


def analysis_told_key(table_id: str, game_no: int) -> str:
    """Set once the group has been told the analysis of game n (one bot tells it)."""
    return f"table:{{{table_id}}}:analysis-told:{game_no}"
