"""/season: a group's rating seasons. Anyone sees the current season and reads a past one
(``/season 1``: its standings as they were when it ended); a group admin starts a new one,
with everyone's rating carried over or reset, after a second tap to confirm."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime

from redis import Redis
from telegram import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from games.registry import GAMES
from tables.profiles import seasons, standings
from telegram_bot.chat_admins import is_chat_admin
from telegram_bot.language import person_language, reader_language
from telegram_bot.services import services
from telegram_bot.table_message.rating_text import standings_lines
from translations import tr

CALLBACK_PREFIX = "season:"  # season:<ending>:<carried|reset>[:sure]


def _date(when: float | None) -> str:
    return datetime.fromtimestamp(when or 0, UTC).strftime("%Y-%m-%d") if when else "—"


def season_text(found: list[seasons.Season], language: str) -> str:
    current = found[-1]
    lines = [tr(language, "📅 Season {n} of this group's ratings", n=current.number)]
    if current.start and current.mode == seasons.CARRY:
        lines.append(tr(language, "Began {date}, ratings carried over.", date=_date(current.start)))
    elif current.start:
        lines.append(tr(language, "Began {date}, ratings reset.", date=_date(current.start)))
    lines.append(tr(language, "The standings: /top"))
    past = [season for season in found if season.end]
    if past:
        lines.append(tr(language, "Past seasons (their final standings):"))
        lines += [
            f"/season {season.number} — {_date(season.start)} … {_date(season.end)}"
            for season in past
        ]
    return "\n".join(lines)


def admin_keyboard(ending: int, language: str) -> InlineKeyboardMarkup:
    prefix = f"{CALLBACK_PREFIX}{ending}:"
    return InlineKeyboardMarkup(
        [
            [
                InlineKeyboardButton(
                    tr(language, "🔄 New season, ratings carried over"),
                    callback_data=prefix + seasons.CARRY,
                )
            ],
            [
                InlineKeyboardButton(
                    tr(language, "🆕 New season, ratings reset"),
                    callback_data=prefix + seasons.RESET,
                )
            ],
        ]
    )


async def season(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/season in a group: the current season (admins get the buttons that start the next);
    /season <n>: the final standings of season n."""
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return
    language = await reader_language(update, context)
    if chat.type == ChatType.PRIVATE:
        await message.reply_text(tr(language, "Seasons belong to groups: send /season there."))
        return
    client = services(context).store.redis
    found = await asyncio.to_thread(seasons.seasons, client, chat.id)
    wanted = context.args[0] if context.args else ""
    if wanted:
        number = int(wanted) if wanted.isascii() and wanted.isdigit() else 0
        if not 1 <= number <= len(found):
            await message.reply_text(
                tr(language, "There is no season {n} here: see /season.", n=wanted[:12])
            )
            return
        await message.reply_text(await _standings(client, chat.id, number, language))
        return
    admin = await is_chat_admin(chat, user.id)
    keyboard = admin_keyboard(found[-1].number, language) if admin else None
    await message.reply_text(season_text(found, language), reply_markup=keyboard)


async def _standings(client: Redis, chat_id: int, number: int, language: str) -> str:
    lines = [tr(language, "📅 Season {n}: final standings", n=number)]
    for name in GAMES:
        found = await asyncio.to_thread(standings.chat_standings, client, chat_id, name, 10, number)
        if found:
            lines += ["", *standings_lines(name, found, language)]
    if len(lines) == 1:
        lines.append(tr(language, "No rated games in that season."))
    return "\n".join(lines)


async def season_chosen(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """An admin's tap on a season button: first a confirmation, then the new season."""
    query = update.callback_query
    if query is None or query.data is None or query.message is None:
        return
    language = await person_language(context, query.from_user)
    parts = query.data.removeprefix(CALLBACK_PREFIX).split(":")
    chat = query.message.chat
    valid = (
        len(parts) in (2, 3) and parts[0].isdigit() and parts[1] in (seasons.CARRY, seasons.RESET)
    )
    if not valid or not await is_chat_admin(chat, query.from_user.id):
        await query.answer(
            tr(language, "Only the group's admins can start a season."), show_alert=True
        )
        return
    ending, mode = int(parts[0]), parts[1]
    group_language = await reader_language(update, context)
    if len(parts) == 2:
        await _ask_to_confirm(query, group_language, ending, mode)
        return
    client = services(context).store.redis
    started = await asyncio.to_thread(
        seasons.start_season, client, chat.id, ending, mode, time.time()
    )
    await query.answer()
    if not started:
        await query.edit_message_text(
            tr(group_language, "That season has already ended: see /season.")
        )
        return
    await query.edit_message_text(
        tr(
            group_language,
            "📅 Season {n} has begun! The standings of season {old}: /season {old}",
            n=ending + 1,
            old=ending,
        )
    )


async def _ask_to_confirm(query: CallbackQuery, language: str, ending: int, mode: str) -> None:
    """The first tap: what the new season does to the ratings, and a button to start it."""
    await query.answer()
    question = (
        tr(language, "Start season {n}? Everyone's rating here carries over.", n=ending + 1)
        if mode == seasons.CARRY
        else tr(
            language,
            "Start season {n}? Everyone's rating here starts again from 1,500.",
            n=ending + 1,
        )
    )
    sure = tr(language, "✅ Yes, start it")
    button = InlineKeyboardButton(sure, callback_data=f"{query.data}:sure")
    await query.edit_message_text(
        question
        + "\n"
        + tr(language, "Season {n}'s standings stay readable: /season {n}", n=ending),
        reply_markup=InlineKeyboardMarkup([[button]]),
    )
