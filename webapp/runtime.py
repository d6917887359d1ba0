"""What a serving web app process needs besides Flask: the store, a watcher that wakes long
polls at each commit, and a watch that logs Redis going away and coming back."""

from __future__ import annotations

import os
import threading

from tables.connection import DEFAULT_POOL_SIZE, connect, pool_size_for
from tables.health import RedisWatch
from tables.store import TableStore
from tables.watch import ChangeWatcher


def redis_pool_size(env: dict[str, str] | None = None) -> int:
    """A connection for each of the process's threads (``WEB_THREADS``, which gunicorn's
    config sets in every worker) and a few spare: no request waits for one."""
    env = dict(os.environ if env is None else env)
    if env.get("REDIS_POOL_SIZE"):
        return int(env["REDIS_POOL_SIZE"])
    threads = env.get("WEB_THREADS", "")
    return (
        pool_size_for(int(threads))
        if threads.isascii() and threads.isdigit()
        else DEFAULT_POOL_SIZE
    )


def serving_store(redis_url: str | None) -> TableStore:
    store = TableStore(connect(redis_url, pool_size=redis_pool_size()))
    store.watcher = ChangeWatcher(store.redis).start()
    RedisWatch(store.redis, "webapp").run_in_thread(threading.Event())
    return store
