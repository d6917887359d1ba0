"""``python -m telegram_bot`` facing a bad token, and its log never holding a secret."""

from __future__ import annotations

import subprocess
import sys

from tables.engine.redis_server import free_port
from telegram_bot.config import derived_webhook_secret
from tests.support.bot_process import ROOT, TOKEN, BotProcess, bot_env
from tests.telegram_bot.group_chat import GroupChat

SECRET_PART = TOKEN.split(":", 1)[1]
GROUP = -100901


def run_bot(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "telegram_bot"], cwd=ROOT, env=env, capture_output=True,
        text=True, timeout=120, check=False,
    )  # fmt: skip


def test_a_malformed_token_is_one_line_before_any_network_call(bot_api):
    unused = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens: it must not be tried
    for token in ("12345:short", "not a token at all", "123456789:" + SECRET_PART + "!"):
        env = bot_env(bot_api, unused, TELEGRAM_BOT_TOKEN=token)
        done = run_bot(env)
        output = (done.stdout + done.stderr).strip()
        assert done.returncode == 2, output
        assert len(output.splitlines()) == 1 and output.startswith("error: "), output
        assert "does not look like a bot token" in output
        assert token not in output
    assert bot_api.calls == []


def test_a_token_telegram_refuses_is_one_line_masked_without_a_traceback(bot_api, redis_server):
    refused = "987654321:AAH-some_other-token-the-api-refuse"  # well formed, not this bot's
    for role in ("polling", "worker"):
        env = bot_env(bot_api, redis_server.url, TELEGRAM_BOT_TOKEN=refused, BOT_ROLE=role)
        done = run_bot(env)
        output = (done.stdout + done.stderr).strip()
        assert done.returncode == 1, output
        assert output.splitlines() == [
            "error: Telegram refused the bot token 987654321:[redacted] (401 Unauthorized): "
            "check TELEGRAM_BOT_TOKEN, or get a new one from @BotFather"
        ], output
        assert refused.split(":")[1] not in output
    assert bot_api.stats["http_401"] >= 2


def test_the_bot_log_never_holds_the_token_or_the_webhook_secret(
    bot_api, redis_server, redis_client, tmp_path
):
    bot_api.add_user(1, "Alice")
    bot_api.add_user(2, "Bob")
    bot_api.add_chat(GROUP, members=[1, 2])
    env = bot_env(bot_api, redis_server.url, LOG_LEVEL="DEBUG")
    process = BotProcess(env, tmp_path / "bot.log").start()
    try:
        bot_api.wait_for(lambda: bot_api.is_polling, timeout=60)
        chat = GroupChat(bot_api, GROUP)
        bot_api.send_message(1, GROUP, "/mia")
        chat.wait_table(lambda m: "a new table is open" in m["text"])
        chat.press(2, "✋ Join")
        chat.wait_table(lambda m: "2. Bob" in m["text"])
    finally:
        process.stop()
    log = process.log
    assert "getUpdates" in log or "get_updates" in log or "Calling Bot API" in log, log[-2000:]
    assert SECRET_PART not in log
    assert derived_webhook_secret(TOKEN) not in log
    assert "HTTP Request:" not in log  # httpx's request lines (they carry the URL) stay out
