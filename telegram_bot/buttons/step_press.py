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

Where players have panels (telegram_bot.panels), a hidden choice's steps open on the
presser's panel instead, which only they see: a step pressed on the table message opens
their panel at that step (the answer to the press), one pressed on the panel edits it in
place. Nothing is posted in their name; without panels, inline mode is the way, as above.
"""

from __future__ import annotations

import asyncio

from telegram import CallbackQuery
from telegram.ext import ContextTypes

from games.errors import NotYourTurn
from tables.table.errors import NotSeated, StaleMove
from tables.table.model import Table
from tables.table.play import decision_of, require_playing
from telegram_bot.buttons.callback_data import BadCallbackData, Button
from telegram_bot.buttons.keyboards import public_choices
from telegram_bot.chat_messages import ChatMessages, OpenStep
from telegram_bot.ephemeral_api import ephemeral_id
from telegram_bot.panels.keeper import PanelKeeper
from telegram_bot.services import services
from telegram_bot.texts import error_text


def judge_step(table: Table, user_id: int, pressed: Button, *, panels: bool = False) -> OpenStep:
    """The step this press opens; a table or game error (as a move would get) when the
    presser may not open it now, BadCallbackData when it names no step of this decision.
    A hidden choice's step is judged only where it opens on a panel (``panels``)."""
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
    if game.rules.choice_is_shared(state):
        actions = [action for action, token in public_choices(table) if token == pressed.stamp]
    elif panels:
        actions = list(game.rules.public_actions(game.rules.public_view(state), seat))
    else:
        raise BadCallbackData("a hidden choice opens its steps privately")
    if path and not game.presentation.level(actions, path):
        raise BadCallbackData("no such step now")
    return OpenStep(table.game_no, pressed.stamp, path, seat)


async def step_press(
    query: CallbackQuery,
    pressed: Button,
    table: Table,
    language: str,
    context: ContextTypes.DEFAULT_TYPE,
) -> str | None:
    """Open the pressed step (or go back): for everyone on the table message (its keyboard
    is redrawn shortly), or on the presser's own panel for a hidden choice. Returns an
    alert's text when the step could not be shown (None: the keyboard or panel shows it)."""
    panels = await _panels(table, context)
    step = judge_step(table, query.from_user.id, pressed, panels=panels is not None)
    match = table.match()
    if panels is not None and not match.game.rules.choice_is_shared(match.state):
        user = query.from_user.id
        on_panel = ephemeral_id(query.message) is not None  # (then edited in place)
        if on_panel and await panels.open_step(table.id, user, step.path, step.decision):
            return None
        if await panels.open(table, user, language, query.id, (step.path, step.decision)):
            return None
        return error_text("unavailable", language)
    messages = ChatMessages(services(context).store.redis)
    changed = await asyncio.to_thread(messages.open_step, table.id, step)
    notifier = services(context).notifier
    if changed and notifier is not None:
        notifier.show_step(table.id)
    return None


async def _panels(table: Table, context: ContextTypes.DEFAULT_TYPE) -> PanelKeeper | None:
    """The panels' keeper, where players' panels are on at this table now."""
    panels = services(context).panels
    if panels is None:
        return None
    state = await asyncio.to_thread(ChatMessages(services(context).store.redis).state, table.id)
    return None if state.panels_refused else panels
