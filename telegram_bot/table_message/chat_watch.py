"""What the bot notices of every message it is shown, before any handler runs.

* In a group with an open table: each message the bot sees goes below the table message (a
  player's inline post, a command, and the answer a command gets), so the notifier knows
  when the table has been pushed out of sight and must be sent anew at the bottom. (With
  privacy mode on, the bot sees only these; chatter it cannot count.) Players' inline posts
  are noted one by one: where the bot may delete messages, they go once the table shows
  their move.
* In a private chat: the person has a chat with the bot, which may now tell them what it
  tells nobody else (why a choice was refused).
"""

from __future__ import annotations

import asyncio
import logging

import redis
from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from tables.engine import keys
from telegram_bot.chat_messages import ChatMessages
from telegram_bot.people import chat_ref
from telegram_bot.private import private_chats
from telegram_bot.services import services

log = logging.getLogger(__name__)


async def notice(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    message, chat, user = update.effective_message, update.effective_chat, update.effective_user
    if chat is None or user is None:
        return
    client = services(context).store.redis
    try:
        if chat.type == ChatType.PRIVATE:
            await asyncio.to_thread(private_chats.mark_open, client, user.id)
            return
        if message is None or update.message is None:
            return  # an edit, a button press: nothing new below the table
        command = bool(message.text and message.text.startswith("/"))
        via_us = message.via_bot is not None and message.via_bot.id == context.bot.id
        if command or via_us:
            where = chat_ref(update)
            table_id = await asyncio.to_thread(client.get, keys.chat_table(where))
            if table_id is None and via_us:  # the last move of a game may end it first
                table_id = await asyncio.to_thread(client.get, keys.chat_last_game(where))
            if table_id is not None:
                below = 2 if command else 1  # a command is answered
                table = table_id.decode() if isinstance(table_id, bytes) else str(table_id)
                messages = ChatMessages(client)
                await asyncio.to_thread(messages.mark_below, table, below)
                if via_us:
                    await asyncio.to_thread(messages.add_post, table, message.message_id)
    except redis.RedisError as error:
        log.info("could not note a message: %s", error)
