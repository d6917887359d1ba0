"""The hot reads on the lean sockets answer exactly as redis-py does, and fall back to it
when the lean socket cannot be used or breaks mid-read."""

from __future__ import annotations

import pytest

from tables.engine.connection import make_client
from tables.engine.fastread import FastReads
from tables.table.store import TableStore


@pytest.fixture(params=["fast link", "redis-py"])
def reads(request, proxy) -> FastReads:
    store = TableStore(make_client(proxy.url))
    if request.param == "redis-py":
        store.committer._link._usable = False  # as with TLS or a unix socket
    return store.fast


def test_reads_answer_as_redis_py_does(reads, redis_client):
    redis_client.hset("h", mapping={"a": "1", "b": "ü"})
    redis_client.set("s", b"\x00bytes")
    redis_client.rpush("l", "x", "y", "z")
    for method, args in [
        ("hget", ("h", "a")),
        ("hget", ("h", "missing")),
        ("hget", ("nowhere", "a")),
        ("hmget", ("h", "a", "missing", "b")),
        ("get", ("s",)),
        ("get", ("nowhere",)),
        ("lrange", ("l", -2, -1)),
        ("lrange", ("nowhere", 0, -1)),
    ]:
        assert getattr(reads, method)(*args) == getattr(redis_client, method)(*args), method


def test_a_read_whose_reply_is_lost_is_read_again(reads, proxy, redis_client):
    redis_client.hset("table", mapping={"v": "7", "doc": "{}"})
    proxy.lose_next_reply(b"HMGET")
    assert reads.hmget("table", "v", "doc") == [b"7", b"{}"]
    assert reads.hget("table", "v") == b"7"  # and the next read is served as usual
