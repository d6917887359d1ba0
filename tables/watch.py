"""Wake whoever waits for a table to change, from one pub/sub connection per process.

Every commit publishes ``"<table id>:<version>"`` on ``tables:changed``. A long poll in the
web app waits on an in-process event for its table instead of holding a Redis connection of
its own; a notice that gets lost (Redis restarting) only means a waiter re-reads the version
after its short wait, as it always does.
"""

from __future__ import annotations

import logging
import threading
from collections import defaultdict

import redis

from tables import keys

log = logging.getLogger(__name__)


class ChangeWatcher:
    def __init__(self, client: redis.Redis) -> None:
        self.client = client
        self._waiters: dict[str, list[threading.Event]] = defaultdict(list)
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> ChangeWatcher:
        self._thread = threading.Thread(target=self._listen, name="table-watch", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()

    def wait(self, table_id: str, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for a notice about ``table_id``."""
        event = threading.Event()
        with self._lock:
            self._waiters[table_id].append(event)
        try:
            return event.wait(timeout)
        finally:
            with self._lock:
                waiting = self._waiters.get(table_id)
                if waiting is not None:
                    if event in waiting:
                        waiting.remove(event)
                    if not waiting:
                        del self._waiters[table_id]

    def _wake(self, table_id: str) -> None:
        with self._lock:
            for event in self._waiters.get(table_id, ()):
                event.set()

    def _listen(self) -> None:
        while not self._stop.is_set():
            pubsub = self.client.pubsub(ignore_subscribe_messages=True)
            try:
                pubsub.subscribe(keys.CHANGES_CHANNEL)
                while not self._stop.is_set():
                    message = pubsub.get_message(timeout=1.0)
                    if message and message.get("type") == "message":
                        data = message["data"]
                        text = data.decode() if isinstance(data, bytes) else str(data)
                        self._wake(text.rsplit(":", 1)[0])
            except redis.RedisError as error:
                log.warning("table change notices interrupted (%s); listening again", error)
                self._stop.wait(1.0)
            finally:
                pubsub.close()
