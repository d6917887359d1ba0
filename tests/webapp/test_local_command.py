"""``python -m webapp --local`` as a person runs it: loopback only, prints where to go, and its
own ticker moves the CPUs (no bot runs in local mode)."""

from __future__ import annotations

import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from tables.redis_server import free_port

ROOT = Path(__file__).resolve().parents[2]


def local_env(redis_url: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("TELEGRAM_BOT_TOKEN", "WEBAPP_HOST")}
    env["REDIS_URL"] = redis_url  # never an embedded server in tests
    env["PYTHONUNBUFFERED"] = "1"
    return env


def run_local(*args: str, redis_url: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "webapp", "--local", *args],
        cwd=ROOT,
        env=local_env(redis_url),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # Ctrl+C works as in a terminal, even when the tests run in a background job.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


@pytest.mark.parametrize("host", ["0.0.0.0", "192.0.2.1", "::", "example.invalid"])
def test_a_host_other_than_loopback_is_refused(redis_server, host):
    process = run_local("--host", host, "--port", "0", redis_url=redis_server.url)
    stdout, stderr = process.communicate(timeout=30)
    assert process.returncode == 2, stderr
    assert f"error: refusing --host {host}" in stderr
    assert "local mode listens on this computer only" in stderr or "cannot resolve" in stderr
    assert "Open http" not in stdout and "Traceback" not in stderr


def test_the_local_command_starts_prints_the_address_and_moves_cpus(redis_server, redis_client):
    port = free_port()
    process = run_local("--port", str(port), redis_url=redis_server.url)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(
        target=lambda: [lines.put(line) for line in process.stdout], daemon=True
    ).start()
    try:
        first = lines.get(timeout=30)
        url = f"http://127.0.0.1:{port}/"
        assert first.startswith(f"Open {url} in your browser"), first
        with httpx.Client(base_url=url, timeout=10) as http:
            assert http.get("/healthz").json() == {"ok": True}
            assert 'data-local="1"' in http.get("/").text
            session = http.post("/local/session", json={"name": "Alice"}).json()
            headers = {"Authorization": "tma " + session["init_data"]}
            body = {"settings": {"lives": 2}, "cpus": ["easy", "easy"]}
            view = http.post("/local/tables", json=body, headers=headers).json()["table"]
            table = f"/api/tables/{view['id']}"
            if view["seats"][0]["acting"]:  # Alice starts: she claims, a CPU answers
                move = {"action": view["actions"][0][0]["action"], "decision": view["decision"]}
                view = http.post(f"{table}/moves", json=move, headers=headers).json()
            # The ticker thread moves the CPU after its pace (1 s): the version goes up.
            moved = http.get(f"{table}/wait?after={view['version']}&timeout=10", headers=headers)
            assert moved.json()["version"] > view["version"]
    finally:
        process.terminate()
        _, stderr = process.communicate(timeout=15)
    assert process.returncode == 0, stderr
    assert "Traceback" not in stderr, stderr


def test_a_taken_port_given_on_the_command_line_is_an_error(redis_server):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        started = time.monotonic()
        process = run_local("--port", str(port), redis_url=redis_server.url)
        stdout, stderr = process.communicate(timeout=30)
    assert process.returncode == 1 and f"cannot listen on 127.0.0.1 port {port}" in stderr
    assert "Open http" not in stdout and time.monotonic() - started < 30


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_or_kill_stops_it_cleanly(redis_server, stop):
    process = run_local("--port", "0", redis_url=redis_server.url)
    assert process.stdout.readline().startswith("Open http://127.0.0.1:")
    process.send_signal(stop)
    _, stderr = process.communicate(timeout=15)
    assert process.returncode == 0 and "Traceback" not in stderr, stderr
