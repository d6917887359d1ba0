"""Commands and buttons: authenticate the person, turn the input into a table change.

Handlers never render the table themselves; the notifier shows every change. Each handler
answers its callback query exactly once, with an alert when something was refused.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import redis
from telegram import (
    CallbackQuery,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    Update,
    User,
    WebAppInfo,
)
from telegram.constants import ChatType
from telegram.error import NetworkError, TelegramError
from telegram.ext import ContextTypes

from games.errors import GameError
from games.registry import get_game
from tables import lobby, play
from tables.errors import NoSuchTable, TableError, TableExists
from tables.ids import is_table_id
from tables.lobby import CPU_LEVELS
from tables.model import ChatRef, Table
from tables.options import spec_for
from telegram_bot.callback_data import GAME, LOBBY, PRIVATE, BadCallbackData, Button, parse
from telegram_bot.chat_admins import is_chat_admin
from telegram_bot.language import person_language, reader_language, table_language
from telegram_bot.render import PANEL_SETTINGS
from telegram_bot.services import services
from telegram_bot.texts import error_text, help_text
from translations import render, tr

log = logging.getLogger(__name__)
MAX_ALERT = 200
Handler = Callable[[Update, ContextTypes.DEFAULT_TYPE], Awaitable[None]]


def display_name(user: User) -> str:
    return user.full_name or user.username or str(user.id)


def chat_ref(update: Update) -> ChatRef:
    message = update.effective_message
    thread = message.message_thread_id if message and message.is_topic_message else None
    assert update.effective_chat is not None
    return ChatRef(update.effective_chat.id, thread)


# --- commands ----------------------------------------------------------------------------


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


async def start_or_help(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Help; in a private chat also the Mini App (a web_app button, for a table if given)."""
    message, chat = update.effective_message, update.effective_chat
    if message is None or chat is None:
        return
    language = await reader_language(update, context)
    keyboard = None
    webapp_url = services(context).config.webapp_url
    if chat.type == ChatType.PRIVATE and webapp_url:
        table_id = context.args[0] if context.args else ""
        url = f"{webapp_url}?table={table_id}" if is_table_id(table_id) else webapp_url
        keyboard = InlineKeyboardMarkup(
            [[InlineKeyboardButton(tr(language, "📱 Open my hand"), web_app=WebAppInfo(url))]]
        )
    await message.reply_text(
        help_text(language, services(context).bot_username), reply_markup=keyboard
    )


