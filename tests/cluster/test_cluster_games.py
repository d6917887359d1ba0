"""Whole games on a Redis Cluster: the real bot process in a group (against the fake Bot
API), and a Mini App game over HTTP through two web workers."""

from __future__ import annotations

import pytest

from tables.table import lobby
from tables.table.model import ChatRef
from tables.table.store import TableStore
from tests.cluster.conftest import cluster_env
from tests.cluster.miniapp_player import play_game
from tests.support.bot_process import BotProcess, bot_env
from tests.telegram_bot.group_chat import GroupChat
from tests.telegram_bot.test_group_game_e2e import (
    GROUP,
    open_lobby_with_three,
    play_to_the_end,
    setup_group,
)
from tests.telegram_bot.test_workers_e2e import WebWorker


@pytest.fixture
def cluster_bot(bot_api, redis_cluster, cluster_client, tmp_path):
    env = bot_env(bot_api, redis_cluster.url, **cluster_env(redis_cluster))
    process = BotProcess(env, tmp_path / "bot.log").start()
    try:
        bot_api.wait_for(lambda: bot_api.is_polling, timeout=60)
        yield process
    finally:
        process.stop()
    assert "Traceback" not in process.log, process.log
    bot_api.assert_clean()


@pytest.fixture
def cluster_webs(redis_cluster, cluster_client, tmp_path):
    webs = [
        WebWorker(redis_cluster.url, tmp_path / f"web{i}.log", extra=cluster_env(redis_cluster))
        for i in range(2)
    ]
    try:
        for web in webs:
            web.wait_ready()
        yield webs
    finally:
        for web in webs:
            web.stop()
    for web in webs:
        assert "Traceback" not in web.log_path.read_text()


def test_a_group_game_on_the_cluster(cluster_bot, bot_api):
    chat: GroupChat = setup_group(bot_api)
    open_lobby_with_three(chat)
    chat.press(1, "▶️ Start")
    chat.wait_table(lambda m: "round 1" in m["text"])
    play_to_the_end(chat)
    assert any("wins the game" in text for text in chat.story())
    assert bot_api.messages(GROUP)


def test_a_mini_app_game_on_the_cluster(cluster_webs, cluster_client):
    store = TableStore(cluster_client)
    table = store.create(ChatRef(-100700), 11, "P11", game="mia").table
    store.change(table.id, lambda t: lobby.join(t, 12, "P12"))
    store.change(table.id, lambda t: lobby.change_setting(t, 11, "turn_timer", 0))
    store.change(table.id, lambda t: lobby.start(t, 11, store.rng))
    versions = play_game([web.url for web in cluster_webs], table.id, [11, 12])
    assert versions == sorted(versions) and len(set(versions)) == len(versions)
    final = store.load(table.id)
    assert final.status == "finished" and final.version >= versions[-1]
