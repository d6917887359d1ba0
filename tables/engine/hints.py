"""The indexes beside the tables: who sits where, the open tables, each table's next
deadline, and the stream of changes the notifiers follow.

They live outside a table's hash slot (so on a Redis Cluster they cannot be written by the
table's own script): they go out in the same round trip as the change, but as hints that the
sweeps can rebuild — the table document always decides.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from tables.engine import keys

Command = tuple[Any, ...]


class Sitter(Protocol):
    """A seat as the indexes see it: whose it is (None for a CPU)."""

    @property
    def user_id(self) -> int | None: ...


class Table(Protocol):
    """A table as the indexes see it: the engine's own shape, so it knows nothing of tables
    (tables.table.model.Table fits)."""

    @property
    def id(self) -> str: ...

    @property
    def seats(self) -> Sequence[Sitter]: ...

    @property
    def chat(self) -> keys.ChatRef: ...

    @property
    def is_open(self) -> bool: ...

    @property
    def deadline(self) -> float | None: ...


class IndexHints:
    def __init__(self, layout: keys.Layout, open_key_ttl: int, updates_maxlen: int) -> None:
        self.layout = layout
        self.open_key_ttl = open_key_ttl
        self.updates_maxlen = updates_maxlen

    def add(self, pipe: Any, table: Table, version: int, indexes_changed: bool) -> None:
        """Deadline index and update stream every time; the slower-moving indexes (who sits
        where, open tables, the chat's claim) when they may have changed."""
        if indexes_changed:
            for seat in table.seats:
                if seat.user_id is None:
                    continue
                if table.is_open:
                    pipe.sadd(keys.user_tables(seat.user_id), table.id)
                    pipe.expire(keys.user_tables(seat.user_id), self.open_key_ttl)
                else:
                    pipe.srem(keys.user_tables(seat.user_id), table.id)
            active = self.layout.active(self.layout.partition(table.id))
            if table.is_open:
                pipe.sadd(active, table.id)
                pipe.expire(keys.chat_table(table.chat), self.open_key_ttl)
            else:
                pipe.srem(active, table.id)
        if table.is_open and table.deadline is not None:
            pipe.zadd(self.deadlines_key(table.id), {table.id: table.deadline})
        else:
            pipe.zrem(self.deadlines_key(table.id), table.id)
        pipe.xadd(
            self.layout.updates(self.layout.partition(table.id)),
            {"t": table.id, "v": version},
            maxlen=self.updates_maxlen,
            approximate=True,
        )

    def deadlines_key(self, table_id: str) -> str:
        return self.layout.deadlines(self.layout.partition(table_id))

    def refresh_deadline(self, client: Any, table_id: str, table: Table | None) -> None:
        """Put the table's deadline hint right (None: the table is gone)."""
        if table is not None and table.is_open and table.deadline is not None:
            client.zadd(self.deadlines_key(table_id), {table_id: table.deadline})
        else:
            client.zrem(self.deadlines_key(table_id), table_id)

    def collect(self, table: Table, version: int, indexes_changed: bool) -> list[Command]:
        """The hint commands of a change, for one packed write with its check-and-set."""
        commands: list[Command] = []
        self.add(Collector(commands), table, version, indexes_changed)
        return commands


class Collector:
    """Collects the commands ``IndexHints.add`` would send, for one packed write."""

    def __init__(self, commands: list[tuple[Any, ...]]) -> None:
        self.commands = commands

    def sadd(self, key: str, *members: Any) -> None:
        self.commands.append(("SADD", key, *members))

    def srem(self, key: str, *members: Any) -> None:
        self.commands.append(("SREM", key, *members))

    def expire(self, key: str, seconds: int) -> None:
        self.commands.append(("EXPIRE", key, seconds))

    def zadd(self, key: str, mapping: dict[str, float]) -> None:
        for member, score in mapping.items():
            self.commands.append(("ZADD", key, score, member))

    def zrem(self, key: str, *members: Any) -> None:
        self.commands.append(("ZREM", key, *members))

    def xadd(self, key: str, fields: dict[str, Any], maxlen: int, approximate: bool) -> None:
        flat = [item for pair in fields.items() for item in pair]
        self.commands.append(
            ("XADD", key, "MAXLEN", "~" if approximate else "=", maxlen, "*", *flat)
        )
