"""A hidden choice's steps in inline mode: each person opens them in their own results.

A choice that stays hidden until all are in, or that several seats make at once
(``Rules.choice_is_shared`` is False), is never narrowed on the group's keyboard: a step
opened there would show everyone what its opener is choosing. There, each of its step
buttons writes ``@bot <table id> <step>`` into the presser's own input box
(``callback_data.step_query``). The inline query that follows is answered with that
person's choices under that step, from their seat's public actions (``is_personal``, never
cached). Choosing one posts a line that names no choice, and the bot judges the move exactly
as a button's (``hand_chosen`` in telegram_bot.private.inline): the result id names the
table, the decision token and the action (or, when that is too long, its index).
"""

from __future__ import annotations

import asyncio
import logging

from telegram import (
    InlineQuery,
    InlineQueryResultArticle,
    InlineQueryResultsButton,
    InputTextMessageContent,
)
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from games.base import Action
from games.steps import Path
from tables.fairness.private_seat import secrets_access
from tables.table.errors import NoSuchTable
from tables.table.model import Table
from telegram_bot.buttons.callback_data import INDEX_PREFIX
from telegram_bot.buttons.keyboards import public_choices
from telegram_bot.language import person_language
from telegram_bot.services import services
from telegram_bot.texts import error_text
from translations import render, tr

log = logging.getLogger(__name__)
CHOICE = "="  # a result id's last part: "=<action>", or "#<index>" for a long action
MAX_RESULT_ID = 64  # bytes (Telegram's limit)
PAGE = 50  # results per answer (Telegram's limit)


def choices_under(table: Table, user_id: int, path: Path) -> tuple[int, list[Action]] | str:
    """(decision token, the person's choices under ``path``) while they make a choice that
    is not narrowed where others see it; else the refusal's code."""
    access = secrets_access(table, user_id)  # the one gate: seated, playing, not left or out
    if access.seat is None:
        return access.refusal or "not_seated"
    game = table.match().game
    state = table.match().state
    if access.seat not in game.rules.to_act(state) or game.rules.choice_is_shared(state):
        return "not_your_turn"
    offered = game.rules.public_actions(game.rules.public_view(state), access.seat)
    steps = game.presentation.action_steps
    under = [action for action in offered if tuple(steps(action))[: len(path)] == path]
    return (game.rules.decision(state, access.seat), under) if under else "not_your_turn"


async def step_query(
    query: InlineQuery, context: ContextTypes.DEFAULT_TYPE, table_id: str, path: Path
) -> None:
    """Answer ``@bot <table id> <step>`` with the asker's own choices under that step."""
    language = await person_language(context, query.from_user)
    table = await asyncio.to_thread(_load, context, table_id)
    found = choices_under(table, query.from_user.id, path) if table else "no_such_table"
    offset = int(query.offset) if query.offset.isascii() and query.offset.isdigit() else 0
    results: list[InlineQueryResultArticle] = []
    next_offset = ""
    if isinstance(found, str) or table is None:
        game = table.match().game if table is not None else None
        header = error_text(str(found), language, game)
    else:
        token, actions = found
        game = table.match().game
        header = render(game.presentation.step_label(path), language)
        if offset + PAGE < len(actions):
            next_offset = str(offset + PAGE)
        line = InputTextMessageContent(tr(table.language, "🤫 I have made my choice."))
        every = [action for action, shown in public_choices(table) if shown == token]
        for action in actions[offset : offset + PAGE]:
            results.append(
                InlineQueryResultArticle(
                    id=result_id(table.id, token, action, every),
                    title=render(game.presentation.action_label(action), language),
                    description=tr(language, "Tap to choose it: nobody else sees which."),
                    input_message_content=line,
                )
            )
    button = InlineQueryResultsButton(text=header[:64], start_parameter=table_id)
    try:
        await query.answer(
            results, cache_time=0, is_personal=True, next_offset=next_offset, button=button
        )
    except TelegramError as error:  # an answer that came too late: the person asks again
        log.info("could not answer a step's inline query: %s", error)


def result_id(table_id: str, token: int, action: Action, every: list[Action]) -> str:
    """The result's id: the table, the decision, the action (its index if too long)."""
    named = f"{table_id}:{token}:{CHOICE}{action}"
    if len(named.encode()) <= MAX_RESULT_ID or action not in every:
        return named
    return f"{table_id}:{token}:{INDEX_PREFIX}{every.index(action)}"


def chosen_action(table: Table, token: int, choice: str) -> Action | None:
    """The action a chosen result names ("=<action>", "#<index>"); None: none of these."""
    if choice.startswith(CHOICE):
        return choice[len(CHOICE) :]
    numbered = choice[1:].isascii() and choice[1:].isdigit()
    if choice.startswith(INDEX_PREFIX) and numbered and table.state is not None:
        every = [action for action, shown in public_choices(table) if shown == token]
        index = int(choice[1:])
        return every[index] if index < len(every) else None
    return None


def _load(context: ContextTypes.DEFAULT_TYPE, table_id: str) -> Table | None:
    try:
        return services(context).store.load(table_id)
    except NoSuchTable:
        return None
