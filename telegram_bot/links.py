"""Links to a table for people outside its group message: the Mini App's direct link when
one is set up (``startapp``: a table, or "<table>-<n>" for a game's replay), else a link to
the group's table message (supergroups only: a basic group's messages have no links)."""

from __future__ import annotations

from typing import Protocol

from tables.fairness.replay_keys import replay_id
from tables.table.model import Table
from telegram_bot.config import BotConfig


class BotIdentity(Protocol):
    """What a Mini App link needs of the bot's services (telegram_bot.services.Services):
    named here, not imported, because the services hold the notifier, which draws tables
    with these links."""

    config: BotConfig
    bot_username: str


SUPERGROUP_PREFIX = "-100"


def miniapp_link(services: BotIdentity, start: str) -> str | None:
    """``https://t.me/<bot>/<app>?startapp=<start>``, or None without a Mini App."""
    short_name = services.config.miniapp_short_name
    if not short_name or not services.bot_username:
        return None
    return f"https://t.me/{services.bot_username}/{short_name}?startapp={start}"


def message_link(chat_id: int, message_id: int | None) -> str | None:
    """``https://t.me/c/<chat>/<message>`` for a supergroup's message (members only)."""
    text = str(chat_id)
    if message_id is None or not text.startswith(SUPERGROUP_PREFIX):
        return None
    return f"https://t.me/c/{text[len(SUPERGROUP_PREFIX) :]}/{message_id}"


def replay_link(table_link: str | None, table: Table) -> str | None:
    """The Mini App's link to replay the table's last game, from its link to the table."""
    if not table_link or "startapp=" not in table_link:
        return None
    base = table_link.rsplit("startapp=", 1)[0]
    return f"{base}startapp={replay_id(table.id, table.game_no)}"
