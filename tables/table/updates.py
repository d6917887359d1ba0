"""The stream of table changes that notifiers follow (``tables:updates``).

Every committed change appends (table id, version). Notifier processes read it through one
consumer group, so with several bot workers each change is handled by one of them; a worker
that dies leaves its entries pending, and the others claim them after a while.

Against a Redis Cluster the stream is split into partitions (tables.engine.keys.Layout), each with
its consumer group; a notifier reads all of them, one pipelined round trip per look (a
blocking read cannot span slots), and looks again every ``IDLE_POLL_SECONDS`` while they
are all empty. Entry ids then carry their partition (``"<partition>/<id>"``) for the ack.
"""

from __future__ import annotations

import time

import redis

from tables.engine.keys import Layout, layout_of

GROUP = "notifiers"
IDLE_POLL_SECONDS = 0.05


def ensure_group(client: redis.Redis) -> None:
    layout = layout_of(client)
    for partition in layout.all():
        try:
            client.xgroup_create(layout.updates(partition), GROUP, id="$", mkstream=True)
        except redis.ResponseError as error:
            if "BUSYGROUP" not in str(error):
                raise


def read(
    client: redis.Redis, consumer: str, block_ms: int = 2000, count: int = 200
) -> list[tuple[str, str]]:
    """New (entry id, table id) pairs for this consumer; blocks up to ``block_ms`` (in
    cluster mode: up to ``IDLE_POLL_SECONDS``, then the caller looks again)."""
    layout = layout_of(client)
    if layout.partitions == 1:
        stream = {layout.updates(0): ">"}
        return _pairs(client.xreadgroup(GROUP, consumer, stream, count=count, block=block_ms), "")
    pipe = client.pipeline(transaction=False)
    for partition in layout.all():
        pipe.xreadgroup(GROUP, consumer, {layout.updates(partition): ">"}, count=count)
    found = [
        pair
        for partition, response in zip(layout.all(), pipe.execute(), strict=True)
        for pair in _pairs(response, f"{partition}/")
    ]
    if not found and block_ms > 0:
        time.sleep(min(block_ms / 1000, IDLE_POLL_SECONDS))
    return found


def claim_abandoned(
    client: redis.Redis, consumer: str, idle_ms: int = 30000
) -> list[tuple[str, str]]:
    """Entries another (dead) consumer read but never acknowledged."""
    layout = layout_of(client)
    found: list[tuple[str, str]] = []
    for partition in layout.all():
        result = client.xautoclaim(
            layout.updates(partition), GROUP, consumer, min_idle_time=idle_ms, start_id="0-0",
            count=200,
        )  # fmt: skip
        messages = result[1] if len(result) > 1 else []
        prefix = _prefix(layout, partition)
        found += [(prefix + _text(i), _text(fields[b"t"])) for i, fields in messages if fields]
    return found


def ack(client: redis.Redis, entry_ids: list[str]) -> None:
    if not entry_ids:
        return
    layout = layout_of(client)
    by_partition: dict[int, list[str]] = {}
    for entry in entry_ids:
        partition, _, entry_id = entry.rpartition("/")
        by_partition.setdefault(int(partition or 0), []).append(entry_id)
    for partition, ids in by_partition.items():
        client.xack(layout.updates(partition), GROUP, *ids)


def _prefix(layout: Layout, partition: int) -> str:
    return "" if layout.partitions == 1 else f"{partition}/"


def _pairs(response: list, prefix: str) -> list[tuple[str, str]]:
    pairs: list[tuple[str, str]] = []
    for _stream, messages in response or []:
        for entry_id, fields in messages:
            pairs.append((prefix + _text(entry_id), _text(fields[b"t"])))
    return pairs


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def forget_consumer(client: redis.Redis, consumer: str) -> None:
    """Leave the group on shutdown (entries are acknowledged as soon as they are read, so
    nothing pending is lost), so restarts do not pile up consumer names."""
    layout = layout_of(client)
    for partition in layout.all():
        client.xgroup_delconsumer(layout.updates(partition), GROUP, consumer)
