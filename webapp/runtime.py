"""What a serving web app process needs besides Flask: the store, a watcher that wakes long
polls at each commit, and a watch that logs Redis going away and coming back."""

from __future__ import annotations

import threading

from tables.connection import connect
from tables.health import RedisWatch
from tables.store import TableStore
from tables.watch import watcher_for


def serving_store(redis_url: str | None) -> TableStore:
    store = TableStore(connect(redis_url))
    store.watcher = watcher_for(store.redis)
    RedisWatch(store.redis, "webapp").run_in_thread(threading.Event())
    return store
