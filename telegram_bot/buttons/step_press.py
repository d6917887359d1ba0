"""A press on a step of a large choice (games.steps): open that step on the table message.

Opening a step is no move: the table does not change, only the keyboard, which is the same
for everyone in the group (one message, one keyboard). So only a seat that may act now opens
one, on the decision its button was drawn for, exactly as a move would be judged: someone
without a seat, a seat whose turn it is not, a button of an older decision get the refusals a
move would get, and data naming no step of this decision is forged. So is a step of a choice
that must not be narrowed where everyone sees it (hidden until all are in, or made by several
seats at once: ``Rules.choice_is_shared``): its steps open in the presser's own inline
results (telegram_bot.private.inline_steps), never here. The step is remembered for that
decision and its opener (the chat's bookkeeping; it closes once the opener has chosen) and
the notifier redraws the keyboard: one edit, counted against the group's budget like any
(docs/group-chat.md). A second tap of the step that is open already costs nothing.
"""

from __future__ import annotations

import asyncio

from telegram import CallbackQuery
from telegram.ext import ContextTypes

from games.errors import NotYourTurn
from tables.errors import NotSeated, StaleMove
from tables.model import Table
from tables.play import decision_of, require_playing
from telegram_bot.buttons.callback_data import BadCallbackData, Button
from telegram_bot.buttons.keyboards import public_choices
from telegram_bot.services import services
from telegram_bot.table_message.chat_messages import ChatMessages, OpenStep


def judge_step(table: Table, user_id: int, pressed: Button) -> OpenStep:
    """The step this press opens; a table or game error (as a move would get) when the
    presser may not open it now, BadCallbackData when it names no step of this decision."""
    require_playing(table)
    path = pressed.step_path
    seat = table.seat_of(user_id)
    if seat is None or seat in table.left:
        raise NotSeated("you are not playing at this table")
    if pressed.stamp != decision_of(table, seat):
        raise StaleMove("this step is from an older decision")
    game = table.match().game
    state = table.match().state
    if seat not in game.rules.to_act(state):
        raise NotYourTurn("not this seat's turn")
    if not game.rules.choice_is_shared(state):
        raise BadCallbackData("a hidden choice opens its steps privately")
    actions = [action for action, token in public_choices(table) if token == pressed.stamp]
    if path and not game.presentation.level(actions, path):
        raise BadCallbackData("no such step now")
    return OpenStep(table.game_no, pressed.stamp, path, seat)


async def step_press(
    query: CallbackQuery, pressed: Button, table: Table, context: ContextTypes.DEFAULT_TYPE
) -> None:
    """Open the pressed step (or go back) for everyone: the keyboard is redrawn shortly."""
    step = judge_step(table, query.from_user.id, pressed)
    messages = ChatMessages(services(context).store.redis)
    changed = await asyncio.to_thread(messages.open_step, table.id, step)
    notifier = services(context).notifier
    if changed and notifier is not None:
        notifier.show_step(table.id)
