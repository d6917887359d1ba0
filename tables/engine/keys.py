"""Redis key names. Everything of one table shares the ``{table id}`` hash tag, so a move's
atomic script touches a single Redis Cluster slot.

    table:{T}            hash: v (version), doc (JSON table); the bot keeps its message
                         bookkeeping beside them (telegram_bot.chat_messages)
    table:{T}:log:<n>    list: [version, compact events] of game n (story, /log, Mini App)
    chat:{C:topic}:table id of the open table of a chat or forum topic
    tables:active        set of open table ids (for sweeps)
    tables:deadlines     sorted set: table id by its next deadline (hint; the doc decides)
    tables:updates       stream: (table id, version) after each change, for the notifiers
    tables:changed       pub/sub channel: "<table>:<version>" after each commit (wakes waiters)
    user:{U}:tables      set of open tables where user U sits (a hint, checked on read)

In Redis Cluster mode (``REDIS_CLUSTER=1``) the global keys would put one node in the path of
every move, so they are split into ``PARTITIONS`` partitions, each with a hash tag of its own:

    tables:{P}:active, tables:{P}:deadlines, tables:{P}:updates     (P: the partition's tag)
    table:{T}:changed    sharded pub/sub channel of one table (SPUBLISH from the move script,
                         which may only touch its own slot)

A table's partition follows its slot (``slot * PARTITIONS // 16384``), and partition i's tag
is chosen so that its slot falls in the middle of the i-th sixteenth of the slot space: with slots
handed out in even ranges (``redis-cli --cluster create`` does), a table's index entries
mostly live on the table's own node, and every node holds an even share of the indexes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from redis.crc import REDIS_CLUSTER_HASH_SLOTS, key_slot


class ChatRef(Protocol):
    """What a chat key needs of a chat (or forum topic): its part of the key.

    The engine's own shape, so it knows nothing of tables (tables.table.model.ChatRef fits).
    """

    @property
    def key_part(self) -> str: ...


ACTIVE = "tables:active"
DEADLINES = "tables:deadlines"
UPDATES = "tables:updates"
CHANGES_CHANNEL = "tables:changed"  # pub/sub: "<table id>:<version>" after each commit
PARTITIONS = 16  # of the global keys in cluster mode; changing it orphans the old keys


@dataclass(frozen=True)
class Layout:
    """Where the global keys live: one of each (a single Redis, the names above), or
    ``partitions`` of each with their own hash tags (a Redis Cluster)."""

    partitions: int = 1
    cluster: bool = False

    def partition(self, table_id: str) -> int:
        if self.partitions == 1:
            return 0
        return key_slot(table_id.encode()) * self.partitions // REDIS_CLUSTER_HASH_SLOTS

    def all(self) -> range:
        return range(self.partitions)

    def active(self, partition: int) -> str:
        return ACTIVE if not self.cluster else f"tables:{{{partition_tag(partition)}}}:active"

    def deadlines(self, partition: int) -> str:
        return DEADLINES if not self.cluster else f"tables:{{{partition_tag(partition)}}}:deadlines"

    def updates(self, partition: int) -> str:
        return UPDATES if not self.cluster else f"tables:{{{partition_tag(partition)}}}:updates"

    def changes_channel(self, table_id: str) -> str:
        """Where a commit announces itself: one channel for all tables (PUBLISH), or the
        table's own channel in its own slot (SPUBLISH)."""
        return CHANGES_CHANNEL if not self.cluster else f"table:{{{table_id}}}:changed"

    @property
    def publish_command(self) -> str:
        return "SPUBLISH" if self.cluster else "PUBLISH"


SINGLE = Layout()
CLUSTERED = Layout(partitions=PARTITIONS, cluster=True)


def layout_of(client: Any) -> Layout:
    """The layout for this client: partitioned when it speaks to a Redis Cluster."""
    from redis.cluster import RedisCluster

    return CLUSTERED if isinstance(client, RedisCluster) else SINGLE


def partition_tag(partition: int) -> str:
    """A hash tag whose slot lies near the middle of the partition's share of the slot space.
    Written out (``PARTITION_TAGS``): finding them costs 65,536 CRC16s, which the first move
    of each partition would otherwise pay."""
    return PARTITION_TAGS[partition]


def best_partition_tag(partition: int, partitions: int = PARTITIONS) -> str:
    """How ``PARTITION_TAGS`` was found: the best of a fixed set of candidates (CRC16 is
    cheap and the answer never changes; a test checks the table against it)."""
    middle = (2 * partition + 1) * REDIS_CLUSTER_HASH_SLOTS // (2 * partitions)
    return min(
        (f"p{partition}.{suffix}" for suffix in range(4096)),
        key=lambda tag: abs(key_slot(tag.encode()) - middle),
    )


PARTITION_TAGS = (
    "p0.2074", "p1.3535", "p2.262", "p3.3181", "p4.585", "p5.3153", "p6.1287", "p7.457",
    "p8.3242", "p9.2703", "p10.2965", "p11.2033", "p12.2631", "p13.3370", "p14.3114", "p15.774",
)  # fmt: skip


def table(table_id: str) -> str:
    return f"table:{{{table_id}}}"


def game_log(table_id: str, game_no: int) -> str:
    return f"table:{{{table_id}}}:log:{game_no}"


def chat_table(chat: ChatRef) -> str:
    return f"chat:{{{chat.key_part}}}:table"


def user_tables(user_id: int) -> str:
    return f"user:{{{user_id}}}:tables"


def chat_last_game(chat: ChatRef) -> str:
    """Id of the table whose game finished last in a chat or topic (for /log)."""
    return f"chat:{{{chat.key_part}}}:last"
