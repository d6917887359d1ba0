"""Commands that open, explain and close tables: /start, /help, /play, each game's own command
(from the registry), /rules and /cancel.

Handlers never render the table themselves; the notifier shows every change.
"""

from __future__ import annotations

import asyncio
import contextlib

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update, WebAppInfo
from telegram.constants import ChatType
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from games.errors import GameError
from games.game import Game
from games.registry import GAMES, by_command
from tables.profiles import prefs
from tables.table import lobby
from tables.table.errors import TableError, TableExists
from tables.table.ids import is_table_id
from telegram_bot.chat_admins import is_chat_admin
from telegram_bot.commands.practice import solo_lobby
from telegram_bot.language import person_language, reader_language, table_language
from telegram_bot.people import chat_ref, display_name
from telegram_bot.private.view import private_info, private_text
from telegram_bot.services import services
from telegram_bot.texts import error_text, game_title, help_text
from translations import render, tr

PLAY_PREFIX = "play:"


async def start_or_help(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Help; in a private chat also the Mini App (a web_app button, for a table if given)."""
    message, chat = update.effective_message, update.effective_chat
    if message is None or chat is None:
        return
    language = await reader_language(update, context)
    keyboard = None
    webapp_url = services(context).config.webapp_url
    table_id = context.args[0] if context.args else ""
    if chat.type == ChatType.PRIVATE and webapp_url:
        url = f"{webapp_url}?table={table_id}" if is_table_id(table_id) else webapp_url
        keyboard = InlineKeyboardMarkup(
            [[InlineKeyboardButton(tr(language, "📱 Open the Mini App"), web_app=WebAppInfo(url))]]
        )
    hand = await _hand_here(update, context, table_id, language)
    text = hand or help_text(language, services(context).bot_username)
    await message.reply_text(text, reply_markup=keyboard)


async def _hand_here(
    update: Update, context: ContextTypes.DEFAULT_TYPE, table_id: str, language: str
) -> str | None:
    """``/start <table>`` in the private chat, from the button above a hand in inline mode:
    the person's hand at that table (with why an item cannot be played now), and that
    this chat is where they hear why a choice was refused."""
    user, chat = update.effective_user, update.effective_chat
    if user is None or chat is None or chat.type != ChatType.PRIVATE or not is_table_id(table_id):
        return None
    try:
        table = await asyncio.to_thread(services(context).store.load, table_id)
    except TableError:
        return None
    if table.seat_of(user.id) is None or table.state is None:
        return None
    lines = [private_text(table, user.id, language)]
    info = private_info(table, user.id)
    for item in info.items if info else ():
        if not item.selectable and item.reason:
            label = render(item.label, language)
            lines.append(f"· {label}: {render(item.reason, language)}")
    lines += ["", tr(language, "I tell you here when a choice of yours cannot be played.")]
    return "\n".join(lines)


def games_keyboard(language: str, prefix: str = PLAY_PREFIX) -> InlineKeyboardMarkup:
    """One button per registered game."""
    return InlineKeyboardMarkup(
        [
            [
                InlineKeyboardButton(
                    f"{game.presentation.icon} {game_title(game, language)}",
                    callback_data=prefix + name,
                )
            ]
            for name, game in GAMES.items()
        ]
    )


async def play_menu(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/play: which game? (one button per game; the press opens a table)."""
    message = update.effective_message
    if message is None:
        return
    language = await reader_language(update, context)
    lines = [tr(language, "Which game shall we play?")]
    lines += [tr(language, game.presentation.summary) for game in GAMES.values()]
    await message.reply_text("\n".join(lines), reply_markup=games_keyboard(language))


async def play_chosen(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A game chosen from /play's buttons: open its table here, as its command would."""
    query = update.callback_query
    if query is None or query.data is None:
        return
    language = await person_language(context, query.from_user)
    name = query.data.removeprefix(PLAY_PREFIX)
    if name not in GAMES or query.message is None:
        await query.answer(error_text("bad_button", language), show_alert=True)
        return
    await query.answer()
    await _open(update, context, GAMES[name])
    with contextlib.suppress(TelegramError):  # the menu has done its job: no second table
        await query.edit_message_reply_markup(reply_markup=None)


def open_command(game: Game):  # type: ignore[no-untyped-def]
    """The handler of a game's own command: in a group it opens a table, in private chat it
    opens solo practice against CPUs."""

    async def handler(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        chat = update.effective_chat
        if chat is not None and chat.type == ChatType.PRIVATE:
            await solo_lobby(update, context, game)
        else:
            await _open(update, context, game)

    handler.__name__ = f"open_{game.name}"
    return handler


async def _open(update: Update, context: ContextTypes.DEFAULT_TYPE, game: Game) -> None:
    """Open a lobby of ``game`` here (or in this topic); the notifier posts the table."""
    message, user = update.effective_message, update.effective_user
    if message is None or user is None or update.effective_chat is None:
        return
    language = await reader_language(update, context)
    if update.effective_chat.type == ChatType.PRIVATE:
        await solo_lobby(update, context, game)
        return
    store = services(context).store
    if update.effective_chat.title:  # named in private reminders and lists of tables
        title = update.effective_chat.title
        await asyncio.to_thread(prefs.set_chat_title, store.redis, update.effective_chat.id, title)
    try:
        await asyncio.to_thread(
            store.create,
            chat_ref(update),
            user.id,
            display_name(user),
            game=game.name,
            language=await table_language(update, context),
            creator_language=user.language_code,
        )
    except TableExists:
        await message.reply_text(
            tr(language, "A table is already open here. Tap Join on it, or /cancel it.")
        )
        existing = await asyncio.to_thread(store.find_open, chat_ref(update))
        notifier = services(context).notifier
        if existing and notifier:
            await notifier.bring_down(existing.id)
    except TableError as error:
        await message.reply_text(error_text(error.code, language))


async def rules(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/rules [game]: the rules of the named game (its defaults), else of the open table's
    settings, else of the game this chat played last; with none of these, the games."""
    message = update.effective_message
    if message is None or update.effective_chat is None:
        return
    store = services(context).store
    language = await reader_language(update, context)
    named = by_command(context.args[0].lower().lstrip("/")) if context.args else None
    table = None
    if named is None and update.effective_chat.type != ChatType.PRIVATE:
        # The open table's game, else the game this chat played last.
        table = await asyncio.to_thread(store.find_open, chat_ref(update))
        if table is None:
            table = await asyncio.to_thread(store.last_finished, chat_ref(update))
        language = table.language if table else language
    if table is not None:
        game, settings = table.match().game, table.settings
    elif named is not None or len(GAMES) == 1:
        game = named or next(iter(GAMES.values()))
        settings = game.rules.presets[game.rules.default_preset]
    else:
        lines = [tr(language, "Which game? Send /rules and its name:")]
        lines += [
            f"/rules {g.command} — {tr(language, g.presentation.summary)}" for g in GAMES.values()
        ]
        await message.reply_text("\n".join(lines))
        return
    await message.reply_text(
        "\n".join(
            render(line, language)
            for line in game.presentation.describe_rules(game.rules.normalize_settings(settings))
        )
    )


async def cancel_table(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return
    language = await reader_language(update, context)
    store = services(context).store
    table = await asyncio.to_thread(store.find_open, chat_ref(update))
    if table is None:
        await message.reply_text(
            tr(language, "There is no open table here. Send /play to open one.")
        )
        return
    admin = await is_chat_admin(chat, user.id)
    try:
        await asyncio.to_thread(store.change, table.id, lambda t: lobby.cancel(t, user.id, admin))
    except (TableError, GameError) as error:
        await message.reply_text(error_text(error.code, language))
