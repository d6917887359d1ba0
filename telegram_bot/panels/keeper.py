"""Players' panels, kept in step with their game.

A panel opens when its player presses the table's 👀/hand button: an ephemeral message,
sent as the answer to that press (its ``callback_query_id``), that only they see
(:mod:`telegram_bot.panels.content`). One per player and table: a new one replaces the last.
From then on it follows the game: on every change of the table it is edited in place if what
it shows changed (their hand, their choices, whose move it is), and removed once they may see
nothing there any more (they left, are out, or the game ended). Only players who opened one
get edits, and never a stream of sends.

Per table one follow task runs at a time (and one worker, by a short lock in Redis), so the
edits of a panel keep the table's order; a panel whose receiver's budget is spent is looked
at again once it has room (the others' panels do not wait for it), so bursts of changes
coalesce into one edit. Delivery is not guaranteed: a panel Telegram says is gone
is forgotten (the next press of the table's button sends a new one); a refused send falls
back to today's paths (the caller's alert, and the table message offers inline mode again
where the refusal will last).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import replace

import redis

from games.steps import Path, path_key
from ops.logs import set_table
from tables.table.errors import NoSuchTable
from tables.table.model import Table
from tables.table.store import TableStore
from telegram_bot.ephemeral_api import EDITED, FAILED, GONE, EphemeralApi, PanelRefused
from telegram_bot.panels.content import PanelView, panel_view
from telegram_bot.panels.records import PanelBudget, PanelRecord, PanelRecords

log = logging.getLogger(__name__)
RETRY_SECONDS = 1.5  # an edit that failed (a flood wait, the network) is tried again
MIN_RETRY_SECONDS = 0.05  # a panel waiting for its receiver's budget is looked at again


class PanelKeeper:
    def __init__(self, api: EphemeralApi, store: TableStore, budget: PanelBudget) -> None:
        self.api = api
        self.store = store
        self.budget = budget
        self.records = PanelRecords(store.redis)
        self.on_refused: Callable[[str], None] = lambda table_id: None  # redraw the table
        self._dirty: set[str] = set()
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._fresh: dict[str, Table] = {}  # a table as a move here just left it
        self._followed: dict[str, int] = {}  # the newest version followed, per open table
        self._full: set[str] = set()  # tables to look at whatever their version (a refusal)

    async def open(
        self,
        table: Table,
        user_id: int,
        language: str,
        query_id: str,
        step: tuple[Path, int] = ((), -1),
    ) -> bool:
        """Answer a press of the table's button with the presser's panel (``step``: a hidden
        choice's step to show, and its decision); False when there is none to show (the
        gate shows them nothing) or Telegram refused it."""
        view = panel_view(table, user_id, language, step=step)
        if view is None:
            return False
        await self.budget.take(table.chat_id, user_id)
        try:
            message_id = await self.api.send(
                table.chat_id,
                user_id,
                view.text,
                view.keyboard,
                query_id=query_id,
                thread_id=table.thread_id,
            )
        except PanelRefused as refused:
            log.info("a panel was refused at table %s: %s", table.id, refused)
            if refused.lasting:
                await asyncio.to_thread(self.records.refuse, table.id)
                self.on_refused(table.id)
            return False
        old = await asyncio.to_thread(self.records.get, table.id, user_id)
        record = PanelRecord(
            user_id,
            message_id,
            view.digest,
            language,
            path=path_key(step[0]),
            path_decision=step[1],
        )
        await asyncio.to_thread(self.records.put, table.id, record)
        if old is not None and old.message_id != message_id:
            await self.api.delete(table.chat_id, user_id, old.message_id)
        self.schedule(table.id)  # a change made while it was on its way is shown too
        return True

    async def refused(self, table_id: str, user_id: int, version: int, text: str) -> None:
        """A move from the panel was refused: the panel says why, until the table changes."""
        record = await asyncio.to_thread(self.records.get, table_id, user_id)
        if record is None:
            return
        noted = replace(record, refusal=text, refusal_version=version)
        await asyncio.to_thread(self.records.put, table_id, noted)
        self.schedule(table_id)

    async def open_step(self, table_id: str, user_id: int, path: Path, decision: int) -> bool:
        """A step of a hidden choice pressed on the panel: the panel shows it (an edit in
        place, soon). False when the presser has no panel here any more."""
        record = await asyncio.to_thread(self.records.get, table_id, user_id)
        if record is None:
            return False
        opened = replace(record, path=path_key(path), path_decision=decision)
        await asyncio.to_thread(self.records.put, table_id, opened)
        self.schedule(table_id)
        return True

    def schedule(
        self, table_id: str, table: Table | None = None, *, news_only: bool = False
    ) -> None:
        """The table changed: its panels are looked at (soon, once for a burst). ``table``:
        the changed table, when a move made here has it: followed at once, without waiting
        for the change to come round the update stream, nor loading it again. ``news_only``
        (a change come round the stream): nothing is done for a version followed already."""
        if table is not None and table.version > self._fresh_version(table_id):
            self._fresh[table_id] = table
        if not news_only:
            self._full.add(table_id)
        self._dirty.add(table_id)
        if table_id not in self._tasks:
            self._tasks[table_id] = asyncio.create_task(self._drain(table_id))

    def _fresh_version(self, table_id: str) -> int:
        fresh = self._fresh.get(table_id)
        return fresh.version if fresh is not None else -1

    async def idle(self) -> None:
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    async def close(self) -> None:
        for task in list(self._tasks.values()):
            task.cancel()
        await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    async def _drain(self, table_id: str) -> None:
        set_table(table_id)
        try:
            while table_id in self._dirty:
                self._dirty.discard(table_id)
                try:
                    await self._follow_locked(table_id)
                except redis.RedisError as error:
                    log.warning("panels of %s: Redis unavailable (%s)", table_id, error)
                    await asyncio.sleep(1)
                    self._dirty.add(table_id)
                    self._full.add(table_id)
                except Exception:
                    log.exception("could not follow the panels of table %s", table_id)
        finally:
            self._tasks.pop(table_id, None)

    async def _follow_locked(self, table_id: str) -> None:
        fresh = self._fresh.pop(table_id, None)
        after = -1 if table_id in self._full else self._followed.get(table_id, -1)
        self._full.discard(table_id)
        records = await asyncio.to_thread(self.records.claim, table_id, after)
        if records is None:
            self._later(table_id, 0.2)  # another worker is at it: look again after it
            return
        if not records:
            return
        try:
            table = await self._newest(table_id, fresh)
            later = await asyncio.gather(*(self._follow(table, r) for r in records))
        except NoSuchTable:
            later = []
        finally:
            await asyncio.to_thread(self.records.unlock, table_id)
        if waits := [wait for wait in later if wait > 0]:
            self._later(table_id, min(waits))

    async def _newest(self, table_id: str, fresh: Table | None) -> Table:
        """The table to follow: the one a move here just made, unless a version as new was
        followed already (then, or without one, it is loaded)."""
        followed = self._followed.get(table_id, -1)
        table = fresh if fresh is not None and fresh.version > followed else None
        if table is None:
            table = await asyncio.to_thread(self.store.load, table_id)
        if table.is_open:
            self._followed[table_id] = max(followed, table.version)
        else:
            self._followed.pop(table_id, None)
        return table

    async def _follow(self, table: Table, record: PanelRecord) -> float:
        """One panel brought up to date: edited, removed, or left as it is. Returns when to
        look at it again (0: it is done). A receiver whose budget is spent is not waited
        for: the others' panels go on, and theirs shows the newest view once it has room
        (the changes meanwhile in one edit)."""
        refusal = record.refusal if record.refusal_version == table.version else None
        step = (record.step_path(), record.path_decision)
        view = panel_view(table, record.user_id, record.language, refusal, step)
        if view is None:
            if await asyncio.to_thread(
                self.records.drop, table.id, record.user_id, record.message_id
            ):
                await self.api.delete(table.chat_id, record.user_id, record.message_id)
            return 0.0
        if view.digest == record.digest:
            return 0.0
        wait = await asyncio.to_thread(self.budget.try_take, table.chat_id, record.user_id)
        if wait > 0:
            return max(wait, MIN_RETRY_SECONDS)
        outcome = await self.api.edit(
            table.chat_id, record.user_id, record.message_id, view.text, view.keyboard
        )
        if outcome == GONE:
            await asyncio.to_thread(self.records.drop, table.id, record.user_id, record.message_id)
        elif outcome == EDITED:
            await asyncio.to_thread(self._keep, table.id, record, view)
        return RETRY_SECONDS if outcome == FAILED else 0.0

    def _keep(self, table_id: str, record: PanelRecord, view: PanelView) -> None:
        """What the panel shows now, unless a newer panel replaced it meanwhile."""
        current = self.records.get(table_id, record.user_id)
        if current is not None and current.message_id == record.message_id:
            self.records.put(table_id, replace(current, digest=view.digest))

    def _later(self, table_id: str, delay: float) -> None:
        asyncio.get_running_loop().call_later(delay, self.schedule, table_id)
