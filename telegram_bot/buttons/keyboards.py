"""The buttons under the table message, for any game.

The group message is public: its buttons are the same for everyone and are built from public
information only — the game's ``public_actions`` of the seats to act, read from the public
view, so no button can give a hidden value away. Private choices (a card from a hand) are
made through inline mode (the "play" button opens the player's own hand in their input box)
or the Mini App; a look at one's own secret is a button whose answer only the presser sees.

A game whose choice comes in steps (games.steps) shows one step at a time: the step open on
the table message (``OpenStep``, kept by the chat's bookkeeping for its decision only, until
its opener has chosen), else the first. A step's buttons open the next step; Back goes one
step up. A choice that must not be narrowed where everyone sees it (hidden until all are in,
or made by several seats at once: ``Rules.choice_is_shared``) keeps the first step here, and
each of its step buttons opens that step on the presser's own panel where players have
panels (telegram_bot.buttons.step_press), else in their own inline results
(telegram_bot.private.inline_steps); without either, in the Mini App only.
"""

from __future__ import annotations

import logging
from typing import Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from games.base import N_
from games.game import Game
from games.steps import MAX_CHOICES, Item, Path
from tables.table.model import FINISHED, LOBBY, PLAYING, Table
from telegram_bot.buttons.callback_data import (
    GAME,
    INDEX_PREFIX,
    PRIVATE,
    Button,
    step_button,
    step_query,
)
from telegram_bot.buttons.callback_data import LOBBY as LOBBY_KIND
from telegram_bot.buttons.lobby_keyboard import lobby_keyboard, table_button
from telegram_bot.chat_messages import OpenStep
from telegram_bot.links import replay_link
from translations import render, tr

log = logging.getLogger(__name__)
OPEN_MINI_APP = N_("📱 Open the Mini App")  # for a game that has no words of its own for it


def keyboard(
    table: Table,
    miniapp_link: str | None = None,
    inline_mode: bool = True,
    step: OpenStep | None = None,
    panels: bool = False,
) -> InlineKeyboardMarkup | None:
    if table.status == LOBBY:
        return lobby_keyboard(table)
    if table.status == FINISHED:
        return finished_keyboard(table, replay_link(miniapp_link, table))
    if table.status != PLAYING or table.state is None:
        return None
    return game_keyboard(table, miniapp_link, inline_mode, step, panels)


def public_choices(table: Table) -> list[tuple[str, int]]:
    """(action, decision token) of every public action a person at the table may take now,
    in the order the game lists them, each once (several seats deciding at once share the
    same buttons). Built from the public view only."""
    game = table.match().game
    state = table.match().state
    public = game.rules.public_view(state)
    choices: dict[str, int] = {}
    for seat in game.rules.to_act(state):
        if table.played_by_cpu(seat):
            continue  # a CPU's turn: nobody has anything to press for it
        token = game.rules.decision(state, seat)
        for action in game.rules.public_actions(public, seat):
            choices.setdefault(action, token)
    return list(choices.items())


def open_path(table: Table, step: OpenStep | None, choices: list[tuple[str, int]]) -> Path:
    """The step the keyboard shows: the one open, while it is open on this game's decision,
    its opener has not chosen yet, the choice may be narrowed where everyone sees it, and the
    step still offers something; else the first."""
    if step is None or step.game_no != table.game_no or not step.path:
        return ()
    game = table.match().game
    state = table.match().state
    if not game.rules.choice_is_shared(state):
        return ()
    opener = step.seat
    if opener is not None and opener not in game.rules.to_act(state):
        return ()  # its opener has chosen: the step closes
    actions = [action for action, token in choices if token == step.decision]
    return step.path if game.presentation.level(actions, step.path) else ()


def game_keyboard(
    table: Table,
    miniapp_link: str | None,
    inline_mode: bool,
    step: OpenStep | None = None,
    panels: bool = False,
) -> InlineKeyboardMarkup:
    language = table.language
    game = table.match().game
    state = table.match().state
    rows: list[list[InlineKeyboardButton]] = []
    private_row = _private_row(table, game, state, inline_mode, panels)
    if private_row:  # first: a player looks (or opens their hand) before choosing
        rows.append(private_row)
    choices = public_choices(table)
    actions = [action for action, _ in choices]
    path = open_path(table, step, choices)
    shared = game.rules.choice_is_shared(state)
    for row in _within_limits(table, game.presentation.level(actions, path)):
        buttons = [
            _item_button(table, game, item, choices, shared, inline_mode, panels) for item in row
        ]
        kept = [button for button in buttons if button is not None]
        if kept:
            rows.append(kept)
    if path:
        back = step_button(table.id, _token_of(game, path, choices), path[:-1]).encode()
        rows.append([InlineKeyboardButton(tr(language, "⬅️ Back"), callback_data=back)])
    if miniapp_link:
        label = game.presentation.open_label or OPEN_MINI_APP
        rows.append([InlineKeyboardButton(tr(language, label), url=miniapp_link)])
    return InlineKeyboardMarkup(rows)


