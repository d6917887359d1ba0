"""Wake whoever waits for a table to change, from pub/sub notices, shared per table.

Every commit publishes ``"<table id>:<version>"``: on ``tables:changed`` with a single Redis
(one subscription per process hears every table), or on the table's own sharded channel in a
Redis Cluster (tables.engine.shard_watch subscribes to the tables someone here waits for). A long
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

import redis

from tables.engine import keys
from tables.engine.shard_watch import ShardedChangeWatcher
from tables.engine.watch_registry import TableWatch, Watchers, deliver

log = logging.getLogger(__name__)


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
                        deliver(self, message["data"])
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


def watcher_for(client: redis.Redis) -> Watchers:
    """The kind of watcher this client's Redis needs, started."""
    if keys.layout_of(client).cluster:
        return ShardedChangeWatcher(client).start()
    return ChangeWatcher(client).start()
