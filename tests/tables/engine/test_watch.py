"""Waiting for a table to change: woken by the commit's notice, not by polling."""

from __future__ import annotations

import threading
import time

from tables.engine.watch import ChangeWatcher
from tables.table import lobby
from tables.table.model import ChatRef
from tables.table.store import TableStore


def test_a_waiter_wakes_at_the_commit_not_at_the_next_poll(redis_client, monkeypatch):
    # No re-read of the version within the test's deadlines: only the notice can wake it.
    monkeypatch.setattr("tables.table.store_reads.WAIT_CHUNK_SECONDS", 600.0)
    store = TableStore(redis_client)
    store.watcher = ChangeWatcher(redis_client).start()
    try:
        table = store.create(ChatRef(-1), 1, "Alice", game="mia").table
        until(lambda: subscribers(redis_client) >= 1, "the watcher has subscribed")
        result: list[int] = []
        waiter = threading.Thread(
            target=lambda: result.append(store.wait_for_change(table.id, table.version, 600)),
            daemon=True,
        )
        waiter.start()
        until(lambda: waiting(store.watcher, table.id), "the waiter is waiting")
        store.change(table.id, lambda t: lobby.join(t, 2, "Bob"))
        waiter.join(timeout=30)  # far less than its timeout and its next re-read
        assert result == [table.version + 1]
    finally:
        store.watcher.stop()


def subscribers(client) -> int:
    return int(dict(client.pubsub_numsub("tables:changed")).get(b"tables:changed", 0))


def until(condition, what: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"not reached: {what}"
        time.sleep(0.01)


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


def waiting(watcher, table_id: str) -> bool:
    """Someone holds a watch on the table (the waiter has started to wait)."""
    watch = watcher._tables.get(table_id)
    return watch is not None and watch.waiters > 0
