"""The watches of tables a process waits for, shared by both kinds of watcher.

:mod:`tables.engine.watch` (one ``tables:changed`` subscription, a single Redis) and
:mod:`tables.engine.shard_watch` (sharded channels, a Redis Cluster) differ only in how notices
reach the process; what a process knows of a table's version, who waits for it, and when a watch
nobody holds is dropped lives here, so that neither watcher needs the other.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

SUBSCRIBE_WAIT_SECONDS = 1.0  # a waiter waits this long at most for its subscription


class TableWatch:
    """What a process knows of one table's version, and who waits for it to pass."""

    def __init__(self, table_id: str) -> None:
        self.table_id = table_id
        self.version = 0  # the newest version a notice announced
        self.waiters = 0
        self.idle_since = 0.0
        self.ready = threading.Event()  # the notices of this table reach us
        self._changed = threading.Condition()

    def notice(self, version: int) -> None:
        with self._changed:
            if version > self.version:
                self.version = version
            self._changed.notify_all()

    def wait_past(self, after: int, timeout: float) -> int:
        """Until a notice announces a version after ``after`` (or ``timeout``); the newest
        version announced (0: none)."""
        with self._changed:
            self._changed.wait_for(lambda: self.version > after, timeout)
            return self.version


class Watchers:
    """The registry of table watches, kept by both kinds of watcher."""

    def __init__(self) -> None:
        self._tables: dict[str, TableWatch] = {}
        self._lock = threading.Lock()

    @contextmanager
    def watching(self, table_id: str) -> Iterator[TableWatch]:
        """Hold a watch on ``table_id`` (subscribing if nobody here held one)."""
        with self._lock:
            watch = self._tables.get(table_id)
            new = watch is None
            if watch is None:
                watch = self._tables[table_id] = TableWatch(table_id)
            watch.waiters += 1
        if new:
            self._start_watching(watch)
        watch.ready.wait(SUBSCRIBE_WAIT_SECONDS)
        try:
            yield watch
        finally:
            with self._lock:
                watch.waiters -= 1
                watch.idle_since = time.monotonic()

    def wait(self, table_id: str, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for a notice about ``table_id`` (kept for callers
        that do not know a version)."""
        with self.watching(table_id) as watch:
            return watch.wait_past(watch.version, timeout) > 0

    def _notice(self, table_id: str, version: int) -> None:
        watch = self._tables.get(table_id)
        if watch is not None:
            watch.notice(version)

    def _start_watching(self, watch: TableWatch) -> None:
        """A new table to watch: make its notices reach us, then set ``watch.ready``."""

    def _forget_idle(self, linger: float) -> list[TableWatch]:
        """Watches nobody held for ``linger`` seconds, dropped from the registry."""
        now = time.monotonic()
        with self._lock:
            idle = [
                w for w in self._tables.values() if w.waiters == 0 and now - w.idle_since > linger
            ]
            for watch in idle:
                del self._tables[watch.table_id]
        return idle


def deliver(watchers: Watchers, data: bytes | str) -> None:
    """Hand a notice (``"<table id>:<version>"``) to the watch of its table, if any."""
    text = data.decode() if isinstance(data, bytes) else str(data)
    table_id, _, version = text.rpartition(":")
    watchers._notice(table_id, int(version) if version.isdigit() else 0)
