"""Who is asking, and where: the person's name and chat, and a plain reply when a command is
refused (shared by every command handler)."""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable

import redis
from telegram import Update, User
from telegram.ext import ContextTypes

from games.errors import GameError
from tables.table.errors import TableError
from tables.table.model import ChatRef
from telegram_bot.language import reader_language
from telegram_bot.texts import error_text

log = logging.getLogger(__name__)
Handler = Callable[[Update, ContextTypes.DEFAULT_TYPE], Awaitable[None]]


def display_name(user: User) -> str:
    return user.full_name or user.username or str(user.id)


def chat_ref(update: Update) -> ChatRef:
    message = update.effective_message
    thread = message.message_thread_id if message and message.is_topic_message else None
    assert update.effective_chat is not None
    return ChatRef(update.effective_chat.id, thread)


def answers_refusals(handler: Handler) -> Handler:
    """A command that a rule refuses, or that finds Redis away, gets a plain reply."""

    @functools.wraps(handler)
    async def wrapper(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        try:
            await handler(update, context)
        except (TableError, GameError, redis.RedisError) as error:
            code = getattr(error, "code", "unavailable")
            if isinstance(error, redis.RedisError):
                log.warning("Redis unavailable while handling a command: %s", error)
            message = update.effective_message
            if message is not None:
                await message.reply_text(error_text(code, await reader_language(update, context)))

    return wrapper
