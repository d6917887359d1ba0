"""Waiting for a table to change: woken by the commit's notice, not by polling."""

from __future__ import annotations

import threading
import time

from tables import lobby
from tables.model import ChatRef
from tables.store import TableStore
from tables.watch import ChangeWatcher


def test_a_waiter_wakes_at_the_commit_not_at_the_next_poll(redis_client):
    store = TableStore(redis_client)
    store.watcher = ChangeWatcher(redis_client).start()
    try:
        table = store.create(ChatRef(-1), 1, "Alice", game="mia").table
        time.sleep(0.2)  # the watcher has subscribed
        threading.Timer(
            0.3, lambda: store.change(table.id, lambda t: lobby.join(t, 2, "Bob"))
        ).start()
        started = time.monotonic()
        version = store.wait_for_change(table.id, table.version, timeout=5)
        waited = time.monotonic() - started
        assert version == table.version + 1
        assert 0.25 < waited < 4.0  # woken by the notice, long before the timeout
    finally:
        store.watcher.stop()


def test_without_a_notice_a_waiter_gives_up_at_its_timeout(redis_client):
    store = TableStore(redis_client)
    store.watcher = ChangeWatcher(redis_client).start()
    try:
        table = store.create(ChatRef(-2), 1, "Alice", game="mia").table
        started = time.monotonic()
        assert store.wait_for_change(table.id, table.version, timeout=0.5) == table.version
        assert time.monotonic() - started >= 0.45
    finally:
        store.watcher.stop()
