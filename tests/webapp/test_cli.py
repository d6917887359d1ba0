"""``python -m webapp`` (not local): a malformed token or setting is one line at start-up."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tables.engine.redis_server import free_port
from tests.support.bot_process import ROOT, TOKEN


@pytest.mark.parametrize(
    "extra",
    [{"TELEGRAM_BOT_TOKEN": "12345:short"}, {"REDIS_TIMEOUT": "soon"},
     {"WAIT_LIMIT_PER_PERSON": "0"}, {"WEBAPP_TRUSTED_PROXIES": "-1"},
     {"OPS_BIND": "nowhere"}],
)  # fmt: skip
def test_a_bad_setting_is_one_line_before_anything_starts(extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "REDIS_"))}
    env.update(
        TELEGRAM_BOT_TOKEN=TOKEN,
        REDIS_URL=f"redis://127.0.0.1:{free_port()}/0",  # nothing there: never reached
        WEBAPP_PORT=str(free_port()),
    )
    env.update(extra)
    done = subprocess.run(
        [sys.executable, "-m", "webapp"], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=60, check=False,
    )  # fmt: skip
    output = (done.stdout + done.stderr).strip()
    assert done.returncode == 2, output
    assert len(output.splitlines()) == 1 and output.startswith("error: "), output
    assert "short" not in output
