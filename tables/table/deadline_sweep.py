"""The store's deadline sweep: which tables' deadlines passed, and doing what each calls for.

A deadline is a turn's timer, a CPU's move, a reminder, or a table's expiry
(tables.table.deadlines).
Several workers may sweep at once: the check-and-set lets exactly one of them fire it.
A CPU's move is thought out before the change, so the slow part holds no table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.base import Event
from games.rng import Rng
from ops import metrics
from tables.engine.hints import IndexHints
from tables.table import play, thinking
from tables.table.errors import NoSuchTable, TableError
from tables.table.model import Table

THINK_TRIES = 3  # thinking ahead of a deadline's change, before thinking inside it


class _NotDue(TableError):
    """The deadline has not passed on this copy of the table. A TableError, so that a copy
    from this process's cache is judged again on the table Redis holds (another process
    may have set an earlier deadline since)."""


class DeadlineSweep:
    """Deadlines for TableStore, which gives it its Redis, clock, cache and changes."""

    redis: Any
    layout: Any
    clock: Callable[[], float]
    rng: Rng
    config: Any  # tables.table.store.TableConfig
    hints: IndexHints

    def load(self, table_id: str) -> Table:
        raise NotImplementedError  # TableStore's

    def change(self, table_id: str, change: Callable[[Table], list[Event]]) -> Any:
        raise NotImplementedError  # TableStore's: an Outcome

    def _cached(self, table_id: str, version: int | None) -> Table | None:
        raise NotImplementedError  # TableStore's

    def due_tables(self, now: float | None = None, limit: int = 100) -> list[str]:
        now = self.clock() if now is None else now
        layout = self.layout
        if layout.partitions == 1:
            found = self.redis.zrangebyscore(layout.deadlines(0), "-inf", now, 0, limit)
            return [_text(t) for t in found]
        pipe = self.redis.pipeline(transaction=False)
        for partition in layout.all():
            pipe.zrangebyscore(layout.deadlines(partition), "-inf", now, 0, limit)
        return [_text(t) for batch in pipe.execute() for t in batch][: limit * 4]

    def fire_deadline(self, table_id: str) -> Any:
        """Do what a table's passed deadline calls for (see tables.table.deadlines), exactly once:
        the check-and-set lets only one of several sweeping workers win, and the loser finds
        the deadline moved on and does nothing."""
        now = self.clock()
        try:  # a CPU's move is thought out first, from the table as this process knows it
            read = self._cached(table_id, None) or self.load(table_id)
            thoughts = thinking.ahead(read, now, self.rng, self.config.think)
        except NoSuchTable:
            self.hints.refresh_deadline(self.redis, table_id, None)
            return None

        def fire(table: Table) -> list[Event]:
            if not table.is_open or table.deadline is None or table.deadline > now:
                raise _NotDue
            thoughts.begin()
            metrics.deadline_fired(table.deadline, now)
            return play.on_deadline(table, table.deadline_kind, now, self.rng, thoughts)

        try:
            for _ in range(THINK_TRIES - 1):
                try:
                    return self.change(table_id, fire)
                except thinking.Unthought:  # the table moved on: think again, outside
                    thoughts = thinking.ahead(self.load(table_id), now, self.rng, thoughts.budget)
            thoughts.inline = True  # a table this busy: think inside the change this once
            return self.change(table_id, fire)
        except _NotDue:
            try:
                current: Table | None = self.load(table_id)
            except NoSuchTable:
                current = None
            self.hints.refresh_deadline(self.redis, table_id, current)
            return None
        except NoSuchTable:
            self.hints.refresh_deadline(self.redis, table_id, None)
            return None


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)
