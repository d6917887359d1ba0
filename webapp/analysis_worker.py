"""A finished game's analysis, made off the request that first asks for it.

Judging every decision of a game takes a few seconds of one core (bench.analysis), longer
than a page should wait. So a replay asked for before its analysis is kept answers at once,
saying it is on its way, and one thread of this process makes it (tables.fairness.analysis
keeps it in Redis, where every process finds it); the page asks again shortly. The bot
makes it too, at the game's end: whoever finishes first keeps it.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from tables.fairness import analysis

log = logging.getLogger(__name__)
_running: set[tuple[str, int]] = set()
_lock = threading.Lock()


def start(store: Any, table_id: str, game_no: int) -> None:
    """Make the game's analysis in the background, unless this process is already at it."""
    with _lock:
        if (table_id, game_no) in _running:
            return
        _running.add((table_id, game_no))
    threading.Thread(
        target=_make, args=(store, table_id, game_no), name="analysis", daemon=True
    ).start()


def _make(store: Any, table_id: str, game_no: int) -> None:
    try:
        analysis.ensure(store, table_id, game_no)
    except Exception:  # a failed analysis must not take anything else down; asked again later
        log.exception("could not analyse game %s of table %s", game_no, table_id)
    finally:
        with _lock:
            _running.discard((table_id, game_no))


def running(table_id: str, game_no: int) -> bool:
    with _lock:
        return (table_id, game_no) in _running
