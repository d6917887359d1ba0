"""A table's event log: the public events of each game, change by change.

    table:{T}:log:<n>    list: [version, compact events] of game n, MessagePack (see
                         tables.engine.codec)

The store appends to it inside its check-and-set; everyone else only reads it: the chat's
story, ``/log``, the Mini App's latest result.
"""

from __future__ import annotations

from typing import Any

import redis

from games.base import Event
from tables.engine import codec, keys
from tables.engine.fastread import FastReads
from tables.table.model import Table

LOG_TAIL = 4  # log entries read first when looking for the newest changes


class TableLog:
    def __init__(self, client: redis.Redis | FastReads) -> None:
        self.redis = client  # only its lrange is used: redis-py's, or the lean one

    def game_log(self, table: Table, game_no: int) -> list[list[Event]]:
        """The public events of one game at a table, change by change."""
        fields = table.match().rules.event_fields
        return [
            codec.decode(codec.unpack_entry(entry)[1], fields)
            for entry in self.redis.lrange(keys.game_log(table.id, game_no), 0, -1)
        ]

    def events_after(self, table: Table, version: int) -> list[tuple[int, list[Event]]]:
        """The logged events of each change after ``version`` up to the table's own, oldest
        first (this game's and the one before it, so a rematch right after a game's end loses
        nothing). A change committed after this copy of the table was read is left to the
        next reader: told now beside an older table, it would be told again with its own."""
        fields = table.match().rules.event_fields
        found: list[tuple[int, list[Event]]] = []
        for game_no in (table.game_no - 1, table.game_no):
            if game_no < 0:
                continue
            for changed, items in self._tail(keys.game_log(table.id, game_no), version):
                if changed <= table.version:
                    found.append((changed, codec.decode(items, fields)))
        return sorted(found, key=lambda pair: pair[0])

    def recent_events(self, table: Table, count: int) -> list[tuple[int, list[Event]]]:
        """The last ``count`` logged changes of the table's current game, oldest first (one
        read: what a page needs to show the latest result)."""
        fields = table.match().rules.event_fields
        entries = self.redis.lrange(keys.game_log(table.id, table.game_no), -count, -1)
        return [
            (changed, codec.decode(items, fields))
            for changed, items in (codec.unpack_entry(raw) for raw in entries)
        ]

    def _tail(self, key: str, after: int) -> list[tuple[int, list[Any]]]:
        count = LOG_TAIL
        while True:
            entries = [codec.unpack_entry(raw) for raw in self.redis.lrange(key, -count, -1)]
            if not entries or entries[0][0] <= after or len(entries) < count:
                return [(changed, items) for changed, items in entries if changed > after]
            count *= 4
