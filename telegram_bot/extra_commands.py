"""Commands around the game: /stats, /top, /verify, /log, /tutorial and solo practice.

Each turns a person's request into a read (or a table change) through tables/ and answers in
their language; none of them knows a particular game's rules.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable
from typing import Any

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from games.base import Text
from games.fairness import verify_text
from games.registry import get_game
from tables import lobby, stats
from tables.errors import TableError, TableExists
from tables.model import FINISHED, ChatRef, Table
from telegram_bot.handlers import chat_ref, display_name
from telegram_bot.language import reader_language
from telegram_bot.render import settings_lines
from telegram_bot.services import services
from telegram_bot.texts import error_text
from translations import render, tr

TUTORIAL_CPUS = ("easy", "easy")


def _stats_line(language: str, counts: dict[str, int]) -> str:
    return tr(
        language,
        "games {games}, wins {wins} · lives lost {lives} · bluffs caught {caught}, got "
        "through {through} · wrong challenges {wrong}",
        games=counts["games"],
        wins=counts["wins"],
        lives=counts["lives_lost"],
        caught=counts["bluffs_caught"],
        through=counts["bluffs_through"],
        wrong=counts["wrong_challenges"],
    )


async def show_stats(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/stats: your numbers everywhere, and in a group also in this chat."""
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return
    language = await reader_language(update, context)
    client = services(context).store.redis
    overall = await asyncio.to_thread(stats.user_stats, client, user.id)
    lines = [
        tr(
            language,
            "📊 {name}: {numbers}",
            name=display_name(user),
            numbers=_stats_line(language, overall),
        )
    ]
    if chat.type != ChatType.PRIVATE:
        here = await asyncio.to_thread(stats.user_stats, client, user.id, chat.id)
        lines.append(tr(language, "In this chat: {numbers}", numbers=_stats_line(language, here)))
    if overall["games"] == 0:
        lines.append(tr(language, "No games yet: send /mia in a group to play."))
    await message.reply_text("\n".join(lines))


async def show_top(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/top: the chat's leaderboard by wins."""
    message, chat = update.effective_message, update.effective_chat
    if message is None or chat is None:
        return
    language = await reader_language(update, context)
    client = services(context).store.redis
    standings = await asyncio.to_thread(stats.chat_leaderboard, client, chat.id)
    if not standings:
        await message.reply_text(tr(language, "No finished games in this chat yet."))
        return
    lines = [tr(language, "🏆 Top players in this chat")]
    for place, standing in enumerate(standings, start=1):
        lines.append(
            tr(
                language,
                "{place}. {name} — {wins} wins in {games} games",
                place=place,
                name=standing.name,
                wins=standing.counts["wins"],
                games=standing.counts["games"],
            )
        )
    await message.reply_text("\n".join(lines))


async def verify(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/verify: how to check a reveal; with a commitment and a preimage, checks it."""
    message = update.effective_message
    if message is None:
        return
    language = await reader_language(update, context)
    args = context.args or []
    if len(args) >= 2:
        commitment, text = args[0], " ".join(args[1:])
        ok = verify_text(commitment, text)
        await message.reply_text(
            tr(language, "✅ It matches: these dice are the dice that were rolled.")
            if ok
            else tr(language, "❌ It does not match.")
        )
        return
    await message.reply_text(
        "\n".join(
            [
                tr(language, "🔒 Provably fair dice"),
                tr(
                    language,
                    "When dice are rolled, the table shows a commitment: the SHA-256 of "
                    '"table.game|round|turn|dice|salt", with a secret random salt.',
                ),
                tr(
                    language,
                    "When a challenge reveals the dice, the story shows that very text "
                    "(🔐 SHA-256(…) = …). Anyone can hash it and compare with the commitment "
                    "shown before the reveal: a changed die or salt never matches.",
                ),
                tr(language, "Check it yourself, e.g.: echo -n 'text' | sha256sum"),
                tr(language, "Or send: /verify <commitment> <text>"),
            ]
        )
    )


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
    batches = await asyncio.to_thread(store.game_log, table.id, game_no)
    text = game_log_text(table, game_no, [e for batch in batches for e in batch])
    document = io.BytesIO(text.encode())
    await message.reply_document(
        document,
        filename=f"{table.game}-{table.id}-game{game_no}.txt",
        caption=tr(language, "📜 The whole game, with every reveal's proof."),
    )


def game_log_text(table: Table, game_no: int, events: list[dict[str, Any]]) -> str:
    game = get_game(table.game)
    language = table.language
    title = render(Text(game.title), language)
    names = table.display_names()
    lines = [
        tr(
            language,
            "{game} — table {table}, game {number}",
            game=title,
            table=table.id,
            number=game_no,
        ),
        tr(language, "Seats: {names}", names=", ".join(names)),
        *settings_lines(table, game),
        tr(
            language,
            "Each 🔒 commitment is SHA-256(table.game|round|turn|dice|salt); each "
            "🔐 line shows that text once the dice are revealed.",
        ),
        "",
    ]
    lines += [render(line, language) for line in game.describe_log(events, names)]
    return "\n".join(lines) + "\n"


async def _private_table(
    update: Update, context: ContextTypes.DEFAULT_TYPE, setup: Callable[[Table], list[Any]]
) -> bool:
    """Open a table in this private chat and prepare it; False (with a reply) if refused."""
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    assert message is not None and user is not None and chat is not None
    language = await reader_language(update, context)
    store = services(context).store
    try:
        created = await asyncio.to_thread(
            store.create,
            ChatRef(chat.id),
            user.id,
            display_name(user),
            language=language,
            creator_language=user.language_code,
        )
        await asyncio.to_thread(store.change, created.table.id, setup)
    except TableExists:
        await message.reply_text(tr(language, "Finish your open table first, or /cancel it."))
        return False
    except TableError as error:
        await message.reply_text(error_text(error.code, language))
        return False
    return True


async def start_tutorial(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/tutorial (private chat): a guided game against two easy CPUs, with a tip each turn."""
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return
    language = await reader_language(update, context)
    if chat.type != ChatType.PRIVATE:
        await message.reply_text(tr(language, "The tutorial happens in a private chat with me."))
        return
    store = services(context).store

    def setup(table: Table) -> list[dict[str, Any]]:
        table.tutorial = True
        for level in TUTORIAL_CPUS:
            lobby.add_cpu(table, user.id, level)
        lobby.change_setting(table, user.id, "turn_timer", 0)
        return lobby.start(table, user.id, store.rng)

    if not await _private_table(update, context, setup):
        return
    await asyncio.to_thread(stats.count_tutorial_start, store.redis, user.id)
    await message.reply_text(
        tr(
            language,
            "🎓 Welcome to the tutorial! You play against two easy CPUs; a 💡 tip "
            "under the table explains each decision. /rules shows the rank order.",
        )
    )


async def solo_lobby(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/mia in a private chat: solo practice against CPUs (one is seated to start with)."""
    message, user = update.effective_message, update.effective_user
    if message is None or user is None or update.effective_chat is None:
        return
    if not await _private_table(update, context, lambda t: lobby.add_cpu(t, user.id, "normal")):
        return
    language = await reader_language(update, context)
    await message.reply_text(
        tr(
            language,
            "🤖 Solo practice: add CPUs in Settings, then Start. To play with friends, "
            "add me to a group and send /mia there.",
        )
    )
