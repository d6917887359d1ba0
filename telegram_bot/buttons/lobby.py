"""Lobby presses: join, leave, settings, CPUs, kicks, start, cancel, rematch.

Settings and kicks act on the table version the presser saw; joining and leaving are safe at
any time. The creator (or a chat admin) may change the table.
"""

from __future__ import annotations

import asyncio
from typing import Any

from telegram import CallbackQuery
from telegram.ext import ContextTypes

from games.base import CPU_LEVELS
from tables.table import lobby
from tables.table.errors import StaleMove
from tables.table.model import Table
from tables.table.options import spec_for
from telegram_bot.buttons.callback_data import BadCallbackData, Button
from telegram_bot.buttons.lobby_keyboard import PANEL_SETTINGS
from telegram_bot.chat_admins import is_chat_admin
from telegram_bot.language import person_language
from telegram_bot.people import display_name
from telegram_bot.services import services
from telegram_bot.texts import error_text

ADMIN_VERBS = frozenset({"set", "preset", "kick", "cancel", "start", "panel", "cpu"})
VERSIONED_VERBS = frozenset({"set", "preset", "kick", "cpu"})


async def lobby_press(
    query: CallbackQuery, pressed: Button, table: Table, context: ContextTypes.DEFAULT_TYPE
) -> str | None:
    store = services(context).store
    user = query.from_user
    verb, argument = pressed.verb, pressed.argument
    if verb == "rematch":
        await asyncio.to_thread(store.rematch, table.id, user.id)
        return None
    admin = False
    if verb in ADMIN_VERBS and user.id != table.creator_id and query.message is not None:
        admin = await is_chat_admin(query.message.chat, user.id)
    game = table.match().game

    def change(t: Table) -> list[dict[str, Any]]:
        if verb in VERSIONED_VERBS and t.version != pressed.stamp:
            raise StaleMove("the lobby has changed")
        if verb == "join":
            return lobby.join(t, user.id, display_name(user), user.language_code)
        if verb == "leave":
            return lobby.leave(t, user.id)
        if verb == "start":
            return lobby.start(t, user.id, store.rng, admin)
        if verb == "cancel":
            return lobby.cancel(t, user.id, admin)
        if verb == "panel" and argument in ("main", PANEL_SETTINGS):
            lobby.require_lobby(t)
            lobby.require_creator(t, user.id, admin)
            t.panel = argument
            return []
        if verb == "preset":
            names = list(game.rules.presets)
            current = game.rules.preset_of(t.settings)
            following = (
                names[(names.index(current) + 1) % len(names)] if current in names else names[0]
            )
            return lobby.choose_preset(t, user.id, following, admin)
        if verb == "set" and argument:
            game_spec = next((s for s in game.rules.settings_specs if s.key == argument), None)
            spec = game_spec or spec_for(argument)
            if spec is None:
                raise BadCallbackData("unknown setting")
            current = t.settings[argument] if game_spec else t.option(argument)
            return lobby.change_setting(t, user.id, spec.key, spec.next_value(current), admin)
        if verb == "cpu" and argument in CPU_LEVELS:
            return lobby.add_cpu(t, user.id, argument, admin)
        if verb == "kick" and argument and argument.isdigit():
            return lobby.kick(t, user.id, int(argument), admin)
        raise BadCallbackData("unknown lobby verb")

    try:
        await asyncio.to_thread(store.change, table.id, change)
    except BadCallbackData:
        return error_text("bad_button", await person_language(context, user))
    return None
