"""Never lose a game, never stall: kill -9 the bot, restart Redis, click a hundred times,
race the Mini App against a group button, fuzz buttons, respect flood limits."""

from __future__ import annotations

import json
import os
import signal
import threading
import time

import httpx
import redis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tables.engine import keys
from tables.engine.redis_server import RedisServer
from tables.table.store import TableStore
from telegram_bot.chat_messages import ChatMessages
from tests.support import FakeBotApi
from tests.support.bot_process import TOKEN, BotProcess, bot_env
from tests.telegram_bot.group_chat import (
    GroupChat,
    acting_name,
    button,
    decision,
    labels,
    table_version,
)
from tests.telegram_bot.test_group_game_e2e import play_to_the_end
from tests.webapp.conftest import WebServer
from webapp.app import create_app
from webapp.config import WebConfig
from webapp.init_data import sign_user

ALICE, BOB = 1, 2
GROUP = -100700
NAMES = {"Alice": ALICE, "Bob": BOB}


def two_player_game(api: FakeBotApi) -> tuple[GroupChat, dict]:
    api.add_user(ALICE, "Alice")
    api.add_user(BOB, "Bob")
    api.add_chat(GROUP, members=[ALICE, BOB])
    chat = GroupChat(api, GROUP)
    api.send_message(ALICE, GROUP, "/mia")
    chat.wait_table(lambda m: "a new table is open" in m["text"], timeout=30)
    chat.press(BOB, "✋ Join")
    chat.wait_table(lambda m: "2. Bob" in m["text"], timeout=30)
    chat.press(ALICE, "▶️ Start")
    return chat, chat.wait_table(lambda m: "round 1" in m["text"], timeout=30)


def shown_version(client, table_id: str) -> int:
    """The table version the group's message shows (the bot's own bookkeeping)."""
    return ChatMessages(client).rendered_version(table_id)


def shows_decision(message: dict, token: int) -> bool:
    """Whether this table message's game buttons are for the decision ``token``."""
    try:
        return decision(message) == token
    except AssertionError:  # no game button on it (yet)
        return False


def table_id_of(message: dict) -> str:
    return message["reply_markup"]["inline_keyboard"][0][0]["callback_data"].split(":")[0]


def make_a_move(chat: GroupChat, message: dict) -> dict:
    user = NAMES[acting_name(message)]
    chat.press(user, "❗ Challenge" if "❗ Challenge" in labels(message) else "31", message)
    return chat.wait_newer_than(table_version(message), timeout=30)


def test_kill_9_mid_game_and_the_game_goes_on(bot_api, redis_server, redis_client, tmp_path):
    env = bot_env(bot_api, redis_server.url)
    first = BotProcess(env, tmp_path / "bot1.log").start()
    bot_api.wait_for(lambda: bot_api.is_polling, timeout=60)
    chat, message = two_player_game(bot_api)
    message = make_a_move(chat, message)
    version = table_version(message)
    os.kill(first.process.pid, signal.SIGKILL)
    first.process.wait()
    # A press while the bot is down waits in Telegram's queue, like a real one would.
    pending_user = NAMES[acting_name(message)]
    label = "❗ Challenge" if "❗ Challenge" in labels(message) else "31"
    query = bot_api.press(pending_user, message["message_id"], GROUP, button(message, label))
    second = BotProcess(env, tmp_path / "bot2.log").start()
    try:
        assert bot_api.wait_answer(query, timeout=20)["text"].startswith("✓")  # applied
        after = chat.wait_newer_than(version, timeout=20)
        assert after is not None or any("wins" in t for t in chat.story())
        play_to_the_end(chat)
    finally:
        second.stop()
    assert any("wins the game" in text for text in chat.story())
    assert "Traceback" not in second.log
    bot_api.assert_clean()


