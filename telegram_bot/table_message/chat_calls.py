"""The calls that change what a group sees of a table: send, edit, delete.

Each waits for room in the chat's flood budget first, never raises (a chat the bot cannot
write to any more is logged once per call), and counts the calls Telegram's flood limits
count (sends and edits) for the table, so the notifier knows what its table has spent.
"""

from __future__ import annotations

import asyncio
import logging

from telegram import Bot, InlineKeyboardMarkup
from telegram.constants import ChatMemberStatus
from telegram.error import BadRequest, Forbidden, TelegramError

from tables.table.model import PLAYING, Table
from telegram_bot.chat_messages import ChatMessages
from telegram_bot.table_message.budget import ChatBudget

log = logging.getLogger(__name__)
RIGHTS_KEPT = 300  # seconds the bot's rights in a chat are taken as known


class ChatCalls:
    def __init__(self, bot: Bot, budget: ChatBudget, messages: ChatMessages) -> None:
        self.bot = bot
        self.budget = budget
        self.messages = messages

    async def _spend(self, table: Table) -> None:
        await self.budget.take(table.chat_id)
        await asyncio.to_thread(self.messages.count_calls, table.id)

    async def send(
        self, table: Table, text: str, keyboard: InlineKeyboardMarkup | None
    ) -> int | None:
        """A new message at the bottom of the chat; its id, or None when it could not go."""
        await self._spend(table)
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

    async def edit(
        self, table: Table, message_id: int, text: str, keyboard: InlineKeyboardMarkup | None
    ) -> bool:
        """Edit a message in place; False when it is gone (or can no longer be edited) and
        must be sent anew."""
        await self._spend(table)
        try:
            await self.bot.edit_message_text(
                chat_id=table.chat_id, message_id=message_id, text=text, reply_markup=keyboard
            )
        except BadRequest as error:
            reason = error.message.lower()
            if "not modified" in reason:
                return True
            if "not found" in reason or "can't be edited" in reason:
                return False
            log.warning("editMessageText failed for table %s: %s", table.id, error)
        except TelegramError as error:
            log.warning("editMessageText failed for table %s: %s", table.id, error)
        return True

    async def edit_keyboard(
        self, table: Table, message_id: int, keyboard: InlineKeyboardMarkup | None
    ) -> None:
        """Another keyboard under a message whose text stays (a step of a large choice)."""
        await self._spend(table)
        try:
            await self.bot.edit_message_reply_markup(
                chat_id=table.chat_id, message_id=message_id, reply_markup=keyboard
            )
        except BadRequest as error:
            if "not modified" not in error.message.lower():
                log.info("could not redraw the buttons of %s: %s", table.id, error)
        except TelegramError as error:
            log.info("could not redraw the buttons of %s: %s", table.id, error)

    async def drop_buttons(self, table: Table, message_id: int) -> None:
        """Keep a message as it reads, without its buttons (a finished game's last table)."""
        await self._spend(table)
        try:
            await self.bot.edit_message_reply_markup(
                chat_id=table.chat_id, message_id=message_id, reply_markup=None
            )
        except TelegramError as error:
            log.info("could not take the buttons off a message of %s: %s", table.id, error)

    async def may_delete_posts(self, chat_id: int) -> bool:
        """Whether the bot may delete others' messages in the chat (an admin with that
        right). Asked of Telegram at most every few minutes per chat; kept in Redis."""
        key = f"chat:{{{chat_id}}}:deletes"
        known = await asyncio.to_thread(self.messages.redis.get, key)
        if known is not None:
            return known in (b"1", "1")
        allowed = False
        try:
            member = await self.bot.get_chat_member(chat_id, self.bot.id)
            allowed = member.status == ChatMemberStatus.OWNER or bool(
                member.status == ChatMemberStatus.ADMINISTRATOR
                and getattr(member, "can_delete_messages", False)
            )
        except TelegramError as error:
            log.info("could not ask for the bot's rights in chat %s: %s", chat_id, error)
        await asyncio.to_thread(self.messages.redis.set, key, int(allowed), ex=RIGHTS_KEPT)
        return allowed

    async def delete_posts(self, table: Table, message_ids: list[int]) -> bool:
        """Delete players' posts in one call (not counted by the flood limits)."""
        try:
            await self.bot.delete_messages(chat_id=table.chat_id, message_ids=message_ids)
        except TelegramError as error:
            log.info("could not delete players' posts at table %s: %s", table.id, error)
            await asyncio.to_thread(
                self.messages.redis.set, f"chat:{{{table.chat_id}}}:deletes", 0, ex=RIGHTS_KEPT
            )
            return False
        return True

    async def delete(self, table: Table, message_id: int) -> None:
        """Delete one of the bot's messages (Telegram's flood limits do not count deletes)."""
        try:
            await self.bot.delete_message(chat_id=table.chat_id, message_id=message_id)
        except TelegramError as error:
            log.info("could not delete old table message of %s: %s", table.id, error)
