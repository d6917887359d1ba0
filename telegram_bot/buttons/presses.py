"""Presses on the table message: authenticate the person, turn the press into a table change.

Each press is answered exactly once: a short toast when a move was taken ("✓ 53"), an alert
when something was refused, the presser's own secret when they asked to look, nothing but a
stopped spinner when a step of a large choice opens (the keyboard shows it). A press on an
old message, a second tap, or forged data changes nothing.

Where players have panels (telegram_bot.panels), asking to look opens the presser's panel
instead of the alert, and a press on a panel is a press like any other (its buttons carry
the same data as the table's); a refusal is then also written on the panel, where the
player looks. Should the panel not go out, the look is answered as before, by the alert.
"""

from __future__ import annotations

import asyncio
import logging

import redis
from telegram import CallbackQuery, Update
from telegram.error import NetworkError, TelegramError
from telegram.ext import ContextTypes

from games.errors import GameError, NotYourTurn
from games.game import Game
from ops.logs import set_table
from tables.table import play
from tables.table.deadlines import acting_seats
from tables.table.errors import NoSuchTable, StaleMove, TableError
from tables.table.model import Table
from telegram_bot.buttons.callback_data import (
    GAME,
    INDEX_PREFIX,
    PRIVATE,
    STEP,
    BadCallbackData,
    Button,
    parse,
)
from telegram_bot.buttons.keyboards import public_choices
from telegram_bot.buttons.lobby import lobby_press
from telegram_bot.buttons.person_locks import person_lock
from telegram_bot.buttons.step_press import step_press
from telegram_bot.chat_messages import ChatMessages
from telegram_bot.ephemeral_api import ephemeral_id
from telegram_bot.language import person_language
from telegram_bot.private.view import private_text
from telegram_bot.services import services
from telegram_bot.texts import error_text
from translations import best_language, render, tr

log = logging.getLogger(__name__)
MAX_ALERT = 200


async def button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query = update.callback_query
    if query is None:
        return
    try:
        language = await person_language(context, query.from_user)
    except redis.RedisError as error:
        # Its retries have spent most of the 15 s Telegram gives an answer: a second wait,
        # for the table, would leave the press unanswered. Refuse now, in Telegram's language.
        log.warning("Redis unavailable while reading a language: %s", error)
        await alert(query, error_text("unavailable", best_language(query.from_user.language_code)))
        return
    try:
        pressed = parse(query.data)
        set_table(pressed.table_id)  # what this press logs is about this table
    except BadCallbackData:
        await alert(query, error_text("bad_button", language))
        return
    async with person_lock(pressed.table_id, query.from_user.id):
        await _answer(query, pressed, language, context)


async def _answer(
    query: CallbackQuery, pressed: Button, language: str, context: ContextTypes.DEFAULT_TYPE
) -> None:
    game: Game | None = None
    try:
        table = await asyncio.to_thread(services(context).store.load, pressed.table_id)
        game = table.match().game
        if not _same_chat(query, table):
            raise NoSuchTable("button from another chat")
        answer, toast = await _handle(query, pressed, table, language, context)
    except (TableError, GameError) as error:
        if game is not None and await _tapped_twice(query, pressed, context):
            # The same choice, once more (a double tap, an older copy of the message): it
            # was taken the first time, so it is answered as it was then.
            await answer_query(query, _done(game, pressed.payload, language), show_alert=False)
            return
        refusal = await _refusal(error, game, pressed, language, context)
        await alert(query, refusal)
        await _tell_panel(query, pressed, refusal, context)
        return
    except BadCallbackData:  # well formed, but naming nothing the table offers
        await alert(query, error_text("bad_button", language))
        return
    except redis.RedisError as error:
        log.warning("Redis unavailable while handling a button: %s", error)
        await alert(query, error_text("unavailable", language))
        return
    except Exception:
        log.exception("button %s failed", pressed.kind)
        await alert(query, error_text("error", language))
        return
    if answer is None:
        await answer_query(query)
    elif toast:
        await answer_query(query, answer, show_alert=False)
    else:
        await alert(query, answer)


