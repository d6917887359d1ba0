"""The store's reads beyond one table: a chat's open table, a person's tables, waiting.

A chat (or forum topic) names its open table and its last finished one.
A person's tables are an index that may hold stale entries: they are dropped as found.
Waiting for a change wakes at the commit's notice when a watcher is attached.
"""

from __future__ import annotations

import time
from typing import Any

from tables.engine import keys
from tables.engine.fastread import FastReads
from tables.engine.watch_registry import Watchers
from tables.table.errors import NoSuchTable
from tables.table.model import ChatRef, Table

WAIT_CHUNK_SECONDS = 3.0  # re-read the version at least this often while waiting
POLL_SECONDS = 0.2


class TableReads:
    """Reads for TableStore, which gives it its Redis, its fast reads and ``load``."""

    redis: Any
    fast: FastReads
    watcher: Watchers | None

    def load(self, table_id: str) -> Table:
        raise NotImplementedError  # TableStore's

    def find_open(self, chat: ChatRef) -> Table | None:
        table_id = self.redis.get(keys.chat_table(chat))
        if table_id is None:
            return None
        try:
            table = self.load(_text(table_id))
        except NoSuchTable:
            return None
        return table if table.is_open else None

    def tables_of(self, user_id: int) -> list[Table]:
        """Open tables where this person sits, oldest first (stale index entries dropped)."""
        found: list[Table] = []
        for raw in self.redis.smembers(keys.user_tables(user_id)):
            table_id = _text(raw)
            try:
                table = self.load(table_id)
            except NoSuchTable:
                table = None
            if table is None or not table.is_open or table.seat_of(user_id) is None:
                self.redis.srem(keys.user_tables(user_id), table_id)
                continue
            found.append(table)
        return sorted(found, key=lambda t: t.created_at)

    def wait_for_change(self, table_id: str, after: int, timeout: float) -> int:
        """Block until the table's version passes ``after`` (or ``timeout`` seconds pass);
        returns the version then. With a watcher attached (tables.engine.watch) it wakes at the
        commit's notice, which carries the version; without one it looks every fifth of a
        second."""
        deadline = time.monotonic() + timeout
        if self.watcher is None:
            while True:
                current = self._version(table_id)
                remaining = deadline - time.monotonic()
                if current > after or remaining <= 0:
                    return current
                time.sleep(min(remaining, POLL_SECONDS))
        with self.watcher.watching(table_id) as watch:  # before reading: no notice missed
            while True:
                current = self._version(table_id)
                remaining = deadline - time.monotonic()
                if current > after or remaining <= 0:
                    return current
                announced = watch.wait_past(max(after, current), min(remaining, WAIT_CHUNK_SECONDS))
                if announced > after:
                    return announced

    def _version(self, table_id: str) -> int:
        current = self.fast.hget(keys.table(table_id), "v")
        if current is None:
            raise NoSuchTable("no such table")
        return int(current)

    def last_finished(self, chat: ChatRef) -> Table | None:
        """The table whose game finished last in this chat (what /log sends)."""
        table_id = self.redis.get(keys.chat_last_game(chat))
        if table_id is None:
            return None
        try:
            return self.load(_text(table_id))
        except NoSuchTable:
            return None


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)
