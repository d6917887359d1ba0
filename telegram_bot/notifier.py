"""Shows every table change in its chat: edits the table message, posts the story.

The single way a table reaches a chat, whichever door the move came in by (a group button,
the Mini App, a timer). It follows the table update stream; per table it keeps one rendering
task, waits so the table message is edited at most once per ``edit_interval`` (bursts
coalesce into one edit), and claims each version in Redis so that with several bot workers
every story message is posted once.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

import redis
from telegram import Bot, InlineKeyboardMarkup
from telegram.error import BadRequest, Forbidden, TelegramError

from tables import updates
from tables.errors import NoSuchTable
from tables.model import PLAYING, Table
from tables.store import TableStore
from telegram_bot.render import story_messages, table_message

log = logging.getLogger(__name__)


class Notifier:
    def __init__(
        self,
        bot: Bot,
        store: TableStore,
        consumer: str,
        *,
        edit_interval: float = 1.0,
        miniapp_link: Callable[[Table], str | None] = lambda table: None,
    ) -> None:
        self.bot = bot
        self.store = store
        self.consumer = consumer
        self.edit_interval = edit_interval
        self.miniapp_link = miniapp_link
        self._dirty: set[str] = set()
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
        self._dirty.add(table_id)
        if table_id not in self._tasks:
            self._tasks[table_id] = asyncio.create_task(self._drain(table_id))

    async def close(self) -> None:
        """Stop pending renders (shutdown); what they would have shown is found again later."""
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def idle(self) -> None:
        """Wait until nothing is left to render (tests and shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    async def _drain(self, table_id: str) -> None:
        try:
            while table_id in self._dirty:
                self._dirty.discard(table_id)
                await self._wait_for_edit_slot(table_id)
                try:
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

    async def render(self, table_id: str) -> None:
        try:
            table = await asyncio.to_thread(self.store.load, table_id)
        except NoSuchTable:
            return
        shown = await asyncio.to_thread(self.store.claim_render, table_id, table.version)
        if shown is None:
            return  # this version (or a newer one) is already in the chat
        batches = await asyncio.to_thread(self.store.events_after, table_id, shown)
        events = [event for _version, batch in batches for event in batch]
        message_id = await asyncio.to_thread(self.store.message_id, table_id)
        text, keyboard = table_message(table, self.miniapp_link(table))
        story = story_messages(table, events)
        self._last_edit[table_id] = time.monotonic()
        for chunk in story:
            await self._send(table, chunk, None)
        if (story and table.status == PLAYING) or message_id is None:
            # The table moves below the story so the buttons stay at the bottom of the chat.
            new_id = await self._send(table, text, keyboard)
            if new_id is not None:
                await asyncio.to_thread(self.store.set_message_id, table_id, new_id)
                if message_id is not None:
                    await self._delete(table, message_id)
            return
        if not await self._edit(table, message_id, text, keyboard):
            new_id = await self._send(table, text, keyboard)
            if new_id is not None:
                await asyncio.to_thread(self.store.set_message_id, table_id, new_id)
        if not table.is_open:
            self._last_edit.pop(table_id, None)

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
