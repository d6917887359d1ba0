"""Playing alone in a private chat: solo practice against CPUs and the guided tutorial."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from games.game import Game
from games.registry import GAMES, by_command
from tables.profiles import stats
from tables.table import lobby
from tables.table.errors import TableError, TableExists
from tables.table.model import ChatRef, Table
from telegram_bot.language import reader_language
from telegram_bot.people import display_name
from telegram_bot.services import services
from telegram_bot.texts import error_text, game_title
from translations import tr

TUTORIAL_CPUS = ("easy", "easy")


async def _private_table(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    game: Game,
    setup: Callable[[Table], list[Any]],
) -> bool:
    """Open a table of ``game`` in this private chat and prepare it; False (with a reply) if
    refused."""
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    assert message is not None and user is not None and chat is not None
    language = await reader_language(update, context)
    store = services(context).store
    try:
        created = await asyncio.to_thread(
            store.create,
            ChatRef(chat.id),
            user.id,
            display_name(user),
            game=game.name,
            language=language,
            creator_language=user.language_code,
        )
        await asyncio.to_thread(store.change, created.table.id, setup)
    except TableExists:
        await message.reply_text(tr(language, "Finish your open table first, or /cancel it."))
        return False
    except TableError as error:
        await message.reply_text(error_text(error.code, language))
        return False
    return True


async def start_tutorial(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/tutorial [game] (private chat): a guided game against two easy CPUs, a tip each turn."""
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return
    language = await reader_language(update, context)
    if chat.type != ChatType.PRIVATE:
        await message.reply_text(tr(language, "The tutorial happens in a private chat with me."))
        return
    game = by_command(context.args[0].lower().lstrip("/")) if context.args else None
    game = game or next(iter(GAMES.values()))
    store = services(context).store
    seats = max(len(TUTORIAL_CPUS), game.rules.min_seats - 1)
    levels = (TUTORIAL_CPUS * seats)[: min(seats, game.rules.max_seats - 1)]

    def setup(table: Table) -> list[dict[str, Any]]:
        table.tutorial = True
        for level in levels:
            lobby.add_cpu(table, user.id, level)
        lobby.change_setting(table, user.id, "turn_timer", 0)
        return lobby.start(table, user.id, store.rng)

    if not await _private_table(update, context, game, setup):
        return
    await asyncio.to_thread(stats.count_tutorial_start, store.redis, user.id, game.name)
    others = [f"/tutorial {g.command}" for g in GAMES.values() if g is not game]
    lines = [
        tr(
            language,
            "🎓 Welcome to the {game} tutorial! You play against easy CPUs; a 💡 tip under "
            "the table explains each decision. /rules shows the rules.",
            game=game_title(game, language),
        )
    ]
    if others:
        lines.append(tr(language, "Other tutorials: {commands}", commands=", ".join(others)))
    await message.reply_text("\n".join(lines))


async def solo_lobby(update: Update, context: ContextTypes.DEFAULT_TYPE, game: Game) -> None:
    """A game's command in a private chat: solo practice against CPUs (one seated to start)."""
    message, user = update.effective_message, update.effective_user
    if message is None or user is None or update.effective_chat is None:
        return

    def seat_cpus(table: Table) -> list[dict[str, Any]]:
        events: list[dict[str, Any]] = []
        for _ in range(max(1, game.rules.min_seats - 1)):
            events += lobby.add_cpu(table, user.id, "normal")
        return events

    if not await _private_table(update, context, game, seat_cpus):
        return
    language = await reader_language(update, context)
    await message.reply_text(
        tr(
            language,
            "🤖 Solo practice: add CPUs in Settings, then Start. To play with friends, "
            "add me to a group and send /{command} there.",
            command=game.command,
        )
    )
