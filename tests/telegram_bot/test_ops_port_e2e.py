"""The bot's operator port in webhook mode: ready once its webhook server runs, every
webhook answer counted (accepted, or refused without the secret), and a port already taken
is one line at start, not a traceback."""

from __future__ import annotations

import socket

import httpx

from tables.engine.redis_server import free_port
from tests.support.bot_process import BotProcess, bot_env
from tests.telegram_bot.test_webhook_limits_e2e import wait_listening

GROUP = -100622
ANN = 9


def sample(metrics: str, name: str) -> float:
    """The value of one sample line (``name`` with its labels, as the exposition writes it)."""
    for line in metrics.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[-1])
    return 0.0


def test_a_webhook_bot_is_ready_and_counts_what_its_webhook_answers(
    bot_api, redis_server, redis_client, tmp_path
):
    port, ops = free_port(), free_port()
    url = f"http://127.0.0.1:{port}/telegram"
    env = bot_env(bot_api, redis_server.url, WEBHOOK_URL=url, WEBHOOK_LISTEN="127.0.0.1",
                  WEBHOOK_PORT=str(port), OPS_BIND=f"127.0.0.1:{ops}")  # fmt: skip
    bot = BotProcess(env, tmp_path / "bot.log").start()
    try:
        wait_listening(url, bot)  # (one refused post: no secret)
        ready = bot_api.wait_for(
            lambda: (
                (r := httpx.get(f"http://127.0.0.1:{ops}/readyz", timeout=5)).status_code == 200
                and r.json()
            ),
            timeout=30,
        )
        assert ready["checks"]["updates"] == "ok"
        bot_api.add_user(ANN, "Ann")
        bot_api.add_chat(GROUP, admins=[ANN])
        bot_api.send_message(ANN, GROUP, "/help")
        assert bot_api.deliver_via_webhook() == 1
        bot_api.wait_for(lambda: [m for m in bot_api.messages(GROUP) if m.get("from_bot")])
        metrics = httpx.get(f"http://127.0.0.1:{ops}/metrics", timeout=5).text
        assert sample(metrics, 'cupclaim_webhook_requests_total{outcome="accepted"}') == 1
        assert sample(metrics, 'cupclaim_webhook_requests_total{outcome="refused_secret"}') >= 1
        assert sample(metrics, 'cupclaim_updates_received_total{kind="message"}') == 1
        assert sample(metrics, 'cupclaim_build_info{role="webhook",version="0.1.0"}') == 1
        assert sample(metrics, 'cupclaim_bot_api_calls_total{method="sendMessage",outcome="ok"}')
    finally:
        bot.stop()
    assert "Traceback" not in bot.log, bot.log
    bot_api.assert_clean()


def test_an_operator_port_already_taken_is_one_line_at_start(
    bot_api, redis_server, redis_client, tmp_path
):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        env = bot_env(bot_api, redis_server.url, OPS_BIND=f"127.0.0.1:{port}")
        bot = BotProcess(env, tmp_path / "bot.log").start()
        assert bot.process is not None and bot.process.wait(timeout=60) == 2
    assert f"error: cannot listen on OPS_BIND 127.0.0.1:{port}" in bot.log
    assert "Traceback" not in bot.log
