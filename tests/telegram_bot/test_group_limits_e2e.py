"""A whole game of each game in a group, through the real bot, at Telegram's real limits.

Three groups play at once against the local Bot API server with Telegram's flood control on
(a message a second per chat, 20 a minute per group, 429 beyond): Mia on buttons, Mino Dice
with bids on buttons and dice rolled through inline mode, Myllymatti with cards played through
inline mode. Two people and a CPU at each table, the people choosing as fast as the group
shows them their turn. Short games (two lives, the quick preset, a short stock) keep it quick.

What the groups must see: at most one call per move, no 429, every trick with its winner, a
line in the chat for each thing that happened (never the same news twice), players' posts
that name nothing secret, and at the end the result. Each group's transcript, message by
message with every edit, is written to test-artifacts/transcripts/ for a person to read.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
import redis

from games.registry import get_game
from tables.table import lobby
from tables.table.store import TableStore
from telegram_bot.table_message.render import story_lines
from tests.support import FakeBotApi
from tests.support.bot_process import TOKEN, BotProcess, bot_env
from tests.support.group_play import GroupTable, Person
from translations import render

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "transcripts"
FLOOD_METHODS = ("sendMessage", "editMessageText", "editMessageReplyMarkup", "sendDocument")


def quick_mia(store: TableStore, table_id: str) -> None:
    creator = store.load(table_id).creator_id
    store.change(table_id, lambda t: lobby.change_setting(t, creator, "lives", 2))
    store.change(table_id, lambda t: lobby.change_setting(t, creator, "cpu_delay", 0.5))


def quick_mino_dice(store: TableStore, table_id: str) -> None:
    creator = store.load(table_id).creator_id
    store.change(table_id, lambda t: lobby.choose_preset(t, creator, "quick"))
    store.change(table_id, lambda t: lobby.change_setting(t, creator, "cpu_delay", 0.5))


def quick_myllymatti(store: TableStore, table_id: str) -> None:
    creator = store.load(table_id).creator_id
    store.change(table_id, lambda t: lobby.change_setting(t, creator, "cpu_delay", 0.5))


def short_stock(store: TableStore, table_id: str) -> None:
    """Myllymatti's full deck makes a game of a hundred moves: this one keeps a short stock
    (the cards left out simply never come into play)."""

    def shorten(table):  # type: ignore[no-untyped-def]
        if table.state is not None:  # (a cached copy from before the start is tried again)
            table.state = {**table.state, "stock": table.state["stock"][:4]}
        return []

    store.change(table_id, shorten)


GAMES = {
    "mia": (quick_mia, None),
    "mino_dice": (quick_mino_dice, None),
    "myllymatti": (quick_myllymatti, short_stock),
}
ADMIN = {"myllymatti"}  # where the bot may delete messages (players' posts go in batches)


@pytest.fixture
def limited_api():
    with FakeBotApi(TOKEN, flood_limits=True) as api:
        yield api


def test_three_groups_play_whole_games_at_telegrams_limits(limited_api, redis_server, tmp_path):
    api = limited_api
    client = redis.Redis.from_url(redis_server.url)
    client.flushall()
    store = TableStore(client)
    env = bot_env(
        api,
        redis_server.url,
        GROUP_MESSAGES_PER_MINUTE="20",
        CHAT_MESSAGES_PER_SECOND="1",
        TABLE_EDIT_INTERVAL="1.0",
    )
    bot = BotProcess(env, tmp_path / "bot.log").start()
    tables: dict[str, GroupTable] = {}
    try:
        api.wait_for(lambda: api.is_polling, timeout=30)
        for index, (name, (setup, _)) in enumerate(GAMES.items()):
            people = [Person("Ann", 100 + 10 * index), Person("Ben", 101 + 10 * index)]
            tables[name] = GroupTable(
                api,
                store,
                name,
                -(10**12) - index,
                people,
                cpus=1,
                setup=setup,
                bot_is_admin=name in ADMIN,
            )
        started = {name: False for name in GAMES}
        deadline = time.monotonic() + 240
        while any([_step(table, started, name) for name, table in tables.items()]):
            assert time.monotonic() < deadline, api.dump()
            time.sleep(0.02)  # people look at their phones again
        for name in ADMIN:  # the last post goes a moment after the game's end
            api.wait_for(lambda n=name: posts_gone(api, tables[n].chat_id), timeout=20)
    finally:
        bot.stop()
    assert "Traceback" not in bot.log, bot.log
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for name, table in tables.items():
        (ARTIFACTS / f"{name}.txt").write_text(transcript(api, table.chat_id), encoding="utf-8")
    assert api.stats["http_429"] == 0, api.stats
    for name, table in tables.items():
        check_group(api, store, name, table)
    api.assert_clean()


def _step(table: GroupTable, started: dict[str, bool], name: str) -> bool:
    more = table.step()
    _, later = GAMES[name]
    if later is not None and not started[name] and table.table_id:
        current = table.store.load(table.table_id)
        if current.status == "playing":
            later(table.store, table.table_id)
            started[name] = True
    return more


POSTS = {
    "mino_dice": re.compile(
        r"🎲 I (lead trick \d+|roll for trick \d+( \(colour to follow: .+\))?)\."
    ),
    "myllymatti": re.compile(r"🃏 I (answer .+'s \S+|lead a card( against .+)?|play on the \S+)\."),
}
CARD = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]")


def check_group(api: FakeBotApi, store: TableStore, name: str, table: GroupTable) -> None:
    assert table.table_id is not None
    final = store.load(table.table_id)
    game = get_game(name)
    calls = sum(
        count
        for method, count in api.stats["per_chat"].get(table.chat_id, {}).items()
        if method in FLOOD_METHODS
    )
    # Every change the table went through is a move (opening it, each press, each CPU move).
    assert calls <= final.version, f"{name}: {calls} calls for {final.version} moves"
    texts = every_text(api, table.chat_id)
    batches = store.log.game_log(final, final.game_no)
    names = final.display_names()
    for event in (event for batch in batches for event in batch):
        if event["type"] == "trick_won":  # every trick, with its winner, was in the group
            (told,) = [
                render(line, final.language)
                for line in game.presentation.describe_events([event], names)
            ]
            assert any(told in text for text in texts), f"{name}: never shown: {told}"
    # What happened is kept in the chat once: each change's story in one record, or, for the
    # last change when no call was left for a record, on top of the finished table.
    records = [
        m["text"]
        for m in api.messages(table.chat_id)
        if m.get("from_bot") and not m["deleted"] and (not m.get("reply_markup") or finished(m))
    ]
    blocks = ["\n".join(lines) for batch in batches if (lines := story_lines(final, batch))]
    for block in set(blocks):
        kept = sum(record.count(block) for record in records)
        assert 1 <= kept <= blocks.count(block), f"{name}: kept {kept} times: {block}"
    assert not any("📣" in text or "Just looking" in text for text in texts)
    # One line for each choice made in inline mode, naming only what is public.
    posts = [m["text"] for m in api.messages(table.chat_id) if m.get("via_bot")]
    assert len(posts) == len(table.answers)
    shown = "\n".join(text for m in api.messages(table.chat_id) if m.get("from_bot")
                      for text in (*m.get("edits", []), m["text"]))  # fmt: skip
    for post in posts:
        assert POSTS[name].fullmatch(post), post
        assert all(card in shown for card in CARD.findall(post)), post
    if name in ADMIN:  # the table showed each move: the bot, an admin, took the posts away,
        assert posts_gone(api, table.chat_id)
        # so the table message was never buried: it never had to move down.
        assert not any(m["deleted"] for m in api.messages(table.chat_id) if m.get("from_bot"))
        # The posts went a few at a time, once they had buried the table, not one call each.
        deletes = api.stats["per_chat"][table.chat_id].get("deleteMessages", 0)
        assert deletes <= len(posts) // 3 + 2, f"{name}: {deletes} deletes for {len(posts)} posts"


def finished(message: dict) -> bool:
    """Whether this is the finished table (its only button is Rematch)."""
    rows = message["reply_markup"].get("inline_keyboard", [])
    return [b["text"] for row in rows for b in row] == ["🔁 Rematch"]


def posts_gone(api: FakeBotApi, chat_id: int) -> bool:
    return not any(m.get("via_bot") and not m["deleted"] for m in api.messages(chat_id))


def every_text(api: FakeBotApi, chat_id: int) -> list[str]:
    """Every text the group was ever shown: each message as it is and as it was before each
    of its edits."""
    return [text for m in api.messages(chat_id) for text in (*m.get("edits", []), m["text"])]


def transcript(api: FakeBotApi, chat_id: int) -> str:
    out = []
    for message in api.messages(chat_id):
        who = "bot" if message.get("from_bot") else message["from"]["first_name"]
        flags = " [deleted]" if message["deleted"] else ""
        buttons = [b["text"] for row in (message.get("reply_markup") or {}).get(
            "inline_keyboard", []) for b in row]  # fmt: skip
        for number, old in enumerate(message.get("edits", [])):
            out.append(f"#{message['message_id']} {who} (version {number + 1}):\n{old}\n")
        out.append(f"#{message['message_id']} {who}{flags}: {buttons}\n{message['text']}\n")
    return "\n".join(out)
