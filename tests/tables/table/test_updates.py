"""The update stream the notifiers follow: each change to one worker, nothing left behind."""

from __future__ import annotations

from tables.engine import keys
from tables.table import lobby, updates
from tables.table.model import ChatRef
from tables.table.store import TableStore


def test_each_change_goes_to_one_consumer_of_the_group(redis_client):
    updates.ensure_group(redis_client)
    store = TableStore(redis_client)
    table = store.create(ChatRef(-7), 1, "Alice", game="mia").table
    store.change(table.id, lambda t: lobby.join(t, 2, "Bob"))
    first = updates.read(redis_client, "worker-a", block_ms=100)
    second = updates.read(redis_client, "worker-b", block_ms=100)
    assert len(first) >= 2 and {table_id for _, table_id in first} == {table.id}
    assert second == []  # already delivered to worker-a


def test_a_worker_that_stops_leaves_the_group(redis_client):
    updates.ensure_group(redis_client)
    store = TableStore(redis_client)
    store.create(ChatRef(-8), 1, "Alice", game="mia")
    entries = updates.read(redis_client, "worker-a", block_ms=100)
    updates.ack(redis_client, [entry_id for entry_id, _ in entries])
    updates.forget_consumer(redis_client, "worker-a")
    consumers = redis_client.xinfo_consumers(keys.UPDATES, updates.GROUP)
    assert all(c["name"] != b"worker-a" and c["name"] != "worker-a" for c in consumers)
