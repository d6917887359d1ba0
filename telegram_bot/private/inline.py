"""Private choices without a Mini App: a player's hand in inline mode (as the UNO bot does).

The table message has a button that writes ``@bot <table id>`` into the player's input box.
The inline query that follows is answered with what that player may play now, from their own
items only (``is_personal``, never cached). The button above the results (an
``InlineQueryResultsButton``, which opens the private chat with the bot) sums up the rest:
the whole hand when nothing can be played, with the reason; or, for a player the bot cannot
write to yet, the invitation to open that chat, where it says why a choice was refused. So a
greyed item is never a result: choosing it would only leave an empty line in the group.

Choosing a result posts a line to the group that names only what stays public even if the
move is refused (the trick it is for, the card it answers; never the item), and reaches the
bot as a ``chosen_inline_result``; the bot then checks the move exactly as for any button.
A query naming a step too (``@bot <table id> <step>``) is a hidden choice's step, answered by
telegram_bot.private.inline_steps.
The result id names the table, the decision token and the item, so an old or forged choice
changes nothing. Needs inline mode and inline feedback enabled for the bot in @BotFather.
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
from telegram.ext import ContextTypes

from games.base import HandItem, PrivateInfo
from games.errors import GameError
from tables.fairness.private_seat import secrets_access
from tables.table import play
from tables.table.errors import NoSuchTable, NotSeated, StaleMove, TableError
from tables.table.ids import is_table_id
from tables.table.model import PLAYING, Table
from telegram_bot.buttons.callback_data import parse_step_query
from telegram_bot.buttons.person_locks import person_lock
from telegram_bot.chat_messages import ChatMessages
from telegram_bot.language import person_language
from telegram_bot.private import inline_steps, private_chats
from telegram_bot.private.inline_refusals import refuse
from telegram_bot.private.view import describe_lines, private_info
from telegram_bot.services import services
from telegram_bot.texts import error_text
from translations import render, tr

log = logging.getLogger(__name__)
PAGE = 50  # Telegram's limit of results per answer
MAX_QUERY = 64
BUTTON_TEXT = 64  # what Telegram shows of the button's text


async def hand_query(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Answer ``@bot <table id>`` with what the asker may play from their hand there."""
    query = update.inline_query
    if query is None:
        return
    named = parse_step_query(query.query)
    if named is not None:  # a step of a hidden choice, opened for the asker alone
        await inline_steps.step_query(query, context, *named)
        return
    user = query.from_user
    language = await person_language(context, user)
    store = services(context).store
    table = await asyncio.to_thread(_find_table, store, query.query.strip(), user.id)
    offset = int(query.offset) if query.offset.isascii() and query.offset.isdigit() else 0
    results: list[InlineQueryResultArticle] = []
    next_offset = ""
    access = secrets_access(table, user.id) if table is not None else None  # the one gate
    info = private_info(table, user.id) if table is not None else None
    if table is None or access is None:
        button = _button(tr(language, "You have no game running."), "start")
    elif access.seat is None or info is None or not info.items:
        why = access.refusal or "nothing_to_see"
        button = _button(error_text(why, language, table.match().game), table.id)
    else:
        playable = [item for item in info.items if item.selectable]
        page = playable[offset : offset + PAGE]
        if offset + PAGE < len(playable):
            next_offset = str(offset + PAGE)
        line = _play_line(table, user.id)
        token = play.decision_of(table, access.seat)
        results = [_item_result(table, token, item, line, language) for item in page]
        known = await asyncio.to_thread(private_chats.is_open, store.redis, user.id)
        button = _button(_header(info, playable, known, language), table.id)
    try:
        await query.answer(
            results, cache_time=0, is_personal=True, next_offset=next_offset, button=button
        )
    except Exception as error:  # an answer that came too late: the person asks again
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


