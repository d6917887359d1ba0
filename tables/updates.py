"""The stream of table changes that notifiers follow (``tables:updates``).

Every committed change appends (table id, version). Notifier processes read it through one
consumer group, so with several bot workers each change is handled by one of them; a worker
that dies leaves its entries pending, and the others claim them after a while.
"""

from __future__ import annotations

import redis

from tables import keys

GROUP = "notifiers"


def ensure_group(client: redis.Redis) -> None:
    try:
        client.xgroup_create(keys.UPDATES, GROUP, id="$", mkstream=True)
    except redis.ResponseError as error:
        if "BUSYGROUP" not in str(error):
            raise


def read(
    client: redis.Redis, consumer: str, block_ms: int = 2000, count: int = 200
) -> list[tuple[str, str]]:
    """New (entry id, table id) pairs for this consumer; blocks up to ``block_ms``."""
    response = client.xreadgroup(GROUP, consumer, {keys.UPDATES: ">"}, count=count, block=block_ms)
    return _pairs(response)


def claim_abandoned(
    client: redis.Redis, consumer: str, idle_ms: int = 30000
) -> list[tuple[str, str]]:
    """Entries another (dead) consumer read but never acknowledged."""
    result = client.xautoclaim(
        keys.UPDATES, GROUP, consumer, min_idle_time=idle_ms, start_id="0-0", count=200
    )
    messages = result[1] if len(result) > 1 else []
    return [(_text(entry_id), _text(fields[b"t"])) for entry_id, fields in messages if fields]


def ack(client: redis.Redis, entry_ids: list[str]) -> None:
    if entry_ids:
        client.xack(keys.UPDATES, GROUP, *entry_ids)


def _pairs(response: list) -> list[tuple[str, str]]:
    pairs: list[tuple[str, str]] = []
    for _stream, messages in response or []:
        for entry_id, fields in messages:
            pairs.append((_text(entry_id), _text(fields[b"t"])))
    return pairs


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def forget_consumer(client: redis.Redis, consumer: str) -> None:
    """Leave the group on shutdown (entries are acknowledged as soon as they are read, so
    nothing pending is lost), so restarts do not pile up consumer names."""
    client.xgroup_delconsumer(keys.UPDATES, GROUP, consumer)
