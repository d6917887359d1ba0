"""/stats and /top: a person's numbers and rating per game, and a chat's best players of
each game by rating."""

from __future__ import annotations

import asyncio

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from games.registry import GAMES, by_command, get_game
from tables.profiles import seasons, standings, stats
from telegram_bot.language import reader_language
from telegram_bot.people import display_name
from telegram_bot.services import services
from telegram_bot.table_message.rating_text import rating_text, standings_lines
from telegram_bot.texts import game_title
from translations import tr


def stats_line(language: str, game_name: str, counts: dict[str, int]) -> str:
    """ "<game>: games 3, wins 1 · <counter> 4 · …" """
    game = get_game(game_name)
    parts = [tr(language, "games {games}, wins {wins}", games=counts["games"], wins=counts["wins"])]
    parts += [
        f"{tr(language, counter.label)} {counts.get(counter.key, 0)}"
        for counter in game.rules.stats_counters
    ]
    return f"{game_title(game, language)}: " + " · ".join(parts)


def game_lines(
    language: str, counts: dict[str, dict[str, int]], rated: dict[str, standings.Rating]
) -> list[str]:
    """Per game: its counters, then the rating there and its trend (on a line below)."""
    lines = []
    for name, numbers in counts.items():
        lines.append(stats_line(language, name, numbers))
        if name in rated:
            lines.append("   " + rating_text(rated[name], language))
    return lines


async def show_stats(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/stats: your numbers and rating everywhere, per game, and in a group also in this
    chat (its rating this season)."""
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return
    language = await reader_language(update, context)
    client = services(context).store.redis
    overall = await asyncio.to_thread(stats.user_games, client, user.id)
    rated = await asyncio.to_thread(standings.person_ratings, client, user.id)
    lines = [tr(language, "📊 {name}", name=display_name(user))]
    lines += game_lines(language, overall, rated)
    if chat.type != ChatType.PRIVATE:
        here = await asyncio.to_thread(stats.user_games, client, user.id, chat.id)
        rated_here = await asyncio.to_thread(standings.chat_ratings, client, chat.id, user.id)
        if here:
            lines.append(tr(language, "In this chat:"))
            lines += game_lines(language, here, rated_here)
    if not overall:
        lines.append(tr(language, "No games yet: send /play in a group to play."))
    await message.reply_text("\n".join(lines))


async def show_top(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/top [game]: the chat's best players of each game by rating this season (a named
    game: more of them), then who won most over every game."""
    message, chat = update.effective_message, update.effective_chat
    if message is None or chat is None:
        return
    language = await reader_language(update, context)
    client = services(context).store.redis
    named = by_command(context.args[0].lower().lstrip("/")) if context.args else None
    games = [named.name] if named else list(GAMES)
    limit = 20 if named else 5
    lines: list[str] = []
    for name in games:
        found = await asyncio.to_thread(standings.chat_standings, client, chat.id, name, limit)
        if found:
            lines += [*([""] if lines else []), *standings_lines(name, found, language)]
    season = await asyncio.to_thread(seasons.current_season, client, chat.id)
    if season > 1:
        heading = tr(language, "📅 Season {n}", n=season)
        lines = (
            [heading, *lines]
            if lines
            else [tr(language, "📅 Season {n}: no rated games yet.", n=season)]
        )
    winners = await asyncio.to_thread(stats.chat_leaderboard, client, chat.id, 3)
    if not named and winners:
        lines += [*([""] if lines else []), tr(language, "🎖 Most wins, every game:")]
        lines += [
            tr(
                language,
                "{place}. {name} — {wins} wins in {games} games",
                place=place,
                name=standing.name,
                wins=standing.wins,
                games=standing.games,
            )
            for place, standing in enumerate(winners, start=1)
        ]
    if not lines:
        await message.reply_text(tr(language, "No finished games in this chat yet."))
        return
    lines += ["", tr(language, "What a rating means: /help")]
    await message.reply_text("\n".join(lines))