def _header(info: PrivateInfo, playable: list[HandItem], known: bool, language: str) -> str:
    """The button's words: why nothing can be played now, and what is held; else, to someone
    the bot cannot write to, the invitation to open the chat that hears refusals; else what
    cannot be played now and why; else the hand at a glance."""
    greyed = [item for item in info.items if not item.selectable]
    reason = next((item.reason for item in greyed if item.reason), None)
    if not playable:
        held = _signs(info.items, language)
        return f"{render(reason, language)} {held}" if reason else held
    if not known:
        return tr(language, "💬 Open a chat with me to hear why a move fails")
    if greyed and reason:
        return f"🚫 {_signs(greyed, language)}: {render(reason, language)}"
    if info.caption is None:
        return render(info.title, language)
    return " · ".join(describe_lines(info, language))  # (a button's words are one line)


def _signs(items: tuple[HandItem, ...] | list[HandItem], language: str) -> str:
    """Items at a glance: by a short label as it is ("10♥"), else by the item's sign."""
    shown = []
    for item in items:
        label = render(item.label, language)
        shown.append(label if len(label) <= 4 or not item.symbol else item.symbol)
    return " ".join(shown)


def _button(text: str, start: str) -> InlineQueryResultsButton:
    """The button above the results: it opens the private chat with the bot."""
    if len(text) > BUTTON_TEXT:
        text = text[: BUTTON_TEXT - 1] + "…"
    return InlineQueryResultsButton(text=text, start_parameter=start)


def _play_line(table: Table, user_id: int) -> str:
    """What a chosen result posts to the group, in the group's language."""
    game = table.match().game
    public = table.match().public_view()
    seat = table.seat_of(user_id) or 0
    return render(
        game.presentation.describe_private_play(public, seat, table.display_names()), table.language
    )


def _item_result(
    table: Table, token: int, item: HandItem, line: str, language: str
) -> InlineQueryResultArticle:
    label = render(item.label, language)
    title = f"{item.symbol} {label}" if item.symbol and item.symbol not in label else label
    return InlineQueryResultArticle(
        id=f"{table.id}:{token}:{item.id}",
        title=title,
        description=tr(language, "Tap to play it."),
        input_message_content=InputTextMessageContent(line),
    )


async def hand_chosen(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A player chose an item: play it if it is still theirs to play on that decision."""
    chosen = update.chosen_inline_result
    if chosen is None:
        return
    parts = chosen.result_id.split(":", 2)  # the last part: an item, or a choice (inline_steps)
    token_ok = len(parts) == 3 and parts[1].isascii() and parts[1].isdigit()
    if not token_ok or not is_table_id(parts[0]):
        return
    table_id, token, item_id = parts[0], int(parts[1]), parts[2]
    user = chosen.from_user
    async with person_lock(table_id, user.id):  # a double tap waits for the first choice
        await _play_chosen(context, table_id, user, token, item_id)


async def _play_chosen(
    context: ContextTypes.DEFAULT_TYPE, table_id: str, user: User, token: int, item_id: str
) -> None:
    store = services(context).store
    messages = ChatMessages(store.redis)

    def play_item(table: Table) -> list:
        seat = table.seat_of(user.id)
        if seat is None:  # a watcher is told they do not play, before any word of a hand
            raise NotSeated("you are not playing at this table")
        if table.status == PLAYING and play.decision_of(table, seat) != token:
            raise StaleMove("that decision has moved on")  # (the item may be gone with it)
        action = inline_steps.chosen_action(table, token, item_id)  # a hidden choice's
        if action is None:
            info = private_info(table, user.id)
            item = info.item(item_id) if info else None
            if item is None or item.action is None:
                raise GameError("that is not in your hand")
            action = item.action
        return play.move(table, user.id, action, store.rng, decision=token)

    try:
        await asyncio.to_thread(store.change, table_id, play_item)
        await asyncio.to_thread(messages.remember_move, table_id, user.id, token, f"i:{item_id}")
    except (TableError, GameError) as error:
        last = await asyncio.to_thread(messages.last_move, table_id, user.id)
        if last is not None and last[0] == token:
            # A second choice on a decision already played: a double tap, not an error.
            log.info("a second choice at table %s was let go", table_id)  # never who (a user id)
            return
        await refuse(context, table_id, user, error.code)
    except redis.RedisError as error:
        log.warning("Redis unavailable while playing from a hand: %s", error)
        await refuse(context, table_id, user, "unavailable")