def test_a_redis_restart_mid_game_loses_nothing_and_everyone_reconnects(bot_api, tmp_path):
    server = RedisServer(tmp_path / "redis").start()  # AOF on, like docker-compose
    bot = BotProcess(bot_env(bot_api, server.url), tmp_path / "bot.log").start()
    store = TableStore(redis.Redis.from_url(server.url))
    web = WebServer(create_app(store, WebConfig(bot_token=TOKEN))).start()
    try:
        bot_api.wait_for(lambda: bot_api.is_polling, timeout=60)
        chat, message = two_player_game(bot_api)
        message = make_a_move(chat, message)
        table_id = table_id_of(message)
        before = store.load(table_id)

        server.stop()  # a clean shutdown: AOF flushed
        user = NAMES[acting_name(message)]
        label = "❗ Challenge" if "❗ Challenge" in labels(message) else "31"
        headers = {"Authorization": "tma " + sign_user(TOKEN, {"id": ALICE, "first_name": "A"})}
        down = httpx.get(f"{web.url}/api/tables/{table_id}", headers=headers, timeout=30)
        assert down.status_code == 503 and down.json()["error"]["code"] == "unavailable"
        query = bot_api.press(user, message["message_id"], GROUP, button(message, label))
        # The bot has taken the press (confirmed it to Telegram) and noticed the outage, while
        # Redis is still down.
        bot_api.wait_for(lambda: not bot_api.pending_updates(), timeout=30)
        bot_api.wait_for(lambda: "bot: Redis unavailable" in bot.log, timeout=30)
        server.start()  # same port, same data folder
        answer = bot_api.wait_answer(query, timeout=20)  # applied after a retry, or refused
        after = store.load(table_id)
        assert after.state["lives"] == before.state["lives"] or after.version > before.version
        assert after.seats == before.seats and after.game_no == before.game_no
        if not answer["text"].startswith("✓"):  # not applied: refused, never half done
            assert "briefly unavailable" in answer["text"]
        up = httpx.get(f"{web.url}/api/tables/{table_id}", headers=headers, timeout=10)
        assert up.status_code == 200
        bot_api.wait_for(lambda: shown_version(store.redis, table_id) >= after.version, timeout=20)
        play_to_the_end(chat)
        assert any("wins the game" in text for text in chat.story())
    finally:
        web.stop()
        bot.stop()
        server.stop()
    assert "bot: Redis unavailable" in bot.log and "bot: Redis is back" in bot.log
    assert "Traceback" not in bot.log
    bot_api.assert_clean()


def test_a_press_that_outwaits_every_retry_is_still_answered_and_changes_nothing(bot_api, tmp_path):
    """Redis stays away past the bot's retries: the presser still hears "briefly unavailable"
    in time (not after a second round of retries for the table), and the table is as it was
    once Redis is back."""
    server = RedisServer(tmp_path / "redis").start()
    bot = BotProcess(bot_env(bot_api, server.url), tmp_path / "bot.log").start()
    store = TableStore(redis.Redis.from_url(server.url))
    try:
        bot_api.wait_for(lambda: bot_api.is_polling, timeout=60)
        _chat, message = two_player_game(bot_api)
        table_id = table_id_of(message)
        before = store.load(table_id)
        server.stop()
        user = NAMES[acting_name(message)]
        query = bot_api.press(user, message["message_id"], GROUP, button(message, "31"))
        answer = bot_api.wait_answer(query, timeout=60)  # within Telegram's 15 s
        assert "briefly unavailable" in answer["text"]
        assert "Redis unavailable while reading a language" in bot.log
        server.start()
        assert store.load(table_id).version == before.version
    finally:
        bot.stop()
        server.stop()
    assert "Traceback" not in bot.log
    bot_api.assert_clean()


def test_a_hundred_identical_clicks_apply_the_move_once_and_none_is_an_error(
    bot, bot_api, redis_client
):
    _chat, message = two_player_game(bot_api)
    user = NAMES[acting_name(message)]
    table_id = table_id_of(message)
    store = TableStore(redis_client)
    before = store.load(table_id).version
    data = button(message, "43")
    queries = [bot_api.press(user, message["message_id"], GROUP, data) for _ in range(100)]
    answers = [bot_api.wait_answer(q, timeout=30) for q in queries]
    # Every tap hears that its move was made, as a toast: the same choice again is no error.
    assert all(a["text"] == "✓ 43" and a.get("show_alert") is not True for a in answers)
    events = store.log.events_after(store.load(table_id), before)
    assert [e["type"] for _v, batch in events for e in batch] == ["claimed"]


