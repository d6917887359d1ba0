"""Shows every table change in its chat: edits the table message, tells the story.

The single way a table reaches a chat, whichever door the move came in by (a group button,
an inline choice, the Mini App, a timer). It follows the table update stream; per table it
keeps one rendering task, waits so the table message is edited at most once per
``edit_interval`` (bursts coalesce into one edit, a CPU's move joins the move before it,
bids made at once are shown together), and claims each version in Redis so that with several
bot workers every version is shown once.

What each change does in the chat (an edit in place, the table sent anew below, a record
of the story) is decided by :mod:`telegram_bot.table_message.table_show`; docs/group-chat.md
tells why. A step of a large choice opened on the keyboard (no change to the table) is
redrawn by the same task, after any change waiting to be shown, so the two never cross.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import redis
from telegram import Bot

from games.base import SIMULTANEOUS
from ops import metrics
from ops.logs import set_table
from tables.table import updates
from tables.table.errors import NoSuchTable
from tables.table.model import FINISHED, PLAYING, Table
from tables.table.store import TableStore
from telegram_bot.chat_messages import ChatMessages
from telegram_bot.panels.keeper import PanelKeeper
from telegram_bot.private.reminders import Reminders
from telegram_bot.table_message.analysis_told import AnalysisTeller
from telegram_bot.table_message.budget import ChatBudget
from telegram_bot.table_message.chat_calls import ChatCalls
from telegram_bot.table_message.render import story_lines
from telegram_bot.table_message.table_show import TableShow

log = logging.getLogger(__name__)
CPU_COALESCE_SECONDS = 1.5  # wait for a CPU moving this soon, to show both in one edit
MAX_QUIET = 4.0  # ... unless the table message has not changed for this long
SETTLE_SECONDS = 1.5  # after one of several people deciding at once, wait for the others
BURY_LIMIT = 4  # messages below the table message before it is sent anew at the bottom


class Notifier:
    def __init__(
        self,
        bot: Bot,
        store: TableStore,
        consumer: str,
        *,
        edit_interval: float = 1.0,
        miniapp_link: Callable[[Table], str | None] = lambda table: None,
        budget: ChatBudget | None = None,
        inline_mode: bool = True,
        reminders: Reminders | None = None,
        bury_limit: int = BURY_LIMIT,
        panels: PanelKeeper | None = None,
    ) -> None:
        self.bot = bot
        self.store = store
        self.consumer = consumer
        self.edit_interval = edit_interval
        self.miniapp_link = miniapp_link
        self.budget = budget or ChatBudget(store.redis)
        self.messages = ChatMessages(store.redis)
        self.calls = ChatCalls(bot, self.budget, self.messages)
        self.inline_mode = inline_mode  # the bot answers inline queries: hands open in chats
        self.reminders = reminders  # private reminders of a slow game's turn
        self.panels = panels  # players' panels, which follow every change at once
        self.shows = TableShow(
            self.calls, self.messages, miniapp_link, inline_mode, bury_limit, panels is not None
        )
        self.analysis = AnalysisTeller(store, self.calls, miniapp_link)
        if panels is not None:  # a lasting refusal: the table's keyboard offers today's paths
            panels.on_refused = self.show_step
        self._chats: dict[str, int] = {}  # table -> chat (a cache: tables never move)
        self._dirty: set[str] = set()
        self._steps: set[str] = set()  # tables whose keyboard shows another step now
        self._closing = False
        self._timers: list[asyncio.TimerHandle] = []
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._last_edit: dict[str, float] = {}
        self._acting: dict[str, frozenset[int]] = {}  # people to act at the version shown
        self._settling: dict[str, float] = {}  # since when a shared decision is waited for
        self._reader = ThreadPoolExecutor(1, thread_name_prefix="table-updates")

    async def run(self) -> None:
        """Follow the update stream until cancelled; Redis outages are waited out, logged.
        The read blocks up to two seconds, so it has a thread of its own: in the shared
        pool it would hold up a worker that every press, render and panel waits for."""
        client = self.store.redis
        loop = asyncio.get_running_loop()
        while True:
            try:
                await asyncio.to_thread(updates.ensure_group, client)
                pending = await asyncio.to_thread(updates.claim_abandoned, client, self.consumer)
                self._take(pending)
                while True:
                    entries = await loop.run_in_executor(
                        self._reader, updates.read, client, self.consumer, 2000
                    )
                    self._take(entries)
            except asyncio.CancelledError:
                raise
            except redis.RedisError as error:
                log.warning("Redis unavailable for table updates (%s); retrying", error)
                await asyncio.sleep(1)
            except Exception:
                log.exception("table update loop failed; restarting it")
                await asyncio.sleep(1)

    def _take(self, entries: list[tuple[str, str]]) -> None:
        for _entry_id, table_id in entries:
            self.schedule(table_id)
            if self.panels is not None:
                self.panels.schedule(table_id, news_only=True)
        if entries:
            # Acknowledged at once: a change whose rendering is lost is found again by the
            # sweeper, which compares each open table's version with the version shown.
            updates.ack(self.store.redis, [entry_id for entry_id, _ in entries])

    def show_step(self, table_id: str) -> None:
        """A step was opened on the table's keyboard (the chat's bookkeeping says which):
        redraw the keyboard, unless a change shown first draws it anyway."""
        self._steps.add(table_id)
        self.schedule(table_id)

    def schedule(self, table_id: str) -> None:
        if self._closing:
            return
        self._dirty.add(table_id)
        if table_id not in self._tasks:
            self._tasks[table_id] = asyncio.create_task(self._drain(table_id))

    async def close(self) -> None:
        """Stop pending renders (shutdown); what they would have shown is found again later."""
        self._closing = True
        for handle in self._timers:
            handle.cancel()
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self.panels is not None:
            await self.panels.close()
        await self.analysis.close()
        with contextlib.suppress(redis.RedisError):
            await asyncio.to_thread(updates.forget_consumer, self.store.redis, self.consumer)
        self._reader.shutdown(wait=False, cancel_futures=True)

    async def idle(self) -> None:
        """Wait until nothing is left to render (tests and shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    async def _drain(self, table_id: str) -> None:
        set_table(table_id)  # what this task logs is about this table
        try:
            while table_id in self._dirty:
                self._dirty.discard(table_id)
                try:
                    await self._wait_for_edit_slot(table_id)
                    shown = await self.render(table_id)
                    if table_id in self._steps:
                        self._steps.discard(table_id)
                        if not shown:
                            await self._show_step(table_id)
                except redis.RedisError as error:
                    log.warning(
                        "could not render table %s: Redis unavailable (%s)", table_id, error
                    )
                    self._dirty.add(table_id)
                    await asyncio.sleep(1)
                except Exception:
                    log.exception("could not render table %s", table_id)
        finally:
            self._tasks.pop(table_id, None)

    async def _wait_for_edit_slot(self, table_id: str) -> None:
        last = self._last_edit.get(table_id)
        if last is not None:
            wait = self.edit_interval - (time.monotonic() - last)
            if wait > 0:
                await asyncio.sleep(wait)
        chat_id = self._chats.get(table_id)
        if chat_id is not None:
            # Wait for room in the chat *before* claiming: changes that arrive meanwhile are
            # shown together in one edit.
            await self.budget.wait_for(chat_id)

    async def render(self, table_id: str) -> bool:
        """Show the table's newest version in its chat; whether this call showed it."""
        try:
            table = await asyncio.to_thread(self.store.load, table_id)
        except NoSuchTable:
            return False
        self._chats[table_id] = table.chat_id
        if self._cpu_moves_soon(table) or self._settles(table):
            return False  # looked at again shortly, to show the moves together
        shown = await asyncio.to_thread(self.messages.claim_render, table_id, table.version)
        if shown is None:
            return False  # this version (or a newer one) is already in the chat
        if table.status == FINISHED:
            # What the finishing process may not have lived to write (safe to write twice).
            await asyncio.to_thread(self.store.settle, table_id)
        batches = await asyncio.to_thread(self.store.log.events_after, table, shown)
        if self.reminders is not None:
            self.reminders.take(table, batches)
        news = ["\n".join(lines) for _, batch in batches if (lines := story_lines(table, batch))]
        events = [event for _, batch in batches for event in batch]
        chat = await asyncio.to_thread(self.messages.state, table_id)
        self._last_edit[table_id] = time.monotonic()
        if await self._newer_shown(table_id, table.version):
            return False  # another worker already showed a newer version
        await self.shows.show(table, chat, news, events)
        metrics.shown_in_group(table.updated_at)
        if table.status == FINISHED:
            self.analysis.later(table)
        self._acting[table_id] = self._people_to_act(table)
        if not table.is_open:
            for cache in (self._last_edit, self._chats, self._acting, self._settling):
                cache.pop(table_id, None)
        return True

    async def _show_step(self, table_id: str) -> None:
        """The keyboard of the version the chat shows, at the step now open. A change not
        shown yet draws the step itself when it is (one edit, not two); should another worker
        show a newer version while this edit is on its way, the keyboard is drawn again from
        it, so an older keyboard never stays under a newer table."""
        for _ in range(2):
            table = await asyncio.to_thread(self.store.load, table_id)
            if await asyncio.to_thread(self.messages.rendered_version, table_id) < table.version:
                return
            chat = await asyncio.to_thread(self.messages.state, table_id)
            self._last_edit[table_id] = time.monotonic()
            await self.shows.show_step(table, chat)
            if not await self._newer_shown(table_id, table.version):
                return

    def _cpu_moves_soon(self, table: Table) -> bool:
        if table.status != PLAYING or table.deadline_kind != "cpu" or table.deadline is None:
            return False
        quiet_for = time.monotonic() - self._last_edit.get(table.id, 0.0)
        if table.deadline - time.time() <= CPU_COALESCE_SECONDS and quiet_for < MAX_QUIET:
            self._retry_later(table.id, CPU_COALESCE_SECONDS)
            return True
        return False

    def _people_to_act(self, table: Table) -> frozenset[int]:
        if table.status != PLAYING or table.state is None:
            return frozenset()
        game = table.match().game
        state = table.match().state
        return frozenset(s for s in game.rules.to_act(state) if not table.played_by_cpu(s))

    def _settles(self, table: Table) -> bool:
        """Several people deciding at once (hidden bids), and one of them just did: wait a
        moment for the others, so that bids made together are shown in one edit."""
        acting = self._people_to_act(table)
        before = self._acting.get(table.id)
        simultaneous = table.match().game.rules.dynamics == SIMULTANEOUS
        if not simultaneous or before is None or not acting or not acting < before:
            self._settling.pop(table.id, None)
            return False
        since = self._settling.setdefault(table.id, time.monotonic())
        left = SETTLE_SECONDS - (time.monotonic() - since)
        if left <= 0:
            self._settling.pop(table.id, None)
            return False
        self._retry_later(table.id, left)
        return True

    async def bring_down(self, table_id: str) -> None:
        """Post the table message again at the bottom of the chat (someone asked for it)."""
        table = await asyncio.to_thread(self.store.load, table_id)
        chat = await asyncio.to_thread(self.messages.state, table_id)
        text, keyboard = self.shows.table_message(table, chat)
        await self.shows.send_table(table, text, keyboard)
        if chat.message_id is not None:
            await self.calls.delete(table, chat.message_id)

    async def _newer_shown(self, table_id: str, version: int) -> bool:
        return await asyncio.to_thread(self.messages.rendered_version, table_id) > version

    def _retry_later(self, table_id: str, delay: float) -> None:
        """Look at the table again shortly, even if it stays quiet."""
        self._timers = [handle for handle in self._timers if not handle.cancelled()]
        self._timers.append(asyncio.get_running_loop().call_later(delay, self.schedule, table_id))
