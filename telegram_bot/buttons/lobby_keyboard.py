"""The lobby's keyboard under the table message.

Its main panel joins, leaves and starts. Its settings panel picks the rules preset, each
setting and table option, the CPUs to add and the seats to free, or cancels the table.
"""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from games.base import CPU_LEVELS, N_
from tables.table.model import Table
from tables.table.options import OPTION_SPECS
from telegram_bot.buttons.callback_data import LOBBY as LOBBY_KIND
from telegram_bot.buttons.callback_data import Button
from telegram_bot.texts import preset_name, setting_label
from translations import tr

PANEL_SETTINGS = "settings"
CPU_LEVEL_LABELS = {
    "easy": N_("🤖 + easy"),
    "normal": N_("🤖 + normal"),
    "hard": N_("🤖 + hard"),
    "expert": N_("🤖 + expert"),
}


def table_button(table: Table, label: str, kind: str, payload: str) -> InlineKeyboardButton:
    """A button that names this table and its version (what a tap is checked against)."""
    data = Button(table.id, table.version, kind, payload).encode()
    return InlineKeyboardButton(label, callback_data=data)


def lobby_keyboard(table: Table) -> InlineKeyboardMarkup:
    """The lobby's main panel, or its settings panel when the opener has it open."""
    language = table.language
    game = table.match().game
    if table.panel != PANEL_SETTINGS:
        return InlineKeyboardMarkup(
            [
                [
                    table_button(table, tr(language, "✋ Join"), LOBBY_KIND, "join"),
                    table_button(table, tr(language, "🚪 Leave"), LOBBY_KIND, "leave"),
                ],
                [
                    table_button(table, tr(language, "⚙️ Settings"), LOBBY_KIND, "panel:settings"),
                    table_button(table, tr(language, "▶️ Start"), LOBBY_KIND, "start"),
                ],
            ]
        )
    label = tr(language, "Rules: {preset}", preset=preset_name(table, game))
    rows = (
        [[table_button(table, label, LOBBY_KIND, "preset")]] if len(game.rules.presets) > 1 else []
    )
    setting_buttons = [
        table_button(table, setting_label(table, spec), LOBBY_KIND, f"set:{spec.key}")
        for spec in (*game.rules.settings_specs, *OPTION_SPECS)
    ]
    rows += [setting_buttons[i : i + 2] for i in range(0, len(setting_buttons), 2)]
    cpu_buttons = [
        table_button(table, tr(language, CPU_LEVEL_LABELS[level]), LOBBY_KIND, f"cpu:{level}")
        for level in CPU_LEVELS
    ]
    rows += [cpu_buttons[i : i + 2] for i in range(0, len(cpu_buttons), 2)]
    kicks = [
        table_button(table, tr(language, "✖ {name}", name=seat.name), LOBBY_KIND, f"kick:{index}")
        for index, seat in enumerate(table.seats)
        if seat.user_id != table.creator_id
    ]
    rows += [kicks[i : i + 3] for i in range(0, len(kicks), 3)]
    rows.append(
        [
            table_button(table, tr(language, "🚫 Cancel table"), LOBBY_KIND, "cancel"),
            table_button(table, tr(language, "⬅️ Back"), LOBBY_KIND, "panel:main"),
        ]
    )
    return InlineKeyboardMarkup(rows)
