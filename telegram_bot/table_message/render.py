"""The table message (text and buttons) and the story messages, for any game.

The words come from :mod:`telegram_bot.table_message.text` and :mod:`tables.story` (the
game's own words plus what every game shares), the buttons from
:mod:`telegram_bot.buttons.keyboards`.
"""

from __future__ import annotations

from telegram import InlineKeyboardMarkup

from games.base import Event
from games.registry import get_game
from tables import story
from tables.model import LOBBY, Table
from telegram_bot.buttons.keyboards import keyboard
from telegram_bot.table_message.text import MAX_TEXT, closed_text, fit, game_text, lobby_text
from translations import render, tr

BANNER_LINES = 8


def table_message(
    table: Table, miniapp_link: str | None = None, inline_mode: bool = True
) -> tuple[str, InlineKeyboardMarkup | None]:
    """The one message that shows a table, edited as the game goes."""
    if table.status == LOBBY:
        text = lobby_text(table)
    elif table.state is None:
        text = closed_text(table)
    else:
        text = game_text(table)
    return text, keyboard(table, miniapp_link, inline_mode)


def story_lines(table: Table, events: list[Event]) -> list[str]:
    """The chat's story for these events: reveals, results, eliminations, the winner."""
    game = get_game(table.game)
    names = table.display_names()
    return [render(line, table.language) for line in story.story(game, events, names)]


def story_messages(lines: list[str]) -> list[str]:
    """Story lines packed into as few messages as Telegram's 4096 characters allow."""
    messages: list[str] = []
    current = ""
    for line in lines:
        line = fit(line)
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > MAX_TEXT:
            messages.append(current)
            current = line
        else:
            current = candidate
    if current:
        messages.append(current)
    return messages


def with_banner(text: str, entries: list[str], language: str, new: int = 0) -> str:
    """The table message with the latest story on top, while a busy group waits for its
    next story message (the entries are posted later, together). Each entry is one change's
    story and is shown whole (a result never starts mid-way); the ``new`` last entries,
    those this edit adds, are marked 🆕."""
    shown: list[str] = []
    count = 0
    for index in range(len(entries) - 1, -1, -1):
        lines = entries[index].count("\n") + 1
        if shown and count + lines > BANNER_LINES:
            break
        mark = "🆕 " if index >= len(entries) - new else ""
        shown.insert(0, mark + entries[index])
        count += lines
    banner = "\n".join([tr(language, "📣 Latest:"), *shown])
    return fit(f"{banner}\n\n{text}")
