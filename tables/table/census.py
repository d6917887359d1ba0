"""Counts across every table, for operators: open tables by game and status, table changes
in the last minute, and how Redis is doing. Read by the bot's ``/status`` (for its owners)
and, every 30 s, for the ``cupclaim_tables_open`` gauge.

Nothing here is on a player's path: a census reads every open table's document (a pipelined
read per partition of the open tables' index), which is fine every half minute and for an
owner's command, and would not be per move.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

import orjson
import redis

from tables.engine import keys
from tables.engine.cluster import is_cluster
from tables.table.model import LOBBY, PLAYING, Table
from tables.table.store import TableStore


def open_tables(store: TableStore) -> Counter[tuple[str, str]]:
    """(game, status) -> how many open tables (lobbies and games under way)."""
    client, layout = store.redis, store.layout
    pipe = client.pipeline(transaction=False)
    for partition in layout.all():
        pipe.smembers(layout.active(partition))
    ids = sorted({_text(i) for members in pipe.execute() for i in members})
    found: Counter[tuple[str, str]] = Counter()
    pipe = client.pipeline(transaction=False)
    for table_id in ids:
        pipe.hget(keys.table(table_id), "doc")
    for doc in pipe.execute() if ids else []:
        if doc is None:
            continue  # closed and gone since the index was read
        table = Table.from_dict(orjson.loads(doc), 0)  # (a doc leaves out defaults)
        if table.status in (LOBBY, PLAYING):
            found[(table.game, table.status)] += 1
    return found


def changes_last_minute(store: TableStore, now: float | None = None) -> int:
    """Table changes (moves, CPU moves, timers, joins) committed in the last 60 seconds: the
    entries of the update stream, whose ids are their times in milliseconds."""
    since = int(((time.time() if now is None else now) - 60) * 1000)
    pipe = store.redis.pipeline(transaction=False)
    for partition in store.layout.all():
        pipe.xrange(store.layout.updates(partition), min=f"{since}-0", max="+")
    return sum(len(entries) for entries in pipe.execute())


@dataclass(frozen=True)
class RedisFacts:
    answers: bool
    ping_ms: float = 0.0
    version: str = ""
    memory: str = ""  # used memory, as Redis says it ("1.05M")
    problem: str = ""  # the error's kind when it does not answer (never its text)


def redis_facts(store: TableStore) -> RedisFacts:
    client: Any = store.redis
    try:
        started = time.perf_counter()
        client.ping()
        ping_ms = (time.perf_counter() - started) * 1000
        info = client.info("server") if not is_cluster(client) else _one_node(client, "server")
        memory = client.info("memory") if not is_cluster(client) else _one_node(client, "memory")
    except redis.RedisError as error:
        return RedisFacts(False, problem=type(error).__name__)
    return RedisFacts(
        True,
        ping_ms=ping_ms,
        version=str(info.get("redis_version", "")),
        memory=str(memory.get("used_memory_human", "")),
    )


def _one_node(client: Any, section: str) -> dict[str, Any]:
    """On a cluster: one master's view (versions match; memory is per node)."""
    node = client.get_primaries()[0]
    return client.get_redis_connection(node).info(section)


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