async def rules(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The rules of the open table's settings (or the defaults), with the rank order."""
    message = update.effective_message
    if message is None or update.effective_chat is None:
        return
    store = services(context).store
    language = await reader_language(update, context)
    table = None
    if update.effective_chat.type != ChatType.PRIVATE:
        table = await asyncio.to_thread(store.find_open, chat_ref(update))
        language = table.language if table else language
    game = get_game(table.game if table else "mia")
    settings = table.settings if table else game.presets[game.default_preset]
    await message.reply_text(
        "\n".join(render(line, language) for line in game.describe_rules(settings))
    )


async def open_table(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/mia in a group: open a lobby here (or in this topic); the notifier posts the table."""
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return
    language = await reader_language(update, context)
    store = services(context).store
    try:
        await asyncio.to_thread(
            store.create,
            chat_ref(update),
            user.id,
            display_name(user),
            game="mia",
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


async def cancel_table(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return
    language = await reader_language(update, context)
    store = services(context).store
    table = await asyncio.to_thread(store.find_open, chat_ref(update))
    if table is None:
        await message.reply_text(
            tr(language, "There is no open table here. Send /mia to open one.")
        )
        return
    admin = await is_chat_admin(chat, user.id)
    try:
        await asyncio.to_thread(store.change, table.id, lambda t: lobby.cancel(t, user.id, admin))
    except (TableError, GameError) as error:
        await message.reply_text(error_text(error.code, language))


# --- buttons -----------------------------------------------------------------------------


async def button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query = update.callback_query
    if query is None:
        return
    language = await person_language(context, query.from_user)
    try:
        pressed = parse(query.data)
    except BadCallbackData:
        await _alert(query, error_text("bad_button", language))
        return
    try:
        answer = await _handle(query, pressed, context)
    except (TableError, GameError) as error:
        await _alert(query, error_text(error.code, language))
        return
    except redis.RedisError as error:
        log.warning("Redis unavailable while handling a button: %s", error)
        await _alert(query, error_text("unavailable", language))
        return
    except Exception:
        log.exception("button %s failed", pressed.kind)
        await _alert(query, error_text("error", language))
        return
    if answer is None:
        await _answer(query)
    else:
        await _alert(query, answer)


async def _alert(query: CallbackQuery, text: str) -> None:
    if len(text) > MAX_ALERT:
        text = text[: MAX_ALERT - 1] + "…"
    await _answer(query, text)


async def _answer(query: CallbackQuery, text: str | None = None) -> None:
    """Answer a press (an alert when there is text); one retry on a network hiccup, so the
    presser's spinner stops."""
    for attempt in range(2):
        try:
            if text is None:
                await query.answer()
            else:
                await query.answer(text, show_alert=True)
            return
        except NetworkError as error:
            if attempt:
                log.info("could not answer a callback query: %s", error)
        except TelegramError as error:
            log.info("could not answer a callback query: %s", error)
            return


async def _handle(
    query: CallbackQuery, pressed: Button, context: ContextTypes.DEFAULT_TYPE
) -> str | None:
    """Apply a press; returns an alert text for the presser, or None for a silent answer."""
    store = services(context).store
    user = query.from_user
    table = await asyncio.to_thread(store.load, pressed.table_id)
    if not _same_chat(query, table):
        raise NoSuchTable("button from another chat")
    if pressed.kind == PRIVATE:
        if user.id in _autopiloted_people(table):
            await asyncio.to_thread(store.change, table.id, lambda t: play.wake(t, user.id))
        return _private_view(table, user.id, await person_language(context, user))
    if pressed.kind == GAME:
        await asyncio.to_thread(
            store.change,
            table.id,
            lambda t: play.move(t, user.id, pressed.payload, store.rng),
            pressed.version,
        )
        return None
    assert pressed.kind == LOBBY
    return await _lobby_press(query, pressed, table, context)


def _autopiloted_people(table: Table) -> set[int]:
    return {
        seat.user_id
        for index, seat in enumerate(table.seats)
        if seat.user_id is not None and (index in table.autopilot or str(index) in table.timeouts)
    }


def _same_chat(query: CallbackQuery, table: Table) -> bool:
    message = query.message
    return message is not None and message.chat.id == table.chat_id


def _private_view(table: Table, user_id: int, language: str) -> str:
    seat = table.seat_of(user_id)
    if seat is None:
        return error_text("not_seated", language)
    if table.state is None:
        return error_text("not_playing", language)
    game = get_game(table.game)
    described = game.describe_private(game.view(game.load(table.state), seat))
    return render(described, language) if described else error_text("nothing_to_see", language)


async def _lobby_press(
    query: CallbackQuery, pressed: Button, table: Table, context: ContextTypes.DEFAULT_TYPE
) -> str | None:
    store = services(context).store
    user = query.from_user
    verb, argument = pressed.verb, pressed.argument
    if verb == "rematch":
        await asyncio.to_thread(store.rematch, table.id, user.id)
        return None
    admin_verbs = {"set", "preset", "kick", "cancel", "start", "panel", "cpu"}
    admin = False
    if verb in admin_verbs and user.id != table.creator_id and query.message is not None:
        admin = await is_chat_admin(query.message.chat, user.id)
    game = get_game(table.game)

    def change(t: Table) -> list[dict[str, Any]]:
        if verb == "join":
            return lobby.join(t, user.id, display_name(user), user.language_code)
        if verb == "leave":
            return lobby.leave(t, user.id)
        if verb == "start":
            return lobby.start(t, user.id, store.rng, admin)
        if verb == "cancel":
            return lobby.cancel(t, user.id, admin)
        if verb == "panel" and argument in ("main", PANEL_SETTINGS):
            lobby.require_lobby(t)
            lobby.require_creator(t, user.id, admin)
            t.panel = argument
            return []
        if verb == "preset":
            names = list(game.presets)
            current = game.preset_of(t.settings)
            following = (
                names[(names.index(current) + 1) % len(names)] if current in names else names[0]
            )
            return lobby.choose_preset(t, user.id, following, admin)
        if verb == "set" and argument:
            game_spec = next((s for s in game.settings_specs if s.key == argument), None)
            spec = game_spec or spec_for(argument)
            if spec is None:
                raise BadCallbackData("unknown setting")
            current = t.settings[argument] if game_spec else t.option(argument)
            return lobby.change_setting(t, user.id, spec.key, spec.next_value(current), admin)
        if verb == "cpu" and argument in CPU_LEVELS:
            return lobby.add_cpu(t, user.id, argument, admin)
        if verb == "kick" and argument and argument.isdigit():
            return lobby.kick(t, user.id, int(argument), admin)
        raise BadCallbackData("unknown lobby verb")

    # Settings and kicks act on what the presser saw; joining and leaving are safe at any time.
    expected = pressed.version if verb in {"set", "preset", "kick", "cpu"} else None
    try:
        await asyncio.to_thread(store.change, table.id, change, expected)
    except BadCallbackData:
        return error_text("bad_button", await person_language(context, user))
    return None
