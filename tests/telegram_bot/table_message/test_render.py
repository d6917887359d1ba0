"""The table message's words, without a bot: the story told once on top, the record it
becomes, commitments shown once, the legend of a game's signs while they are new."""

from __future__ import annotations

from tables.table import lobby, play
from tables.table.model import ChatRef
from tables.table.store import TableStore
from telegram_bot.table_message.render import (
    RECORD_LIMIT,
    record_is_full,
    story_lines,
    story_messages,
    with_news,
)
from telegram_bot.table_message.text import COMMITMENT, game_text
from telegram_bot.texts import help_text


def test_the_story_of_a_change_goes_on_top_of_the_table_and_nothing_without_one():
    text = with_news("TABLE", ["🔍 Ann challenges Ben's 53.\n💔 Ann loses 1 life."])
    assert text == "🔍 Ann challenges Ben's 53.\n💔 Ann loses 1 life.\n\nTABLE"
    assert with_news("TABLE", []) == "TABLE"


def test_a_record_is_cut_before_it_would_not_fit_one_message():
    assert not record_is_full(["x" * 100] * 10)
    assert record_is_full(["x" * 100] * (RECORD_LIMIT // 100 + 1))
    long = ["y" * 3000, "z" * 3000]
    assert story_messages(long) == long  # never a line cut in two


def start_game(redis_client, game: str) -> tuple[TableStore, str]:
    store = TableStore(redis_client)
    table = store.create(ChatRef(-555), 1, "Ann", game=game).table
    store.change(table.id, lambda t: lobby.join(t, 2, "Ben"))
    store.change(table.id, lambda t: lobby.start(t, 1, store.rng))
    return store, table.id


def test_a_commitment_is_one_short_mark_in_the_chat_and_the_end_names_how_it_ended(redis_client):
    store, table_id = start_game(redis_client, "myllymatti")
    table = store.load(table_id)
    first = game_text(table)
    assert COMMITMENT.findall(first) == [] and first.count("🔐 sealed · /verify") == 1
    assert "Myllymatti · phase 1" in first
    story = story_lines(table, [{"type": "game_over", "ranking": [1, 0], "places": [1, 2]}])
    assert not any("SHA-256" in line or COMMITMENT.search(line) for line in story)


def test_a_finished_game_ends_with_its_verdict_and_shows_no_seal(redis_client):
    store, table_id = start_game(redis_client, "myllymatti")
    store.change(table_id, lambda t: play.resign(t, 2, store.rng))  # Ben leaves: he loses
    text = game_text(store.load(table_id))
    lines = text.splitlines()
    assert "🔐" not in text and text.count("is the Myllymatti") == 1
    verdict = lines.index("🏁 Out, in order: 1. Ann")
    assert lines[verdict - 1] == "😵 Ben is the Myllymatti: the last one holding cards."
    assert lines[verdict + 1 :] == [line for line in lines if line.startswith(("📈", "📜"))]


def test_the_signs_are_explained_while_new_and_in_help(redis_client):
    store, table_id = start_game(redis_client, "mino_dice")
    text = game_text(store.load(table_id))
    assert "ℹ️ 🎯 tricks won / bid · 📊 points" in text
    helped = help_text("en", "bot")
    assert "🎲 Mino Dice: 🎯 tricks won / bid · 📊 points" in helped
    assert "🃏 Myllymatti: 🃏 cards in hand · 📥 cards won in phase 1" in helped
    assert "🎲 Mia: ❤️ lives left · 💀 out of the game" in helped
