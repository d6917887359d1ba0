"""What handlers share: the table store, the notifier, configuration. Kept in bot_data."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from telegram.ext import ContextTypes

from tables.table.store import TableStore
from telegram_bot.config import BotConfig
from telegram_bot.table_message.notifier import Notifier


@dataclass
class Services:
    config: BotConfig
    store: TableStore
    notifier: Notifier | None = None
    bot_username: str = ""
    inline_mode: bool = False  # the bot answers inline queries (set from getMe at start)
    panels: Any = None  # telegram_bot.panels.keeper.PanelKeeper, when the server has them
    tasks: list = field(default_factory=list)
    ops: Any = None  # telegram_bot.serving.ops_port.BotOps: health and the heartbeat


def services(context: ContextTypes.DEFAULT_TYPE) -> Services:
    return context.application.bot_data["services"]
