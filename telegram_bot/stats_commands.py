"""/stats and /top: a person's numbers per game, and a chat's best players."""

from __future__ import annotations

import asyncio

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from games.registry import get_game
from tables import stats
from telegram_bot.language import reader_language
from telegram_bot.people import display_name
from telegram_bot.services import services
from telegram_bot.texts import game_title
from translations import tr


def stats_line(language: str, game_name: str, counts: dict[str, int]) -> str:
    """ "<game>: games 3, wins 1 · <counter> 4 · …" """
    game = get_game(game_name)
    parts = [tr(language, "games {games}, wins {wins}", games=counts["games"], wins=counts["wins"])]
    parts += [
        f"{tr(language, counter.label)} {counts.get(counter.key, 0)}"
        for counter in game.stats_counters
    ]
    return f"{game_title(game, language)}: " + " · ".join(parts)


async def show_stats(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/stats: your numbers everywhere, per game, and in a group also in this chat."""
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return
    language = await reader_language(update, context)
    client = services(context).store.redis
    overall = await asyncio.to_thread(stats.user_games, client, user.id)
    lines = [tr(language, "📊 {name}", name=display_name(user))]
    lines += [stats_line(language, name, counts) for name, counts in overall.items()]
    if chat.type != ChatType.PRIVATE:
        here = await asyncio.to_thread(stats.user_games, client, user.id, chat.id)
        if here:
            lines.append(tr(language, "In this chat:"))
            lines += [stats_line(language, name, counts) for name, counts in here.items()]
    if not overall:
        lines.append(tr(language, "No games yet: send /play in a group to play."))
    await message.reply_text("\n".join(lines))


async def show_top(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/top: the chat's leaderboard by wins, over every game."""
    message, chat = update.effective_message, update.effective_chat
    if message is None or chat is None:
        return
    language = await reader_language(update, context)
    client = services(context).store.redis
    standings = await asyncio.to_thread(stats.chat_leaderboard, client, chat.id)
    if not standings:
        await message.reply_text(tr(language, "No finished games in this chat yet."))
        return
    lines = [tr(language, "🏆 Top players in this chat")]
    for place, standing in enumerate(standings, start=1):
        lines.append(
            tr(
                language,
                "{place}. {name} — {wins} wins in {games} games",
                place=place,
                name=standing.name,
                wins=standing.wins,
                games=standing.games,
            )
        )
    await message.reply_text("\n".join(lines))