def test_a_mini_app_move_and_a_group_button_racing_for_one_turn(bot, bot_api, redis_client):
    _chat, message = two_player_game(bot_api)
    store = TableStore(redis_client)
    web = WebServer(create_app(store, WebConfig(bot_token=TOKEN))).start()
    try:
        user = NAMES[acting_name(message)]
        table_id = table_id_of(message)
        headers = {"Authorization": "tma " + sign_user(TOKEN, {"id": user, "first_name": "X"})}
        results: dict[str, object] = {}
        start = threading.Barrier(2)

        def from_the_app():
            start.wait()
            results["app"] = httpx.post(
                f"{web.url}/api/tables/{table_id}/moves",
                json={"action": "claim:53", "decision": decision(message)},
                headers=headers,
            )

        def from_the_group():
            start.wait()
            query = bot_api.press(user, message["message_id"], GROUP, button(message, "54"))
            results["group"] = bot_api.wait_answer(query, timeout=20)

        threads = [threading.Thread(target=f) for f in (from_the_app, from_the_group)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        app_won = results["app"].status_code == 200
        group_won = results["group"]["text"].startswith("✓")
        assert app_won != group_won  # exactly one
        if app_won:
            assert results["group"]["text"] == "Too late: the table has moved on."
        else:
            assert results["app"].status_code == 409
            assert results["app"].json()["error"]["code"] == "stale"
        claim = store.load(table_id).state["claim"]
        assert claim == ("53" if app_won else "54")
    finally:
        web.stop()


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    data=st.one_of(
        st.text(max_size=70),
        st.builds(lambda v, a: f"TABLE:{v}:{a}", st.integers(-5, 10**12), st.text(max_size=30)),
    )
)
def test_fuzzed_callback_data_gets_an_answer_and_changes_nothing(bot, bot_api, redis_client, data):
    if not bot_api.messages(GROUP):
        two_player_game(bot_api)
    chat = GroupChat(bot_api, GROUP)
    message = chat.table_message()
    table_id = table_id_of(message)
    before = redis_client.hget(keys.table(table_id), "v")
    data = data.replace("TABLE", table_id)
    if not data or len(data.encode()) > 64:
        data = data[:20] or "x"  # Telegram itself never delivers empty or oversized data
    answer = bot_api.wait_answer(
        bot_api.press(BOB, message["message_id"], GROUP, data, check_button=False), timeout=20
    )
    if "text" in answer:
        assert answer["show_alert"] is True and len(answer["text"]) <= 200
    assert redis_client.hget(keys.table(table_id), "v") == before or "text" not in answer


def test_an_abandoned_lobby_closes_with_a_message(bot, bot_api, redis_client):
    bot_api.add_user(ALICE, "Alice")
    bot_api.add_chat(GROUP, members=[ALICE])
    chat = GroupChat(bot_api, GROUP)
    bot_api.send_message(ALICE, GROUP, "/mia")
    lobby = chat.wait_table(lambda m: "a new table is open" in m["text"])
    table_id = table_id_of(lobby)
    # An hour passes (the document's deadline is what the sweeper trusts).
    doc = json.loads(redis_client.hget(keys.table(table_id), "doc"))
    doc["deadline"] = time.time() - 1
    redis_client.hset(keys.table(table_id), "doc", json.dumps(doc))
    redis_client.zadd(keys.DEADLINES, {table_id: doc["deadline"]})
    closed = bot_api.wait_for(
        lambda: [m for m in bot_api.messages(GROUP) if "nobody played" in (m["text"] or "")]
    )
    assert closed
    bot_api.wait_for(lambda: chat.table_message() is None)


def test_a_game_at_full_speed_within_telegrams_flood_limits(redis_server, redis_client, tmp_path):
    with FakeBotApi(TOKEN, flood_limits=True) as api:
        env = bot_env(
            api,
            redis_server.url,
            GROUP_MESSAGES_PER_MINUTE="20",
            CHAT_MESSAGES_PER_SECOND="1",
            TABLE_EDIT_INTERVAL="1.0",
        )
        bot = BotProcess(env, tmp_path / "bot.log").start()
        try:
            api.wait_for(lambda: api.is_polling, timeout=60)
            chat, message = two_player_game(api)
            store = TableStore(redis_client)
            table_id = table_id_of(message)
            actions = 3
            for _ in range(400):
                if store.load(table_id).status != "playing":
                    break
                step = store.load(table_id).state["step"]
                # Players act on what the group shows: wait until it shows the table as it is.
                message = chat.wait_table(lambda m, s=step: shows_decision(m, s), timeout=90)
                user = NAMES[acting_name(message)]
                label = "❗ Challenge" if "❗ Challenge" in labels(message) else "Mia"
                seen = store.load(table_id).version
                chat.press(user, label, message)
                actions += 1

                def moved(seen: int = seen) -> bool:
                    table = store.load(table_id)
                    return table.version > seen or table.status != "playing"

                api.wait_for(moved, timeout=60)
            assert store.load(table_id).status == "finished"
            api.wait_for(lambda: any("wins the game" in t for t in chat.story()), timeout=90)
        finally:
            bot.stop()
        assert api.stats["http_429"] == 0, api.stats
        group_calls = sum(
            n
            for method, n in api.stats["per_chat"].get(GROUP, {}).items()
            if method in ("sendMessage", "editMessageText", "editMessageReplyMarkup")
        )
        assert group_calls <= actions * 1.5, (group_calls, actions, api.stats)
        api.assert_clean()
