"""/verify and /log: how anyone can check a game was fair, and a finished game step by step.

The words about each game's commitments come from the game (``describe_fairness``); checking
a revealed preimage against its commitment is the same SHA-256 for every game.
"""

from __future__ import annotations

import asyncio
import io
from typing import Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from games.fairness import verify_text
from games.registry import GAMES
from tables.fairness.replay_keys import replay_id
from tables.table import story
from tables.table.model import FINISHED, Table
from tables.table.store import TableStore
from telegram_bot.language import reader_language
from telegram_bot.links import miniapp_link
from telegram_bot.people import chat_ref
from telegram_bot.services import services
from telegram_bot.table_message.text import commitments_in, settings_lines
from telegram_bot.texts import game_title
from translations import render, tr


async def verify(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/verify: how to check a reveal; with a commitment and a preimage, checks it."""
    message = update.effective_message
    if message is None:
        return
    language = await reader_language(update, context)
    args = context.args or []
    if len(args) >= 2:
        commitment, text = args[0], " ".join(args[1:])
        await message.reply_text(
            tr(language, "✅ It matches: what was revealed is what was committed to.")
            if verify_text(commitment, text)
            else tr(language, "❌ It does not match.")
        )
        return
    lines: list[str] = []
    for game in GAMES.values():
        fairness = game.presentation.describe_fairness()
        if fairness:
            lines += [f"— {game_title(game, language)} —"]
            lines += [render(line, language) for line in fairness]
    lines += [
        tr(language, "Check it yourself, e.g.: echo -n 'text' | sha256sum"),
        tr(language, "Or send: /verify <commitment> <text>"),
    ]
    chat = update.effective_chat
    if chat is not None and chat.type != ChatType.PRIVATE:
        store = services(context).store
        table = await asyncio.to_thread(store.find_open, chat_ref(update))
        if table is not None and table.state is not None:
            lines += ["", *await asyncio.to_thread(table_commitments, store, table)]
    await message.reply_text("\n".join(lines))


def table_commitments(store: TableStore, table: Table) -> list[str]:
    """The commitments of the game running at this table: those its status shows (the table
    message shows each only once) and those its log published (🔒 lines)."""
    game = table.match().game
    assert table.state is not None
    names = table.display_names()
    public = table.match().public_view()
    shown = [
        render(line, table.language) for line in game.presentation.describe_status(public, names)
    ]
    events = [event for batch in store.log.game_log(table, table.game_no) for event in batch]
    published = [
        render(line, table.language) for line in game.presentation.commitments(events, names)
    ]
    found = [line for line in shown if commitments_in(line)] + published
    unique = list(dict.fromkeys(found))
    if not unique:
        return []
    return [tr(table.language, "🔒 This table's commitments now:"), *unique]


async def send_log(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/log: the last finished game of this chat, every step, as a text file."""
    message, chat = update.effective_message, update.effective_chat
    if message is None or chat is None:
        return
    language = await reader_language(update, context)
    store = services(context).store
    table = await asyncio.to_thread(store.last_finished, chat_ref(update))
    if table is None:
        await message.reply_text(tr(language, "No finished game here yet."))
        return
    game_no = table.game_no if table.status == FINISHED else table.game_no - 1
    batches = await asyncio.to_thread(store.log.game_log, table, game_no)
    text = game_log_text(table, game_no, [e for batch in batches for e in batch])
    replay = miniapp_link(services(context), replay_id(table.id, game_no))
    keyboard = None
    if replay:  # the same game, step by step, each reveal checked in the page
        button = InlineKeyboardButton(tr(language, "🎬 Replay"), url=replay)
        keyboard = InlineKeyboardMarkup([[button]])
    await message.reply_document(
        io.BytesIO(text.encode()),
        filename=f"{table.game}-{table.id}-game{game_no}.txt",
        caption=tr(language, "📜 The whole game, with every reveal's proof."),
        reply_markup=keyboard,
    )


def game_log_text(table: Table, game_no: int, events: list[dict[str, Any]]) -> str:
    game = table.match().game
    language = table.language
    names = table.display_names()
    lines = [
        tr(
            language,
            "{game} — table {table}, game {number}",
            game=game_title(game, language),
            table=table.id,
            number=game_no,
        ),
        tr(language, "Seats: {names}", names=", ".join(names)),
        *settings_lines(table, game),
        *(render(line, language) for line in game.presentation.describe_fairness()),
        "",
    ]
    lines += [render(line, language) for line in story.log_lines(game, events, names)]
    return "\n".join(lines) + "\n"
