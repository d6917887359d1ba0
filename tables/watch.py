"""Wake whoever waits for a table to change, from pub/sub notices, shared per table.

Every commit publishes ``"<table id>:<version>"``: on ``tables:changed`` with a single Redis
(one subscription per process hears every table), or on the table's own sharded channel in a
Redis Cluster (tables.shard_watch subscribes to the tables someone here waits for). A long
poll in the web app waits on an in-process condition for its table instead of holding a Redis
connection of its own; all the waits of one table in a process (a person's several tabs,
their opponents' pages) share one :class:`TableWatch`, which learns the new version from the
notice itself, so a wake-up costs no Redis read. A notice that gets lost (Redis restarting,
a failover) only means a waiter re-reads the version after its short wait, as it always does.

Only ``threading`` primitives are used: under gevent's monkey-patching (the web app's gevent
workers) they are greenlet-friendly, and the listener is a greenlet.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import redis

from tables import keys

log = logging.getLogger(__name__)
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


class ChangeWatcher(Watchers):
    """One subscription to ``tables:changed`` (a single Redis): every table's notices."""

    def __init__(self, client: redis.Redis) -> None:
        super().__init__()
        self.client = client
        self._stop = threading.Event()
        self._listening = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> ChangeWatcher:
        self._thread = threading.Thread(target=self._listen, name="table-watch", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()

    def _start_watching(self, watch: TableWatch) -> None:
        if self._listening.is_set():
            watch.ready.set()

    def _listen(self) -> None:
        while not self._stop.is_set():
            pubsub = self.client.pubsub(ignore_subscribe_messages=True)
            try:
                pubsub.subscribe(keys.CHANGES_CHANNEL)
                self._set_listening(True)
                swept = time.monotonic()
                while not self._stop.is_set():
                    message = pubsub.get_message(timeout=1.0)
                    if message and message.get("type") == "message":
                        _deliver(self, message["data"])
                    if time.monotonic() - swept > 1.0:
                        swept = time.monotonic()
                        self._forget_idle(linger=1.0)
            except Exception as error:
                # A Redis outage, or the connection pulled from under it (a client closed
                # at shutdown: redis-py's parser then fails with a TypeError or OSError).
                self._set_listening(False)
                if self._stop.is_set():
                    break
                log.warning("table change notices interrupted (%s); listening again", error)
                self._stop.wait(1.0)
            finally:
                with contextlib.suppress(Exception):
                    pubsub.close()

    def _set_listening(self, on: bool) -> None:
        if on:
            self._listening.set()
        else:
            self._listening.clear()
        with self._lock:
            for watch in self._tables.values():
                if on:
                    watch.ready.set()
                else:
                    watch.ready.clear()


def _deliver(watchers: Watchers, data: bytes | str) -> None:
    text = data.decode() if isinstance(data, bytes) else str(data)
    table_id, _, version = text.rpartition(":")
    watchers._notice(table_id, int(version) if version.isdigit() else 0)


def watcher_for(client: redis.Redis) -> Watchers:
    """The kind of watcher this client's Redis needs, started."""
    if keys.layout_of(client).cluster:
        from tables.shard_watch import ShardedChangeWatcher

        return ShardedChangeWatcher(client).start()
    return ChangeWatcher(client).start()
