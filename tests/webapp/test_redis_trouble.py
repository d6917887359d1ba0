"""Redis slow, frozen or busy: the web app answers a quick 503, or waits briefly for a free
connection instead of calling Redis unavailable."""

from __future__ import annotations

import os
import signal
import threading
import time

import httpx
import pytest
import redis

from tables.engine.connection import configured_timeout, make_client, pool_size_for
from tables.engine.redis_server import RedisServer
from tables.table import lobby
from tables.table.model import ChatRef
from tables.table.store import TableStore
from tests.webapp.conftest import TOKEN, WebServer, auth
from webapp.app import create_app
from webapp.config import WebConfig
from webapp.runtime import redis_pool_size


@pytest.fixture
def frozen_world(tmp_path):
    """A Redis of its own (SIGSTOP would freeze everyone's), a table on it, the web app."""
    server = RedisServer(tmp_path / "redis").start()
    store = TableStore(make_client(server.url))
    table = store.create(ChatRef(-100777), 1, "Alice", game="mia").table
    table = store.change(table.id, lambda t: lobby.join(t, 2, "Bob")).table
    table = store.change(table.id, lambda t: lobby.start(t, 1, store.rng)).table
    web = WebServer(create_app(store, WebConfig(bot_token=TOKEN, long_poll_seconds=5))).start()
    assert server.process is not None
    os.kill(server.process.pid, signal.SIGSTOP)
    try:
        yield web, table
    finally:
        os.kill(server.process.pid, signal.SIGCONT)
        web.stop()
        server.stop()


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("GET", "/api/tables/{t}", None),
        ("GET", "/api/tables/{t}/wait?after=0", None),
        ("POST", "/api/tables/{t}/moves", {"action": "claim:31", "decision": 0}),
        ("GET", "/api/me", None),
    ],
)
def test_a_frozen_redis_gives_a_503_not_a_hang(frozen_world, method, path, body):
    web, table = frozen_world
    started = time.monotonic()
    response = httpx.request(
        method,
        web.url + path.format(t=table.id),
        json=body,
        headers=auth(table.seats[table.state["to_act"]].user_id),
        timeout=60,  # without Redis timeouts, the request would hang past this
    )
    elapsed = time.monotonic() - started
    print(f"{method} {path}: {response.status_code} after {elapsed:.1f} s")
    assert response.status_code == 503, response.text
    assert response.json()["error"]["code"] == "unavailable"
    # One timeout, not one per path a read could take (the lean socket, then redis-py).
    assert elapsed < 2 * configured_timeout() - 0.5


def test_a_thread_waits_briefly_for_a_free_connection_instead_of_failing(redis_server):
    client = make_client(redis_server.url, pool_size=4, timeout=30)
    assert isinstance(client.connection_pool, redis.BlockingConnectionPool)
    errors: list[Exception] = []
    done: list[int] = []

    def hold_a_connection(index: int) -> None:
        try:
            client.blpop([f"nothing:{index}"], timeout=0.1)  # keeps its connection 0.1 s
            done.append(index)
        except redis.RedisError as error:
            errors.append(error)

    threads = [threading.Thread(target=hold_a_connection, args=(i,)) for i in range(32)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == [] and len(done) == 32  # 32 at once through 4 connections, none refused


def test_the_pool_has_a_connection_for_every_thread():
    assert redis_pool_size({"WEB_THREADS": "128"}) >= 128
    assert redis_pool_size({"WEB_THREADS": "128"}) == pool_size_for(128)
    assert redis_pool_size({"REDIS_POOL_SIZE": "300", "WEB_THREADS": "128"}) == 300
    client = make_client("redis://127.0.0.1:1/0", pool_size=pool_size_for(128))
    assert client.connection_pool.max_connections >= 128
    kwargs = client.connection_pool.connection_kwargs
    assert kwargs["socket_timeout"] and kwargs["socket_connect_timeout"]  # every call bounded
