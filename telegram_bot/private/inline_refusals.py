"""A choice made in inline mode that the bot cannot apply: the group hears it, the player too.

The choice's line is in the group already, so the group is told in one short line that it
was not played. That line never says more than the group may know: "the table had moved on"
or "it was not their turn", never the game's own reason (a reason such as "must follow red"
would say what the player holds). The player hears the exact reason privately, if they have
a chat with the bot; the inline answer invites them to open one.
"""

from __future__ import annotations

import asyncio
import logging

from telegram import User
from telegram.error import Forbidden, TelegramError
from telegram.ext import ContextTypes

from games.base import N_
from tables.table.errors import NoSuchTable
from telegram_bot.chat_messages import ChatMessages
from telegram_bot.language import person_language
from telegram_bot.people import display_name
from telegram_bot.private import private_chats
from telegram_bot.services import services
from telegram_bot.texts import error_text
from translations import tr

log = logging.getLogger(__name__)

# The group's words by error code: what everyone could see anyway.
GROUP_REASONS = {
    "stale": N_("↩️ {name}'s choice was not played: the table had moved on."),
    "not_your_turn": N_("↩️ {name}'s choice was not played: it was not their turn."),
    "unavailable": N_("↩️ {name}'s choice was not played: the game was briefly unavailable."),
    "not_seated": N_("↩️ {name}'s choice was not played: they are not playing here."),
    "already_left": N_("↩️ {name}'s choice was not played: they are not playing here."),
    "seat_out": N_("↩️ {name}'s choice was not played: they are out of this game."),
    "game_over": N_("↩️ {name}'s choice was not played: the game is over."),
    "not_playing": N_("↩️ {name}'s choice was not played: the game is over."),
    "no_such_table": N_("↩️ {name}'s choice was not played: the game is over."),
}
# Any other refusal names what the rules say about the hand: the group only hears that.
ANY_OTHER = N_("↩️ {name}'s choice was not played: it is not allowed now.")


async def refuse(context: ContextTypes.DEFAULT_TYPE, table_id: str, user: User, code: str) -> None:
    """Say in the group, in one line naming no secret, that the choice was not played; and
    tell the player why, privately, when the bot may write to them."""
    await _tell_group(context, table_id, user, code)
    await _tell_player(context, user, code)


async def _tell_group(
    context: ContextTypes.DEFAULT_TYPE, table_id: str, user: User, code: str
) -> None:
    store = services(context).store
    try:
        table = await asyncio.to_thread(store.load, table_id)
    except NoSuchTable:
        return
    line = tr(table.language, GROUP_REASONS.get(code, ANY_OTHER), name=display_name(user))
    messages = ChatMessages(store.redis)
    notifier = services(context).notifier
    if notifier is not None:
        await notifier.budget.take(table.chat_id)
    try:
        await context.bot.send_message(
            table.chat_id, line, message_thread_id=table.thread_id, disable_notification=True
        )
    except TelegramError as error:
        log.info("could not tell the group of %s about a refused choice: %s", table_id, error)
        return
    await asyncio.to_thread(messages.count_calls, table_id)
    await asyncio.to_thread(messages.mark_below, table_id)


async def _tell_player(context: ContextTypes.DEFAULT_TYPE, user: User, code: str) -> None:
    redis_client = services(context).store.redis
    language = await person_language(context, user)
    try:
        await context.bot.send_message(user.id, error_text(code, language))
    except Forbidden:
        await asyncio.to_thread(private_chats.mark_closed, redis_client, user.id)
    except TelegramError as error:
        log.info("could not tell a player why their choice was refused: %s", error)
    else:
        await asyncio.to_thread(private_chats.mark_open, redis_client, user.id)
