"""Fire every due deadline (CPU moves, reminders, timeouts, expiry). Any number of processes
may run this side by side: each deadline still fires once (see TableStore.fire_deadline)."""

from __future__ import annotations

import logging
import threading

import redis

from tables.table.store import TableStore

log = logging.getLogger(__name__)


def fire_due(store: TableStore, limit: int = 100) -> int:
    """Fire the deadlines due now; returns how many fired."""
    fired = 0
    for table_id in store.due_tables(limit=limit):
        if store.fire_deadline(table_id) is not None:
            fired += 1
    return fired


def run_in_thread(store: TableStore, stop: threading.Event, interval: float = 0.25) -> None:
    """The ticker loop for processes without an event loop (the web app's local mode)."""
    while not stop.is_set():
        try:
            fire_due(store)
        except redis.RedisError as error:
            log.warning("Redis unavailable for the ticker (%s); retrying", error)
            stop.wait(1)
        except Exception:
            log.exception("firing deadlines failed")
        stop.wait(interval)
