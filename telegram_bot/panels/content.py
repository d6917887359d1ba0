"""What a player's panel shows: their secrets and their own moves, for any game.

The words and signs are the game's (its ``PrivateInfo``, its action labels); this module only
lays them out. The text: that only the player sees it, what they hold, why some of it
cannot be played now, and whether it is their move. The buttons: each held item that plays
— the ones that may not be played now shown disabled — then, while the seat is to act, its
public moves (a claim, say), exactly the
buttons the table message has for them. A press on one is the press of that button: same
callback data, same decision token, same refusals (telegram_bot.buttons.presses).

Nothing here is for anyone but the panel's receiver: it is built from the one gate
(tables.fairness.private_seat), and a person the gate shows nothing gets no panel (it is removed).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from games.base import NOT_YOUR_TURN, HandItem, PrivateInfo
from games.game import Game
from games.steps import Item, Path
from tables.fairness.private_seat import private_view
from tables.table.model import Table
from telegram_bot.buttons.callback_data import GAME, INDEX_PREFIX, Button, step_button
from telegram_bot.buttons.keyboards import public_choices
from telegram_bot.ephemeral_api import Keyboard, callback_button, disabled_button
from telegram_bot.private.view import describe_lines
from translations import render, tr

ROW = 4  # item buttons to a row


@dataclass(frozen=True)
class PanelView:
    text: str
    keyboard: Keyboard

    @property
    def digest(self) -> str:
        """Changes whenever what the receiver would see changes (an edit is due)."""
        raw = json.dumps([self.text, self.keyboard], ensure_ascii=False, sort_keys=True)
        return hashlib.sha256(raw.encode()).hexdigest()[:16]


def panel_view(
    table: Table,
    user_id: int,
    language: str,
    refusal: str | None = None,
    step: tuple[Path, int] = ((), -1),
) -> PanelView | None:
    """The panel of ``user_id`` at this table now (``step``: the step of a hidden choice
    open on it, and the decision it was opened on: shown while that lasts); None when they
    may see nothing (not seated, left, out, or no game running): their panel goes."""
    seen = private_view(table, user_id)
    if seen is None or table.state is None:
        return None
    seat, view = seen
    game = table.match().game
    state = table.match().state
    info = game.presentation.private_info(view)
    acting = [s for s in game.rules.to_act(state) if not table.played_by_cpu(s)]
    lines = [tr(language, "🔒 Only you see this.")]
    if info is not None:
        lines += [*describe_lines(info, language), _greyed_reason(info, language)]
    lines.append(_turn_line(seat, game.rules.to_act(state), language))
    if refusal:
        lines.append(f"🚫 {refusal}")
    lines = [line for line in lines if line]
    rows = _item_rows(table, game, seat, info, language) if info is not None else []
    if seat in acting:
        rows += _public_rows(table, game, seat, state, language, step)
    return PanelView("\n".join(lines), rows)


def _greyed_reason(info: PrivateInfo, language: str) -> str:
    """Why held items cannot be played now, once (the first reason given): for all of them
    ("Everyone bids first; …"), or for those greyed ("🚫 🔴 🟢: must follow 🟡"). Not when
    it is that another seat moves: the turn line says that, the same in every game."""
    playing = [item for item in info.items if item.action is not None]
    greyed = [item for item in playing if not item.selectable]
    reason = next((item.reason for item in greyed if item.reason), None)
    if reason is None or reason == NOT_YOUR_TURN:
        return ""
    if len(greyed) == len(playing):
        return render(reason, language)
    return f"🚫 {' '.join(_label(item, language) for item in greyed)}: {render(reason, language)}"


def _turn_line(seat: int, to_act: list[int], language: str) -> str:
    """Whether it is the player's move, in the same words and signs in every game ("▶️ Your
    move." or "⏸ Not your turn."). Not whose it is else: the table message says that, and a
    panel naming the others would be edited on every move of theirs (a call each)."""
    if seat in to_act:
        return tr(language, "▶️ Your move.")
    return f"⏸ {render(NOT_YOUR_TURN, language)}" if to_act else ""


def _label(item: HandItem, language: str) -> str:
    label = render(item.label, language)
    return f"{item.symbol} {label}" if item.symbol and item.symbol not in label else label


def _item_rows(
    table: Table, game: Game, seat: int, info: PrivateInfo, language: str
) -> list[list[dict[str, Any]]]:
    """A button per held item that plays; disabled while it may not be played."""
    token = game.rules.decision(table.match().state, seat)
    buttons = []
    for item in info.items:
        if item.action is None:
            continue
        button = Button(table.id, token, GAME, item.action)
        if item.selectable and button.fits():
            buttons.append(callback_button(_label(item, language), button.encode()))
        else:
            buttons.append(disabled_button(_label(item, language)))
    return [buttons[i : i + ROW] for i in range(0, len(buttons), ROW)]


def _public_rows(
    table: Table, game: Game, seat: int, state: Any, language: str, step: tuple[Path, int]
) -> list[list[dict[str, Any]]]:
    """The seat's public moves, laid out as the game lays them out on the table message,
    with the same callback data (by name, or by index among the table's public choices).
    A choice in steps that is made in the open keeps its steps on the table message (one
    for everyone); a hidden one opens them here, where only its player looks: a step's
    button edits the panel to show that step, Back goes one up, a final choice moves."""
    if game.presentation.has_steps and game.rules.choice_is_shared(state):
        return []
    token = game.rules.decision(state, seat)
    mine = list(game.rules.public_actions(game.rules.public_view(state), seat))
    path = step[0] if step[1] == token else ()
    level = game.presentation.level(mine, path) if path else []
    if not level:  # (no such step now: the first)
        path, level = (), game.presentation.level(mine)
    everyone = [action for action, _ in public_choices(table)]
    rows = [
        [_choice(table, game, token, item, everyone, language) for item in row] for row in level
    ]
    if path:
        back = step_button(table.id, token, path[:-1]).encode()
        rows.append([callback_button(tr(language, "⬅️ Back"), back)])
    return rows


def _choice(
    table: Table, game: Game, token: int, item: Item, everyone: list[str], language: str
) -> dict[str, Any]:
    """A step's button (it opens that step on the panel) or a final choice's (it moves)."""
    if isinstance(item, tuple):
        label = render(game.presentation.step_label(item), language)
        return callback_button(label, step_button(table.id, token, item).encode())
    button = Button(table.id, token, GAME, item)
    if not button.fits() and item in everyone:
        button = Button(table.id, token, GAME, f"{INDEX_PREFIX}{everyone.index(item)}")
    label = render(game.presentation.action_label(item), language)
    return callback_button(label, button.encode())
