"""/status: the owners' view of the bot, in their private chat with it (``OWNER_IDS``).

Tables being played by game, lobbies waiting, table changes in the last minute (moves, CPU
moves, timers, joins: the update stream knows every process's), the 429s this bot process
got from Telegram, Redis's health, the version and how long this process has run. Anyone
else, and anyone in a group, gets no answer at all: the handler is registered with a filter
on the owners' ids and private chats only, so nobody even learns the command exists.
"""

from __future__ import annotations

import asyncio
import time

from telegram import Update
from telegram.ext import ContextTypes, filters

from games.registry import GAMES
from ops.metrics import app_version
from tables.table import census
from tables.table.model import LOBBY, PLAYING
from telegram_bot.config import BotConfig
from telegram_bot.language import person_language
from telegram_bot.services import services
from telegram_bot.serving.api_metrics import flood_answers
from telegram_bot.texts import game_title
from translations import tr

STARTED = time.monotonic()


def owners_only(config: BotConfig) -> filters.BaseFilter:
    return filters.ChatType.PRIVATE & filters.User(user_id=config.owner_ids)


async def show_status(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    message = update.effective_message
    if message is None:
        return
    language = await person_language(context, update.effective_user)
    store = services(context).store
    tables, changes, facts = await asyncio.gather(
        asyncio.to_thread(census.open_tables, store),
        asyncio.to_thread(census.changes_last_minute, store),
        asyncio.to_thread(census.redis_facts, store),
    )
    await message.reply_text(status_text(language, tables, changes, facts))


def status_text(
    language: str,
    tables: dict[tuple[str, str], int],
    changes: int,
    facts: census.RedisFacts,
) -> str:
    minutes = int(time.monotonic() - STARTED) // 60
    lines = [
        tr(language, "📊 Status · version {version} · up {hours} h {minutes} min",
           version=app_version(), hours=minutes // 60, minutes=minutes % 60),
        "",
    ]  # fmt: skip
    playing = [
        f"{game_title(game, language)} {tables.get((name, PLAYING), 0)}"
        for name, game in GAMES.items()
        if tables.get((name, PLAYING), 0)
    ]
    if playing:
        lines.append(tr(language, "🎲 Games being played: {games}", games=" · ".join(playing)))
    else:
        lines.append(tr(language, "🎲 No game is being played."))
    lobbies = sum(count for (_, status), count in tables.items() if status == LOBBY)
    lines.append(tr(language, "🪑 Tables waiting for players: {count}", count=lobbies))
    lines.append(tr(language, "⏱ Table changes in the last minute: {count}", count=changes))
    lines.append(
        tr(language, "🚦 Telegram's flood limit (429) since this process started: {count}",
           count=flood_answers())
    )  # fmt: skip
    if facts.answers:
        lines.append(
            tr(language, "🗄 Redis answers in {ms} ms · version {version} · memory {memory}",
               ms=f"{facts.ping_ms:.1f}", version=facts.version, memory=facts.memory)
        )  # fmt: skip
    else:
        lines.append(tr(language, "🗄 Redis does not answer ({problem})", problem=facts.problem))
    return "\n".join(lines)
