"""Private choices without a Mini App: a player's hand in inline mode (as the UNO bot does).

The table message has a button that writes ``@bot <table id>`` into the player's input box.
The inline query that follows is answered with that player's own items only (``is_personal``,
never cached): playable ones first, the others greyed with the reason as their description.
Choosing one sends a neutral line to the chat (it never names the item) and reaches the bot as
a ``chosen_inline_result``; the bot then checks the move exactly as for any button. The result
id names the table, the decision token and the item, so an old or forged choice changes
nothing. Needs inline mode and inline feedback enabled for the bot in @BotFather.
"""

from __future__ import annotations

import asyncio
import logging

import redis
from telegram import (
    InlineQueryResultArticle,
    InlineQueryResultsButton,
    InputTextMessageContent,
    Update,
    User,
)
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from games.base import HandItem
from games.errors import GameError
from games.registry import get_game
from tables import play
from tables.errors import NoSuchTable, TableError
from tables.ids import is_table_id
from tables.model import PLAYING, Table
from tables.private_seat import secrets_access
from telegram_bot.language import person_language
from telegram_bot.private.view import describe, private_info
from telegram_bot.services import services
from telegram_bot.table_message.chat_messages import ChatMessages
from telegram_bot.texts import error_text
from translations import render, tr

log = logging.getLogger(__name__)
PAGE = 50  # Telegram's limit of results per answer
MAX_QUERY = 64


async def hand_query(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Answer ``@bot <table id>`` with the asker's own hand at that table."""
    query = update.inline_query
    if query is None:
        return
    user = query.from_user
    language = await person_language(context, user)
    store = services(context).store
    table = await asyncio.to_thread(_find_table, store, query.query.strip(), user.id)
    results: list[InlineQueryResultArticle] = []
    offset = int(query.offset) if query.offset.isascii() and query.offset.isdigit() else 0
    next_offset = ""
    if table is None:
        results = [_note("none", tr(language, "You have no game running."), language)]
    else:
        access = secrets_access(table, user.id)  # the gate every door asks
        info = private_info(table, user.id)
        game = get_game(table.game)
        if info is None or not info.items or access.seat is None:
            why = access.refusal or "nothing_to_see"
            results = [_note("none", error_text(why, language, game), language)]
        else:
            seat = access.seat
            token = play.decision_of(table, seat)
            items = sorted(info.items, key=lambda item: not item.selectable)
            page = items[offset : offset + PAGE]
            if offset + PAGE < len(items):
                next_offset = str(offset + PAGE)
            message = (
                tr(language, game.presentation.hand_play_message)
                if game.presentation.hand_play_message
                else "▶️"
            )
            results = [_item_result(table, token, item, message, language) for item in page]
    try:
        await query.answer(
            results,
            cache_time=0,
            is_personal=True,
            next_offset=next_offset,
            button=_header(table, user.id, language),
        )
    except TelegramError as error:
        log.info("could not answer an inline query: %s", error)


def _find_table(store, text: str, user_id: int) -> Table | None:  # type: ignore[no-untyped-def]
    """The table named in the query, else the person's only running game."""
    text = text[:MAX_QUERY]
    if is_table_id(text):
        try:
            table = store.load(text)
        except NoSuchTable:
            return None
        return table if table.status == PLAYING and table.seat_of(user_id) is not None else None
    running = [t for t in store.tables_of(user_id) if secrets_access(t, user_id).allowed]
    return running[0] if len(running) == 1 else None


def _header(table: Table | None, user_id: int, language: str) -> InlineQueryResultsButton | None:
    """The line above the results: the hand's summary (it opens a private chat with the bot,
    where /start explains the game)."""
    if table is None:
        return None
    info = private_info(table, user_id)
    if info is None:
        return None
    text = describe(info, language) if info.caption else render(info.title, language)
    return InlineQueryResultsButton(text=text[:64], start_parameter=table.id)


def _item_result(
    table: Table, token: int, item: HandItem, message: str, language: str
) -> InlineQueryResultArticle:
    label = render(item.label, language)
    title = f"{item.symbol} {label}" if item.symbol and item.symbol not in label else label
    if item.selectable:
        description = tr(language, "Tap to play it.")
        content = message
    else:
        description = render(item.reason, language) if item.reason else ""
        content = tr(language, "🤔 Just looking at my hand.")
    return InlineQueryResultArticle(
        id=f"{table.id}:{token}:{item.id}",
        title=title,
        description=description or None,
        input_message_content=InputTextMessageContent(content),
    )


def _note(result_id: str, text: str, language: str) -> InlineQueryResultArticle:
    return InlineQueryResultArticle(
        id=result_id,
        title=text[:64],
        input_message_content=InputTextMessageContent(tr(language, "🤔 Just looking at my hand.")),
    )


async def hand_chosen(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A player chose an item: play it if it is still theirs to play on that decision."""
    chosen = update.chosen_inline_result
    if chosen is None:
        return
    parts = chosen.result_id.split(":")
    token_ok = len(parts) == 3 and parts[1].isascii() and parts[1].isdigit()
    if not token_ok or not is_table_id(parts[0]):
        return  # a note, not an item
    table_id, token, item_id = parts[0], int(parts[1]), parts[2]
    user = chosen.from_user
    store = services(context).store

    def play_item(table: Table) -> list:
        info = private_info(table, user.id)
        item = info.item(item_id) if info else None
        if item is None or item.action is None:
            raise GameError("that is not in your hand")
        return play.move(table, user.id, item.action, store.rng, decision=token)

    try:
        # The chosen result's line is in the chat now, below the table message, whatever
        # becomes of the move: the table goes back to the bottom at its next change.
        await asyncio.to_thread(ChatMessages(store.redis).mark_buried, table_id)
        await asyncio.to_thread(store.change, table_id, play_item)
    except (TableError, GameError) as error:
        await _tell(context, user, error.code)
    except redis.RedisError as error:
        log.warning("Redis unavailable while playing from a hand: %s", error)
        await _tell(context, user, "unavailable")


async def _tell(context: ContextTypes.DEFAULT_TYPE, user: User, code: str) -> None:
    """Say privately why a choice did nothing (if the person has a chat with the bot); the
    group hears nothing of it, since the reason may hint at the hand."""
    language = await person_language(context, user)
    try:
        await context.bot.send_message(user.id, error_text(code, language))
    except TelegramError as error:
        log.info("could not tell %s why their choice was refused: %s", user.id, error)