async def _handle(
    query: CallbackQuery,
    pressed: Button,
    table: Table,
    language: str,
    context: ContextTypes.DEFAULT_TYPE,
) -> tuple[str | None, bool]:
    """Apply a press; returns the presser's answer (None: a silent answer) and whether it is
    a passing toast rather than an alert to dismiss."""
    store = services(context).store
    user = query.from_user
    if pressed.kind == PRIVATE:
        seat = table.seat_of(user.id)
        if seat is not None and (seat in table.autopilot or str(seat) in table.timeouts):
            await asyncio.to_thread(store.change, table.id, lambda t: play.wake(t, user.id))
        panels = services(context).panels
        refused = panels is None or await _panels_refused(table, context)
        if not refused and await panels.open(table, user.id, language, query.id):
            return None, True  # the panel is the answer
        return private_text(table, user.id, language), False
    if pressed.kind == GAME:
        action = _action_of(table, pressed)
        outcome = await asyncio.to_thread(
            store.change,
            table.id,
            lambda t: play.move(t, user.id, action, store.rng, decision=pressed.stamp),
        )
        if services(context).panels is not None:  # the panels show it without a detour
            services(context).panels.schedule(table.id, outcome.table)
        await asyncio.to_thread(
            ChatMessages(store.redis).remember_move,
            table.id,
            user.id,
            pressed.stamp,
            f"b:{pressed.payload}",
        )
        return _done(table.match().game, action, language), True
    if pressed.kind == STEP:
        refused = await step_press(query, pressed, table, language, context)
        return refused, refused is None
    return await lobby_press(query, pressed, table, context), False


async def _panels_refused(table: Table, context: ContextTypes.DEFAULT_TYPE) -> bool:
    state = await asyncio.to_thread(ChatMessages(services(context).store.redis).state, table.id)
    return state.panels_refused


async def _tell_panel(
    query: CallbackQuery, pressed: Button, refusal: str, context: ContextTypes.DEFAULT_TYPE
) -> None:
    """A refused move from a panel: the panel says why too, until the table changes."""
    panels = services(context).panels
    if panels is None or ephemeral_id(query.message) is None:
        return
    try:
        table = await asyncio.to_thread(services(context).store.load, pressed.table_id)
    except (TableError, redis.RedisError):
        return  # the alert said it
    await panels.refused(table.id, query.from_user.id, table.version, refusal)


def _done(game: Game, action: str, language: str) -> str:
    """The toast of a move taken: the game's words for it, else "✓ <its label>"."""
    if action.startswith(INDEX_PREFIX):
        return "✓"
    done = game.presentation.action_done(action)
    if done is not None:
        return render(done, language)
    return tr(
        language, "✓ {action}", action=render(game.presentation.action_label(action), language)
    )


async def _tapped_twice(
    query: CallbackQuery, pressed: Button, context: ContextTypes.DEFAULT_TYPE
) -> bool:
    """Whether this press repeats the presser's last move: the same button, same decision."""
    if pressed.kind != GAME:
        return False
    store = services(context).store
    last = await asyncio.to_thread(
        ChatMessages(store.redis).last_move, pressed.table_id, query.from_user.id
    )
    return last == (pressed.stamp, f"b:{pressed.payload}")


def _action_of(table: Table, pressed: Button) -> str:
    """The action a game button stands for (by name, or by its index among public actions)."""
    index = pressed.action_index
    if index is None:
        return pressed.payload
    if table.state is None:
        raise StaleMove("the game is over")
    choices = [action for action, token in public_choices(table) if token == pressed.stamp]
    if not 0 <= index < len(choices):
        raise StaleMove("this button is from an older turn")
    return choices[index]


async def _refusal(
    error: TableError | GameError,
    game: Game | None,
    pressed: Button,
    language: str,
    context: ContextTypes.DEFAULT_TYPE,
) -> str:
    """The refusal's words; "not your turn" names whose turn it is."""
    if isinstance(error, NotYourTurn) and pressed.kind in (GAME, STEP):
        table = await asyncio.to_thread(services(context).store.load, pressed.table_id)
        waiting = [
            table.display_names()[seat]
            for seat in acting_seats(table)
            if not table.played_by_cpu(seat)
        ]
        if waiting:
            names = ", ".join(waiting)
            return tr(language, "It's not your turn: waiting for {names}.", names=names)
    return error_text(error.code, language, game)


async def alert(query: CallbackQuery, text: str) -> None:
    if len(text) > MAX_ALERT:
        text = text[: MAX_ALERT - 1] + "…"
    await answer_query(query, text)


async def answer_query(
    query: CallbackQuery, text: str | None = None, *, show_alert: bool = True
) -> None:
    """Answer a press (an alert or a toast when there is text); one retry on a network
    hiccup, so the presser's spinner stops."""
    for attempt in range(2):
        try:
            if text is None:
                await query.answer()
            elif show_alert:
                await query.answer(text, show_alert=True)
            else:
                await query.answer(text)
            return
        except NetworkError as error:
            if attempt:
                log.info("could not answer a callback query: %s", error)
        except TelegramError as error:
            log.info("could not answer a callback query: %s", error)
            return


def _same_chat(query: CallbackQuery, table: Table) -> bool:
    message = query.message
    return message is not None and message.chat.id == table.chat_id
