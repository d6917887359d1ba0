"""The table message (text and buttons) and the story around it, for any game.

The words come from :mod:`telegram_bot.table_message.text` and :mod:`tables.table.story` (the
game's own words plus what every game shares), the buttons from
:mod:`telegram_bot.buttons.keyboards`.

The story of a change is told once on the table message, above the table, in the version
that shows the change; the next version tells only what is new by then. What was told is
kept, and the table message becomes its record when the table moves on to a new message.
"""

from __future__ import annotations

from telegram import InlineKeyboardMarkup

from games.base import Event
from tables.table import story
from tables.table.model import FINISHED, LOBBY, Table
from telegram_bot.buttons.keyboards import keyboard
from telegram_bot.chat_messages import OpenStep
from telegram_bot.table_message.text import (
    MAX_TEXT,
    SEALED,
    closed_text,
    fit,
    game_text,
    lobby_text,
    sealed,
)
from translations import render, tr

# A record longer than this is cut at a change's boundary before the next story joins it,
# so that it always fits one message.
RECORD_LIMIT = 3000


def table_message(
    table: Table,
    miniapp_link: str | None = None,
    inline_mode: bool = True,
    shown: frozenset[str] = frozenset(),
    step: OpenStep | None = None,
    panels: bool = False,
) -> tuple[str, InlineKeyboardMarkup | None]:
    """The one message that shows a table, edited as the game goes (``shown``: commitments
    the chat has seen already, not repeated; ``step``: the step of a large choice open on its
    keyboard; ``panels``: players open their hands as panels)."""
    if table.status == LOBBY:
        text = lobby_text(table)
    elif table.state is None:
        text = closed_text(table)
    else:
        text = game_text(table, shown)
    return text, keyboard(table, miniapp_link, inline_mode, step, panels)


def story_lines(table: Table, events: list[Event]) -> list[str]:
    """The chat's story for these events: reveals, results, tricks, eliminations.
    Without proofs or hashes: those are /log's and /verify's (the table shows 🔐 sealed).
    Without the game's end while the table shows it: the finished table's own line names
    the winner (or the loser), so the chat tells it once."""
    game = table.match().game
    names = table.display_names()
    if table.status == FINISHED:
        events = [event for event in events if event["type"] != "game_over"]
    lines = [
        render(line, table.language) for line in story.story(game, events, names, proofs=False)
    ]
    return [line for line in sealed(lines, table.language) if line != tr(table.language, SEALED)]


def with_news(text: str, news: list[str]) -> str:
    """The table message with what just happened on top (each change's story once). The
    table always shows whole: if the story would not leave room for it, its oldest entries
    give way."""
    while news and len("\n".join(news)) + 2 + len(text) > MAX_TEXT:
        news = news[1:]
    if not news:
        return text
    return fit("\n".join(news) + "\n\n" + text)


def record_is_full(entries: list[str]) -> bool:
    return sum(len(entry) + 1 for entry in entries) > RECORD_LIMIT


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
