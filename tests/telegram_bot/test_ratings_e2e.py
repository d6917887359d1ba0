"""Ratings in the group, as players read them: one line in the final message, /stats with the
rating, /top per game, and /season (an admin starts a new one; the old standings stay)."""

from __future__ import annotations

import re

import pytest

from games.mia import GAME
from games.rng import DeterministicRng
from tables.table import lobby, play
from tables.table.model import FINISHED, ChatRef
from tables.table.store import TableStore
from tests.telegram_bot.group_chat import GroupChat, labels
from tests.telegram_bot.test_commands_e2e import wait_reply

GROUP = -100321
ALICE, BOB = 501, 502


@pytest.fixture
def bot_extra_env():
    return {"MINIAPP_SHORT_NAME": "play"}  # the final message and /log link the replay


def play_a_game(store: TableStore, chat: GroupChat, seed: str) -> None:
    """Alice opens a table, Bob joins, and they play (through the store) to the end."""
    chat.api.send_message(ALICE, GROUP, "/mia")
    chat.wait_table(lambda m: "✋ Join" in labels(m))
    table = chat.api.wait_for(lambda: store.find_open(ChatRef(GROUP)))
    store.change(table.id, lambda t: lobby.join(t, BOB, "Bob"))
    store.change(table.id, lambda t: lobby.change_setting(t, ALICE, "lives", 2))
    table = store.change(table.id, lambda t: lobby.start(t, ALICE, store.rng)).table
    rng = DeterministicRng(seed)
    while table.status != FINISHED:
        seat = table.state["to_act"]
        action = GAME.rules.cpu_action(
            GAME.rules.view(GAME.rules.load(table.state), seat), "normal", rng
        )
        user = table.seats[seat].user_id
        table = store.change(table.id, lambda t, u=user, a=action: play.move(t, u, a, store.rng))
        table = table.table


def test_ratings_in_the_final_message_stats_top_and_seasons(bot, bot_api, redis_client):
    bot_api.add_user(ALICE, "Alice")
    bot_api.add_user(BOB, "Bob")
    bot_api.add_chat(GROUP, title="Friday dice", admins=[ALICE], members=[BOB])
    chat = GroupChat(bot_api, GROUP)
    store = TableStore(redis_client)
    play_a_game(store, chat, "first")

    final = chat.wait_table(lambda m: "📈 Ratings:" in m["text"])
    line = next(x for x in final["text"].splitlines() if x.startswith("📈"))
    changes = re.findall(r"(Alice|Bob) 1,500 → (1,\d{3}) ([▲▼]\d+)", line)
    assert len(changes) == 2, line
    winner, loser = changes  # in the order they finished
    assert winner[2].startswith("▲") and loser[2].startswith("▼")
    table_id = store.last_finished(ChatRef(GROUP)).id
    replay_url = f"https://t.me/mia_test_bot/play?startapp={table_id}-1"
    buttons = [b for row in final["reply_markup"]["inline_keyboard"] for b in row]
    assert [b["text"] for b in buttons] == ["🔁 Rematch", "🎬 Replay"]
    assert buttons[1]["url"] == replay_url

    bot_api.send_message(BOB, GROUP, "/stats")
    stats = wait_reply(bot_api, GROUP, "📊 Bob")
    assert "📊 rating" in stats and "provisional (1 of 5 games)" in stats
    assert "In this chat:" in stats

    bot_api.send_message(BOB, GROUP, "/top")
    top = wait_reply(bot_api, GROUP, "🏆 Mia")
    assert f"1. {winner[0]} — {winner[1]} (provisional) · 1 game" in top
    assert f"2. {loser[0]} — {loser[1]} (provisional) · 1 game" in top

    bot_api.send_message(BOB, GROUP, "/season")
    plain = wait_reply(bot_api, GROUP, "📅 Season 1")
    assert "New season" not in str(bot_api.messages(GROUP)[-1].get("reply_markup"))
    assert "/top" in plain
    bot_api.send_message(ALICE, GROUP, "/season")

    def admin_menu():
        found = [m for m in bot_api.messages(GROUP) if "🆕 New season, ratings reset" in labels(m)]
        return found[-1] if found else None

    menu = bot_api.wait_for(admin_menu)
    answer = chat.press(BOB, "🆕 New season, ratings reset", menu)
    assert "Only the group's admins" in answer.get("text", "")
    chat.press(ALICE, "🆕 New season, ratings reset", menu)
    confirm = bot_api.wait_for(
        lambda: (
            (m := bot_api.message(GROUP, menu["message_id"]))
            and "✅ Yes, start it" in labels(m)
            and m
        )
    )
    assert "starts again from 1,500" in confirm["text"]
    chat.press(ALICE, "✅ Yes, start it", confirm)
    bot_api.wait_for(
        lambda: "Season 2 has begun" in bot_api.message(GROUP, menu["message_id"])["text"]
    )

    seen = len(bot_api.messages(GROUP))
    bot_api.send_message(BOB, GROUP, "/top")
    after = bot_api.wait_for(
        lambda: next(
            (m["text"] for m in bot_api.messages(GROUP)[seen:] if "Most wins" in m["text"]), None
        )
    )
    assert "🏆 Mia" not in after  # the new season's standings are empty
    assert "📅 Season 2: no rated games yet." in after
    bot_api.send_message(BOB, GROUP, "/season 1")
    archived = wait_reply(bot_api, GROUP, "final standings")
    assert f"1. {winner[0]} — {winner[1]} (provisional) · 1 game" in archived
    bot_api.send_message(BOB, GROUP, "/log")  # last: its document has no text
    document = bot_api.wait_for(lambda: bot_api.documents[-1] if bot_api.documents else None)
    sent = bot_api.message(GROUP, document["message_id"])
    assert sent["reply_markup"]["inline_keyboard"][0][0]["url"] == replay_url