def _item_button(
    table: Table,
    game: Game,
    item: Item,
    choices: list[tuple[str, int]],
    shared: bool = True,
    inline_mode: bool = True,
    panels: bool = False,
) -> InlineKeyboardButton | None:
    """A final choice's button (it makes the move), or a step's: it opens the step for
    everyone, or, for a choice not to be narrowed here, on the presser's panel (with
    panels), else in their inline results (None without inline mode: the Mini App offers
    it)."""
    if isinstance(item, tuple) and not shared:
        if panels:
            return _step_button(table, game, item, _token_of(game, item, choices))
        if not inline_mode:
            return None
        label = render(game.presentation.step_label(item), table.language)
        return InlineKeyboardButton(
            label, switch_inline_query_current_chat=step_query(table.id, item)
        )
    if isinstance(item, tuple):
        return _step_button(table, game, item, _token_of(game, item, choices))
    actions = [action for action, _ in choices]
    return _action_button(table, game, item, dict(choices)[item], actions)


def _token_of(game: Game, path: Path, choices: list[tuple[str, int]]) -> int:
    """The decision a step's button is drawn for: that of the actions behind it."""
    for action, token in choices:
        if tuple(game.presentation.action_steps(action))[: len(path)] == path:
            return token
    return 0


def _within_limits(table: Table, level: list[list[Any]]) -> list[list[Any]]:
    """A step never holds more buttons than Telegram takes: the contract test fails a game
    that offers more, and should one slip through, the table still goes out (cut short, and
    said loudly in the log) rather than be refused by Telegram."""
    count = sum(len(row) for row in level)
    if count <= MAX_CHOICES:
        return level
    log.error("game %s offers %d buttons at once at table %s", table.game, count, table.id)
    kept: list[list[Any]] = []
    for row in level:
        room = MAX_CHOICES - sum(len(r) for r in kept)
        if room <= 0:
            break
        kept.append(row[:room])
    return kept


def _step_button(table: Table, game: Game, path: Path, token: int) -> InlineKeyboardButton:
    label = render(game.presentation.step_label(path), table.language)
    return InlineKeyboardButton(label, callback_data=step_button(table.id, token, path).encode())


def _action_button(
    table: Table, game: Game, action: str, token: int, actions: list[str]
) -> InlineKeyboardButton:
    label = render(game.presentation.action_label(action), table.language)
    button = Button(table.id, token, GAME, action)
    if not button.fits():  # too long for callback data: the button names its index instead
        button = Button(table.id, token, GAME, f"{INDEX_PREFIX}{actions.index(action)}")
    return InlineKeyboardButton(label, callback_data=button.encode())


def _private_row(
    table: Table, game: Game, state: Any, inline_mode: bool, panels: bool = False
) -> list[InlineKeyboardButton]:
    """A look at one's own secret (an answer only the presser sees) and, while a person must
    choose privately, the button that opens their hand in inline mode. With panels, one
    button does both: it opens the presser's panel (telegram_bot.panels), named for what
    it is for now (the play label while someone plays privately)."""
    language = table.language
    public = game.rules.public_view(state)
    # People at the table (one under a CPU stand-in too: any press brings them back).
    people = [
        s for s, seat in enumerate(table.seats) if seat.user_id is not None and s not in table.left
    ]
    row: list[InlineKeyboardButton] = []
    playing = [
        s
        for s in game.rules.to_act(state)
        if not table.played_by_cpu(s) and game.presentation.plays_privately(public, s)
    ]
    label = game.presentation.play_label if playing else ""
    if panels and (label or game.presentation.private_label) and _anyone_sees(game, state, people):
        label = label or game.presentation.private_label
        return [table_button(table, tr(language, label), PRIVATE, "look")]
    if inline_mode and game.presentation.play_label and playing:
        row.append(
            InlineKeyboardButton(
                tr(language, game.presentation.play_label),
                switch_inline_query_current_chat=table.id,
            )
        )
    elif game.presentation.private_label and _anyone_sees(game, state, people):
        row.append(
            table_button(table, tr(language, game.presentation.private_label), PRIVATE, "look")
        )
    return row


def _anyone_sees(game: Game, state: Any, people: list[int]) -> bool:
    return any(
        game.presentation.private_info(game.rules.view(state, seat)) is not None for seat in people
    )


def finished_keyboard(table: Table, replay: str | None = None) -> InlineKeyboardMarkup | None:
    """Rematch, and (with the Mini App) the game's replay."""
    if not any(seat.user_id is not None for seat in table.seats):
        return None
    label = tr(table.language, "🔁 Rematch")
    rows = [[table_button(table, label, LOBBY_KIND, "rematch")]]
    if replay:
        rows[0].append(InlineKeyboardButton(tr(table.language, "🎬 Replay"), url=replay))
    return InlineKeyboardMarkup(rows)
