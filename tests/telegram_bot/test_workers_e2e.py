"""Scale out: two bot workers behind a (test) load balancer in webhook mode and two web app
workers, one Redis. A whole game is played with updates spread over both bot workers and
moves coming in through both web app workers."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from tables.engine.redis_server import free_port
from telegram_bot.config import derived_webhook_secret
from tests.support.bot_process import ROOT, TOKEN, BotProcess, bot_env
from tests.telegram_bot.group_chat import (
    GroupChat,
    acting_name,
    decision,
    labels,
    table_version,
)
from tests.telegram_bot.test_group_game_e2e import play_to_the_end
from webapp.init_data import sign_user

ALICE, BOB, CAROL = 1, 2, 3
GROUP = -100800
USERS = {ALICE: "Alice", BOB: "Bob", CAROL: "Carol"}


class WebWorker:
    """``python -m webapp`` as a child process."""

    def __init__(self, redis_url: str, log_path: Path, extra: dict[str, str] | None = None) -> None:
        self.port = free_port()
        env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "REDIS_"))}
        env.update(TELEGRAM_BOT_TOKEN=TOKEN, REDIS_URL=redis_url, WEBAPP_PORT=str(self.port))
        env.update(extra or {})
        self.log_path = log_path
        self.process = subprocess.Popen(
            [sys.executable, "-m", "webapp"], cwd=ROOT, env=env,
            stdout=log_path.open("ab"), stderr=subprocess.STDOUT,
        )  # fmt: skip
        self.url = f"http://127.0.0.1:{self.port}"

    def wait_ready(self) -> None:
        deadline = time.monotonic() + 60  # a loaded machine starts a worker slowly
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url + "/healthz", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.05)
        raise AssertionError(self.log_path.read_text())

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


@pytest.fixture
def cluster(bot_api, redis_server, redis_client, tmp_path):
    ports = [free_port(), free_port()]
    urls = [f"http://127.0.0.1:{port}/telegram" for port in ports]
    bots = [
        BotProcess(
            bot_env(bot_api, redis_server.url, WEBHOOK_URL=url, WEBHOOK_LISTEN="127.0.0.1",
                    WEBHOOK_PORT=str(port)),
            tmp_path / f"bot{index}.log",
        ).start()
        for index, (url, port) in enumerate(zip(urls, ports, strict=True))
    ]  # fmt: skip
    webs = [WebWorker(redis_server.url, tmp_path / f"web{i}.log") for i in range(2)]
    stop = threading.Event()

    def pump() -> None:  # the load balancer in front of the bot workers
        while not stop.is_set():
            with contextlib.suppress(RuntimeError):  # no webhook registered yet
                bot_api.deliver_via_webhook(timeout=5, urls=urls)
            stop.wait(0.02)

    try:
        # Ready means both webhook servers answer (and each bot registered its webhook), not
        # that one registration happened: on a loaded machine the other may lag behind.
        for url, bot in zip(urls, bots, strict=True):
            wait_webhook_listening(url, bot)
        bot_api.wait_for(lambda: bot_api.webhook.get("url") in urls, timeout=60)
        for web in webs:
            web.wait_ready()
        threading.Thread(target=pump, daemon=True).start()
        yield urls, webs
    finally:
        stop.set()
        for process in (*bots, *webs):
            process.stop()
    for bot in bots:
        assert "Traceback" not in bot.log, bot.log
        assert TOKEN.split(":", 1)[1] not in bot.log  # nor the derived webhook secret:
        assert derived_webhook_secret(TOKEN) not in bot.log
    bot_api.assert_clean()


def wait_webhook_listening(url: str, bot: BotProcess, timeout: float = 60) -> None:
    """The webhook server is up when it refuses a request without the secret (403)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if bot.process is not None and bot.process.poll() is not None:
            raise AssertionError(f"the bot exited:\n{bot.log}")
        try:
            if httpx.post(url, json={}, timeout=2).status_code == 403:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    raise AssertionError(f"{url} never listened:\n{bot.log}")


def auth(user_id: int) -> dict[str, str]:
    user = {"id": user_id, "first_name": USERS[user_id], "language_code": "en"}
    return {"Authorization": "tma " + sign_user(TOKEN, user)}


def test_webhook_requests_without_the_secret_are_refused(cluster, bot_api):
    urls, _webs = cluster
    bot_api.add_user(ALICE, "Alice")
    bot_api.add_chat(GROUP, members=[ALICE])
    update = {
        "update_id": 1,
        "message": {"message_id": 1, "date": 0, "text": "/mia",
                    "entities": [{"type": "bot_command", "offset": 0, "length": 4}],
                    "from": {"id": ALICE, "is_bot": False, "first_name": "Alice"},
                    "chat": {"id": GROUP, "type": "supergroup", "title": "x"}},
    }  # fmt: skip
    assert httpx.post(urls[0], json=update).status_code == 403
    wrong = {"X-Telegram-Bot-Api-Secret-Token": "not-the-secret"}
    assert httpx.post(urls[1], json=update, headers=wrong).status_code == 403
    assert bot_api.webhook["secret_token"]  # registered with a secret
    # Nothing happened: the same command through Telegram (with the secret) opens one table,
    # and that one table is all the chat ever shows.
    bot_api.send_message(ALICE, GROUP, "/mia")
    chat = GroupChat(bot_api, GROUP)
    chat.wait_table(lambda m: "a new table is open" in m["text"])
    assert len(chat.bot_messages()) == 1, bot_api.dump()  # one table, not two


def test_a_game_spread_over_two_bot_workers_and_two_web_workers(cluster, bot_api):
    urls, webs = cluster
    for user, name in USERS.items():
        bot_api.add_user(user, name)
    bot_api.add_chat(GROUP, members=list(USERS))
    chat = GroupChat(bot_api, GROUP)
    bot_api.send_message(ALICE, GROUP, "/mia")
    chat.wait_table(lambda m: "a new table is open" in m["text"])
    chat.press(BOB, "✋ Join")
    chat.wait_table(lambda m: "2. Bob" in m["text"])
    chat.press(CAROL, "✋ Join")
    chat.wait_table(lambda m: "3. Carol" in m["text"])
    chat.press(ALICE, "▶️ Start")
    message = chat.wait_table(lambda m: "round 1" in m["text"])
    table_id = message["reply_markup"]["inline_keyboard"][0][0]["callback_data"].split(":")[0]

    # The first moves come in through the web app workers, alternating.
    for index in range(4):
        user = next(u for u, n in USERS.items() if n == acting_name(message))
        action = "challenge" if "❗ Challenge" in labels(message) else "claim:31"
        response = httpx.post(
            f"{webs[index % 2].url}/api/tables/{table_id}/moves",
            json={"action": action, "decision": decision(message)},
            headers=auth(user),
        )
        assert response.status_code == 200, response.text
        message = chat.wait_newer_than(table_version(message))
        assert message is not None

    play_to_the_end(chat)
    assert any("wins the game" in text for text in chat.story())
    assert all(bot_api.webhook_deliveries[url] >= 5 for url in urls), bot_api.webhook_deliveries
