"""``python -m telegram_bot`` as a child process, pointed at the tests' Bot API server, its
dice seeded (tests.support.seeded_bot)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tables.engine.redis_server import stop_process
from tests.support.bot_api_server import FakeBotApi
from tests.support.seeded_bot import SEED_VARIABLE

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "123456789:AAH-test_token-for-the-fake-bot-api"


class BotProcess:
    """``python -m telegram_bot`` as a child process, its log kept for inspection."""

    def __init__(self, env: dict[str, str], log_path: Path) -> None:
        self.env = env
        self.log_path = log_path
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> BotProcess:
        """The bot as ``python -m telegram_bot`` runs, its dice seeded by the test running
        (pytest names it in ``PYTEST_CURRENT_TEST``) and this bot's log file."""
        log = self.log_path.open("ab")
        test = os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" (", 1)[0]
        env = {**self.env, SEED_VARIABLE: f"{test}|{self.log_path.name}"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.support.seeded_bot"], cwd=ROOT, env=env, stdout=log,
            stderr=subprocess.STDOUT,
        )  # fmt: skip
        return self

    def stop(self, kill: bool = False) -> None:
        stop_process(self.process, 15, kill)

    @property
    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


def bot_env(api: FakeBotApi, redis_url: str, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "REDIS_"))}
    env.update(
        TELEGRAM_BOT_TOKEN=TOKEN,
        TELEGRAM_API_BASE_URL=api.base_url,
        REDIS_URL=redis_url,
        TABLE_EDIT_INTERVAL="0.3",
        # This server enforces no flood limits unless a test asks for them (flood tests do).
        GROUP_MESSAGES_PER_MINUTE="600",
        CHAT_MESSAGES_PER_SECOND="20",
        # Today's paths (the 👀 alert, inline mode) are what most tests play through; the
        # panel tests (test_panels_e2e) switch players' panels on.
        EPHEMERAL_PANELS="off",
        PYTHONUNBUFFERED="1",
    )
    env.update(extra)
    return env
