"""The buttons under the table message, for any game.

The group message is public: its buttons are the same for everyone and are built from public
information only — the game's ``public_actions`` of the seats to act, read from the public
view, so no button can give a hidden value away. Private choices (a card from a hand) are
made through inline mode (the "play" button opens the player's own hand in their input box)
or the Mini App; a look at one's own secret is a button whose answer only the presser sees.
"""

from __future__ import annotations

from typing import Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from games.base import CPU_LEVELS, N_
from games.game import Game
from games.registry import get_game
from tables.model import FINISHED, LOBBY, PLAYING, Table
from tables.options import OPTION_SPECS
from telegram_bot.buttons.callback_data import GAME, INDEX_PREFIX, PRIVATE, Button
from telegram_bot.buttons.callback_data import LOBBY as LOBBY_KIND
from telegram_bot.links import replay_link
from telegram_bot.table_message.text import preset_name, setting_label
from translations import render, tr

PANEL_SETTINGS = "settings"
OPEN_MINI_APP = N_("📱 Open the Mini App")  # for a game that has no words of its own for it
CPU_LEVEL_LABELS = {"easy": N_("🤖 + easy"), "normal": N_("🤖 + normal"), "hard": N_("🤖 + hard")}


def _button(table: Table, label: str, kind: str, payload: str) -> InlineKeyboardButton:
    data = Button(table.id, table.version, kind, payload).encode()
    return InlineKeyboardButton(label, callback_data=data)


def keyboard(
    table: Table, miniapp_link: str | None = None, inline_mode: bool = True
) -> InlineKeyboardMarkup | None:
    if table.status == LOBBY:
        return lobby_keyboard(table)
    if table.status == FINISHED:
        return finished_keyboard(table, replay_link(miniapp_link, table))
    if table.status != PLAYING or table.state is None:
        return None
    return game_keyboard(table, miniapp_link, inline_mode)


def lobby_keyboard(table: Table) -> InlineKeyboardMarkup:
    language = table.language
    game = get_game(table.game)
    if table.panel != PANEL_SETTINGS:
        return InlineKeyboardMarkup(
            [
                [
                    _button(table, tr(language, "✋ Join"), LOBBY_KIND, "join"),
                    _button(table, tr(language, "🚪 Leave"), LOBBY_KIND, "leave"),
                ],
                [
                    _button(table, tr(language, "⚙️ Settings"), LOBBY_KIND, "panel:settings"),
                    _button(table, tr(language, "▶️ Start"), LOBBY_KIND, "start"),
                ],
            ]
        )
    label = tr(language, "Rules: {preset}", preset=preset_name(table, game))
    rows = [[_button(table, label, LOBBY_KIND, "preset")]] if len(game.rules.presets) > 1 else []
    setting_buttons = [
        _button(table, setting_label(table, spec), LOBBY_KIND, f"set:{spec.key}")
        for spec in (*game.rules.settings_specs, *OPTION_SPECS)
    ]
    rows += [setting_buttons[i : i + 2] for i in range(0, len(setting_buttons), 2)]
    rows.append(
        [
            _button(table, tr(language, CPU_LEVEL_LABELS[level]), LOBBY_KIND, f"cpu:{level}")
            for level in CPU_LEVELS
        ]
    )
    kicks = [
        _button(table, tr(language, "✖ {name}", name=seat.name), LOBBY_KIND, f"kick:{index}")
        for index, seat in enumerate(table.seats)
        if seat.user_id != table.creator_id
    ]
    rows += [kicks[i : i + 3] for i in range(0, len(kicks), 3)]
    rows.append(
        [
            _button(table, tr(language, "🚫 Cancel table"), LOBBY_KIND, "cancel"),
            _button(table, tr(language, "⬅️ Back"), LOBBY_KIND, "panel:main"),
        ]
    )
    return InlineKeyboardMarkup(rows)


def public_choices(table: Table) -> list[tuple[str, int]]:
    """(action, decision token) of every public action a person at the table may take now,
    in the order the game lists them, each once (several seats deciding at once share the
    same buttons). Built from the public view only."""
    game = get_game(table.game)
    assert table.state is not None
    state = game.rules.load(table.state)
    public = game.rules.public_view(state)
    choices: dict[str, int] = {}
    for seat in game.rules.to_act(state):
        if table.played_by_cpu(seat):
            continue  # a CPU's turn: nobody has anything to press for it
        token = game.rules.decision(state, seat)
        for action in game.rules.public_actions(public, seat):
            choices.setdefault(action, token)
    return list(choices.items())


def game_keyboard(
    table: Table, miniapp_link: str | None, inline_mode: bool
) -> InlineKeyboardMarkup:
    language = table.language
    game = get_game(table.game)
    assert table.state is not None
    state = game.rules.load(table.state)
    rows: list[list[InlineKeyboardButton]] = []
    private_row = _private_row(table, game, state, inline_mode)
    if private_row:  # first: a player looks (or opens their hand) before choosing
        rows.append(private_row)
    choices = public_choices(table)
    tokens = dict(choices)
    actions = [action for action, _ in choices]
    for row in game.presentation.action_rows(actions):
        rows.append([_action_button(table, game, a, tokens[a], actions) for a in row])
    if miniapp_link:
        label = game.presentation.open_label or OPEN_MINI_APP
        rows.append([InlineKeyboardButton(tr(language, label), url=miniapp_link)])
    return InlineKeyboardMarkup(rows)


def _action_button(
    table: Table, game: Game, action: str, token: int, actions: list[str]
) -> InlineKeyboardButton:
    label = render(game.presentation.action_label(action), table.language)
    button = Button(table.id, token, GAME, action)
    if not button.fits():  # too long for callback data: the button names its index instead
        button = Button(table.id, token, GAME, f"{INDEX_PREFIX}{actions.index(action)}")
    return InlineKeyboardButton(label, callback_data=button.encode())


def _private_row(
    table: Table, game: Game, state: Any, inline_mode: bool
) -> list[InlineKeyboardButton]:
    """A look at one's own secret (an answer only the presser sees) and, while a person must
    choose privately, the button that opens their hand in inline mode."""
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
    if inline_mode and game.presentation.play_label and playing:
        row.append(
            InlineKeyboardButton(
                tr(language, game.presentation.play_label),
                switch_inline_query_current_chat=table.id,
            )
        )
    elif game.presentation.private_label and any(
        game.presentation.private_info(game.rules.view(state, seat)) is not None for seat in people
    ):
        row.append(_button(table, tr(language, game.presentation.private_label), PRIVATE, "look"))
    return row


def finished_keyboard(table: Table, replay: str | None = None) -> InlineKeyboardMarkup | None:
    """Rematch, and (with the Mini App) the game's replay."""
    if not any(seat.user_id is not None for seat in table.seats):
        return None
    label = tr(table.language, "🔁 Rematch")
    rows = [[_button(table, label, LOBBY_KIND, "rematch")]]
    if replay:
        rows[0].append(InlineKeyboardButton(tr(table.language, "🎬 Replay"), url=replay))
    return InlineKeyboardMarkup(rows)
