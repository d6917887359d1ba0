"""/mygames and /reminders in a private chat: every table you sit at (whose turn it is, a
link to each), and your private reminders of a slow game's turn, on or off. Any message in a
private chat also tells us that we may write to you first (a reminder needs that)."""

from __future__ import annotations

import asyncio
import time

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update, WebAppInfo
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from tables.profiles import my_games, prefs
from tables.table.deadlines import LONG_TURN_TIMER
from telegram_bot.chat_messages import ChatMessages
from telegram_bot.language import person_language, reader_language
from telegram_bot.links import message_link, miniapp_link
from telegram_bot.private.reminders import CALLBACK_PREFIX, hours
from telegram_bot.services import Services, services
from telegram_bot.texts import game_title
from translations import tr

BUTTONS_SHOWN = 20  # links to tables under /mygames (one per table)


async def show_my_games(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/mygames: every table you sit at, whose turn it is, and a link to each."""
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return
    language = await reader_language(update, context)
    if chat.type != ChatType.PRIVATE:
        await message.reply_text(tr(language, "Send /mygames in a private chat with me."))
        return
    found = await asyncio.to_thread(my_games.open_tables, services(context).store, user.id)
    text, keyboard = await asyncio.to_thread(
        my_games_text, services(context), user.id, found, language
    )
    await message.reply_text(text, reply_markup=keyboard)


def my_games_text(
    served: Services, user_id: int, found: list[my_games.SeatAt], language: str
) -> tuple[str, InlineKeyboardMarkup | None]:
    """The list /mygames answers with, and a link button per table."""
    client = served.store.redis
    titles = prefs.chat_titles(client, sorted({s.table.chat_id for s in found}))
    lines = [tr(language, "🎲 Your tables")]
    if not found:
        lines.append(tr(language, "You sit at no table now. Send /play in a group to open one."))
    messages = ChatMessages(client)
    rows = []
    for index, seat_at in enumerate(found, start=1):
        table = seat_at.table
        game = game_title(table.match().game, language)
        group = titles.get(table.chat_id, "…")
        where = tr(language, "{game} in «{group}»", game=game, group=group)
        lines.append(f"{index}. {where}")
        lines.append("   " + turn_text(seat_at, language))
        link = miniapp_link(served, table.id) or message_link(
            table.chat_id, messages.message_id(table.id)
        )
        if link and len(rows) < BUTTONS_SHOWN:
            rows.append([InlineKeyboardButton(f"{index}. {game} · {group}"[:60], url=link)])
    lines += ["", reminders_state(prefs.wants_reminders(client, user_id), language)]
    if served.config.webapp_url:
        rows.append(
            [
                InlineKeyboardButton(
                    tr(language, "📚 My games"), web_app=WebAppInfo(served.config.webapp_url)
                )
            ]
        )
    return "\n".join(lines), InlineKeyboardMarkup(rows) if rows else None


def turn_text(seat_at: my_games.SeatAt, language: str) -> str:
    table = seat_at.table
    if table.status == "lobby":
        return tr(language, "waiting in the lobby")
    if seat_at.left:
        return tr(language, "you left this game")
    if seat_at.your_turn:
        turn = table.turns.get(str(seat_at.seat), {})
        timer = float(table.option("turn_timer"))
        if timer > 0 and turn:
            left = max(0.0, float(turn["t"]) + timer - time.time())
            return tr(language, "▶️ your turn ({left} left)", left=hours(left, language))
        return tr(language, "▶️ your turn")
    names = ", ".join(seat_at.acting_names())
    return tr(language, "waiting for {name}", name=names) if names else ""


def reminders_state(on: bool, language: str) -> str:
    hours = LONG_TURN_TIMER // 3600
    if on:
        return tr(
            language,
            "🔔 At tables with a turn timer of {hours} h or more, I remind you privately when "
            "it is your turn. /reminders to turn that off.",
            hours=hours,
        )
    return tr(language, "🔕 Reminders of your turn are off. /reminders to turn them on.")


def reminders_keyboard(on: bool, language: str) -> InlineKeyboardMarkup:
    label, value = (
        (tr(language, "🔕 Turn reminders off"), "off")
        if on
        else (tr(language, "🔔 Turn reminders on"), "on")
    )
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(label, callback_data=CALLBACK_PREFIX + value)]]
    )


async def reminders(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/reminders: whether you get private reminders of your turn, with a button to switch."""
    message, user = update.effective_message, update.effective_user
    if message is None or user is None:
        return
    language = await person_language(context, user)
    client = services(context).store.redis
    on = await asyncio.to_thread(prefs.wants_reminders, client, user.id)
    await message.reply_text(
        reminders_state(on, language), reply_markup=reminders_keyboard(on, language)
    )


async def reminders_chosen(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A reminders button (under /reminders, or under a reminder itself)."""
    query = update.callback_query
    if query is None or query.data is None:
        return
    language = await person_language(context, query.from_user)
    wanted = query.data.removeprefix(CALLBACK_PREFIX)
    if wanted not in ("on", "off"):
        await query.answer()
        return
    on = wanted == "on"
    await asyncio.to_thread(
        prefs.set_reminders, services(context).store.redis, query.from_user.id, on
    )
    await query.answer(
        tr(language, "🔔 Reminders are on.") if on else tr(language, "🔕 Reminders are off.")
    )
    markup = query.message.reply_markup if query.message is not None else None
    if markup is not None:  # the switch flips; a reminder keeps its link to the table
        switch = reminders_keyboard(on, language).inline_keyboard[0]
        rows = [
            switch if any(b.callback_data == query.data for b in row) else list(row)
            for row in markup.inline_keyboard
        ]
        await query.edit_message_reply_markup(reply_markup=InlineKeyboardMarkup(rows))
