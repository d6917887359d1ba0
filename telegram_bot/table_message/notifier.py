"""Shows every table change in its chat: edits the table message, posts the story.

The single way a table reaches a chat, whichever door the move came in by (a group button,
the Mini App, a timer). It follows the table update stream; per table it keeps one rendering
task, waits so the table message is edited at most once per ``edit_interval`` (bursts
coalesce into one edit), and claims each version in Redis so that with several bot workers
every story message is posted once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable

import redis
from telegram import Bot, InlineKeyboardMarkup
from telegram.error import BadRequest, Forbidden, TelegramError

from ops import metrics
from ops.logs import set_table
from tables import updates
from tables.errors import NoSuchTable
from tables.model import FINISHED, PLAYING, Table
from tables.store import TableStore
from telegram_bot.private.reminders import Reminders
from telegram_bot.table_message.budget import ChatBudget
from telegram_bot.table_message.chat_messages import ChatMessages
from telegram_bot.table_message.render import (
    story_lines,
    story_messages,
    table_message,
    with_banner,
)

log = logging.getLogger(__name__)
RETRY_STORY_AFTER = 5.0
STORY_INTERVAL = 20.0  # seconds between story messages while a group plays fast
CPU_COALESCE_SECONDS = 1.5  # wait for a CPU moving this soon, to show both in one edit
MAX_QUIET = 4.0  # ... unless the table message has not changed for this long


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
    ) -> None:
        self.bot = bot
        self.store = store
        self.consumer = consumer
        self.edit_interval = edit_interval
        self.miniapp_link = miniapp_link
        self.budget = budget or ChatBudget(store.redis)
        self.messages = ChatMessages(store.redis)
        self.inline_mode = inline_mode  # the bot answers inline queries: hands open in chats
        self.reminders = reminders  # private reminders of a slow game's turn
        self._chats: dict[str, int] = {}  # table -> chat (a cache: tables never move)
        self._dirty: set[str] = set()
        self._closing = False
        self._timers: list[asyncio.TimerHandle] = []
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._last_edit: dict[str, float] = {}

    async def run(self) -> None:
        """Follow the update stream until cancelled; Redis outages are waited out, logged."""
        client = self.store.redis
        while True:
            try:
                await asyncio.to_thread(updates.ensure_group, client)
                pending = await asyncio.to_thread(updates.claim_abandoned, client, self.consumer)
                self._take(pending)
                while True:
                    entries = await asyncio.to_thread(updates.read, client, self.consumer, 2000)
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
        if entries:
            # Acknowledged at once: a change whose rendering is lost is found again by the
            # sweeper, which compares each open table's version with the version shown.
            updates.ack(self.store.redis, [entry_id for entry_id, _ in entries])

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
        with contextlib.suppress(redis.RedisError):
            await asyncio.to_thread(updates.forget_consumer, self.store.redis, self.consumer)

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
                    await self.render(table_id)
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

    async def render(self, table_id: str) -> None:
        try:
            table = await asyncio.to_thread(self.store.load, table_id)
        except NoSuchTable:
            return
        self._chats[table_id] = table.chat_id
        if self._cpu_moves_soon(table):
            # A CPU is about to move: show both moves in one edit (and look again if not).
            self._retry_later(table_id, CPU_COALESCE_SECONDS)
            return
        shown = await asyncio.to_thread(self.messages.claim_render, table_id, table.version)
        if shown is not None and table.status == FINISHED:
            # What the finishing process may not have lived to write (safe to write twice).
            await asyncio.to_thread(self.store.settle, table_id)
        news: list[str] = []  # one entry per change that has a story: a result stays whole
        if shown is not None:
            batches = await asyncio.to_thread(self.store.log.events_after, table, shown)
            if self.reminders is not None:
                self.reminders.take(table, batches)
            news = [
                "\n".join(lines)
                for _version, batch in batches
                if (lines := story_lines(table, batch))
            ]
        pending = await asyncio.to_thread(self.messages.take_story, table_id) + news
        if shown is None and not pending:
            return  # this version (or a newer one) is already in the chat
        self._last_edit[table_id] = time.monotonic()
        message_id = await asyncio.to_thread(self.messages.message_id, table_id)
        text, keyboard = table_message(table, self.miniapp_link(table), self.inline_mode)
        if pending:
            # Waiting stories go out with a change (a new turn), never in the middle of one:
            # the table message must not jump away from under a finger.
            with_a_change = shown is not None or not table.is_open
            if with_a_change and await self._room_for_story(table):
                await self._post_story(table, pending, message_id, text, keyboard)
                metrics.shown_in_group(table.updated_at)
                return
            # A busy group: the table message carries the news until there is room.
            await asyncio.to_thread(self.messages.push_story, table_id, pending)
            self._retry_later(table_id)
            if shown is None:
                return  # nothing new since the banner went up: no edit for nothing
            text = with_banner(text, pending, table.language, new=len(news))
        if shown is not None and await self._newer_shown(table_id, table.version):
            return  # another worker already showed a newer version
        await self.budget.take(table.chat_id)
        buried = await asyncio.to_thread(self.messages.take_buried, table_id)
        if buried and message_id is not None:
            # Players' inline plays were posted below it: bring it back to the bottom.
            await self._replace(table, message_id, text, keyboard)
        elif message_id is None or not await self._edit(table, message_id, text, keyboard):
            new_id = await self._send(table, text, keyboard)
            if new_id is not None:
                await asyncio.to_thread(self.messages.set_message_id, table_id, new_id)
        metrics.shown_in_group(table.updated_at)
        if not table.is_open:
            self._last_edit.pop(table_id, None)
            self._chats.pop(table_id, None)

    def _cpu_moves_soon(self, table: Table) -> bool:
        if table.status != PLAYING or table.deadline_kind != "cpu" or table.deadline is None:
            return False
        quiet_for = time.monotonic() - self._last_edit.get(table.id, 0.0)
        return table.deadline - time.time() <= CPU_COALESCE_SECONDS and quiet_for < MAX_QUIET

    async def _room_for_story(self, table: Table) -> bool:
        """Story messages go out at most every STORY_INTERVAL in a group game (the table
        message shows the news meanwhile, as a banner), and then they go out even in a fast
        group, waiting for room in the chat: table edits must not take every free slot and
        leave the story untold until the game ends. A game's end always goes out."""
        if not table.is_open or table.chat_id > 0:
            return True
        last = await asyncio.to_thread(self.messages.last_story_at, table.id)
        return time.time() - last >= STORY_INTERVAL

    async def _post_story(
        self,
        table: Table,
        lines: list[str],
        message_id: int | None,
        text: str,
        keyboard: InlineKeyboardMarkup | None,
    ) -> None:
        await asyncio.to_thread(self.messages.mark_story, table.id, time.time())
        for chunk in story_messages(lines):
            await self.budget.take(table.chat_id)
            await self._send(table, chunk, None)
        await self.budget.take(table.chat_id)
        if table.status in (PLAYING, FINISHED) or message_id is None:
            # The table moves below the story so its buttons (Rematch at the end) stay at
            # the bottom of the chat.
            await self._replace(table, message_id, text, keyboard)
        elif not await self._edit(table, message_id, text, keyboard):
            await self._replace(table, None, text, keyboard)

    async def _replace(
        self,
        table: Table,
        old_id: int | None,
        text: str,
        keyboard: InlineKeyboardMarkup | None,
    ) -> None:
        """Send the table message anew (at the bottom of the chat) and drop the old one."""
        new_id = await self._send(table, text, keyboard)
        if new_id is not None:
            await asyncio.to_thread(self.messages.set_message_id, table.id, new_id)
            if old_id is not None:
                await self._delete(table, old_id)

    async def bring_down(self, table_id: str) -> None:
        """Post the table message again at the bottom of the chat (someone asked for it)."""
        table = await asyncio.to_thread(self.store.load, table_id)
        old_id = await asyncio.to_thread(self.messages.message_id, table_id)
        text, keyboard = table_message(table, self.miniapp_link(table), self.inline_mode)
        await self.budget.take(table.chat_id)
        await self._replace(table, old_id, text, keyboard)

    async def _newer_shown(self, table_id: str, version: int) -> bool:
        return await asyncio.to_thread(self.messages.rendered_version, table_id) > version

    def _retry_later(self, table_id: str, delay: float = RETRY_STORY_AFTER) -> None:
        """Look again for room to post a waiting story, even if the table stays quiet."""
        self._timers = [handle for handle in self._timers if not handle.cancelled()]
        self._timers.append(asyncio.get_running_loop().call_later(delay, self.schedule, table_id))

    async def _send(
        self, table: Table, text: str, keyboard: InlineKeyboardMarkup | None
    ) -> int | None:
        try:
            message = await self.bot.send_message(
                chat_id=table.chat_id,
                text=text,
                reply_markup=keyboard,
                message_thread_id=table.thread_id,
                disable_notification=keyboard is not None and table.status == PLAYING,
            )
        except Forbidden:
            log.warning("bot can no longer write to chat %s (table %s)", table.chat_id, table.id)
            return None
        except TelegramError as error:
            log.warning("sendMessage failed for table %s: %s", table.id, error)
            return None
        return message.message_id

    async def _edit(
        self, table: Table, message_id: int, text: str, keyboard: InlineKeyboardMarkup | None
    ) -> bool:
        """Edit the table message in place; False when it is gone and must be sent anew."""
        try:
            await self.bot.edit_message_text(
                chat_id=table.chat_id, message_id=message_id, text=text, reply_markup=keyboard
            )
        except BadRequest as error:
            if "not modified" in error.message.lower():
                return True
            if "not found" in error.message.lower() or "can't be edited" in error.message.lower():
                return False
            log.warning("editMessageText failed for table %s: %s", table.id, error)
        except TelegramError as error:
            log.warning("editMessageText failed for table %s: %s", table.id, error)
        return True

    async def _delete(self, table: Table, message_id: int) -> None:
        try:
            await self.bot.delete_message(chat_id=table.chat_id, message_id=message_id)
        except TelegramError as error:
            log.info("could not delete old table message of %s: %s", table.id, error)
