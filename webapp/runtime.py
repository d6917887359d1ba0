"""What a serving web app process needs besides Flask: the store, a watcher that wakes long
polls at each commit, and a watch that logs Redis going away and coming back."""

from __future__ import annotations

import os
import threading

from tables.engine.connection import DEFAULT_POOL_SIZE, configured_pool_size, connect, pool_size_for
from tables.engine.health import RedisWatch
from tables.engine.watch import watcher_for
from tables.table.store import TableStore


def redis_pool_size(env: dict[str, str] | None = None) -> int:
    """``REDIS_POOL_SIZE`` if set; else a connection for each of the process's threads
    (``WEB_THREADS``, which gunicorn's config sets in every worker) and a few spare: no
    request waits for one."""
    env = dict(os.environ if env is None else env)
    configured = configured_pool_size(env)
    if configured:
        return configured
    threads = env.get("WEB_THREADS", "")
    if threads.isascii() and threads.isdigit() and int(threads) > 0:
        return pool_size_for(int(threads))
    return DEFAULT_POOL_SIZE


def serving_store(redis_url: str | None, *, local: bool = False) -> TableStore:
    """The store of a serving process (``local``: play in a browser, where an embedded
    redis-server is the normal way, not a forgotten setting)."""
    store = TableStore(connect(redis_url, pool_size=redis_pool_size(), embedded_expected=local))
    store.watcher = watcher_for(store.redis)
    store.health = RedisWatch(store.redis, "webapp")  # also what /readyz reads
    store.health.run_in_thread(threading.Event())
    return store
