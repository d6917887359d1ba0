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

from tables.engine.redis_server import free_port

ROOT = Path(__file__).resolve().parents[2]


def local_env(redis_url: str, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("TELEGRAM_BOT_TOKEN", "WEBAPP_HOST")}
    env["REDIS_URL"] = redis_url  # never an embedded server in tests
    env["PYTHONUNBUFFERED"] = "1"
    return {**env, **extra}


@pytest.fixture
def data_dir(tmp_path) -> Path:
    return tmp_path / "local-data"


def run_local(
    *args: str, redis_url: str, data_dir: Path, env: dict[str, str] | None = None
) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "webapp", "--local", "--data-dir", str(data_dir), *args],
        cwd=ROOT,
        env=local_env(redis_url, **(env or {})),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # Ctrl+C works as in a terminal, even when the tests run in a background job.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


@pytest.mark.parametrize("host", ["0.0.0.0", "192.0.2.1", "::", "example.invalid"])
def test_a_host_other_than_loopback_is_refused(redis_server, host, data_dir):
    process = run_local(
        "--host", host, "--port", "0", redis_url=redis_server.url, data_dir=data_dir
    )
    stdout, stderr = process.communicate(timeout=30)
    assert process.returncode == 2, stderr
    assert f"error: refusing --host {host}" in stderr
    assert "local mode listens on this computer only" in stderr or "cannot resolve" in stderr
    assert "Open http" not in stdout and "Traceback" not in stderr


def test_the_local_command_starts_prints_the_address_and_moves_cpus(redis_server, data_dir):
    port = free_port()
    process = run_local("--port", str(port), redis_url=redis_server.url, data_dir=data_dir)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(
        target=lambda: [lines.put(line) for line in process.stdout], daemon=True
    ).start()
    try:
        first = lines.get(timeout=30)
        url = f"http://127.0.0.1:{port}/"
        assert first.startswith(f"Open {url} in your browser"), first
        with httpx.Client(base_url=url, timeout=10) as http:
            assert http.get("/healthz").json()["ok"] is True
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


def test_a_taken_port_given_on_the_command_line_is_an_error(redis_server, data_dir):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        started = time.monotonic()
        process = run_local("--port", str(port), redis_url=redis_server.url, data_dir=data_dir)
        stdout, stderr = process.communicate(timeout=30)
    assert process.returncode == 1 and f"cannot listen on 127.0.0.1 port {port}" in stderr
    assert "Open http" not in stdout and time.monotonic() - started < 30


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_or_kill_stops_it_cleanly(redis_server, stop, data_dir):
    process = run_local("--port", "0", redis_url=redis_server.url, data_dir=data_dir)
    assert process.stdout.readline().startswith("Open http://127.0.0.1:")
    process.send_signal(stop)
    _, stderr = process.communicate(timeout=15)
    assert process.returncode == 0 and "Traceback" not in stderr, stderr


def test_a_taken_default_port_is_an_error_not_a_silent_move(redis_server, data_dir):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        env = {"WEBAPP_PORT": str(port)}
        process = run_local(redis_url=redis_server.url, data_dir=data_dir, env=env)
        stdout, stderr = process.communicate(timeout=30)
    assert process.returncode == 1, stderr
    assert f"error: cannot listen on 127.0.0.1 port {port}" in stderr
    assert "pick another with --port" in stderr
    assert "Open http" not in stdout and "Traceback" not in stderr


def test_a_second_local_server_on_the_same_data_directory_is_refused(redis_server, data_dir):
    first = run_local("--port", "0", redis_url=redis_server.url, data_dir=data_dir)
    try:
        assert first.stdout.readline().startswith("Open http://127.0.0.1:")
        second = run_local("--port", "0", redis_url=redis_server.url, data_dir=data_dir)
        stdout, stderr = second.communicate(timeout=30)
        assert second.returncode == 1
        lines = [line for line in stderr.splitlines() if line.strip()]
        assert lines == [
            f"error: another `python -m webapp --local` is already running on {data_dir}/: "
            "open the address it printed, or stop it first (or pick another --data-dir)"
        ]
        assert "Open http" not in stdout
    finally:
        first.terminate()
        first.communicate(timeout=15)
    again = run_local("--port", "0", redis_url=redis_server.url, data_dir=data_dir)
    try:  # the lock went with the first server
        assert again.stdout.readline().startswith("Open http://127.0.0.1:")
    finally:
        again.terminate()
        again.communicate(timeout=15)


def test_a_restart_keeps_the_key_so_a_tab_keeps_its_seat(redis_server, data_dir):
    port = free_port()
    url = f"http://127.0.0.1:{port}"

    def started() -> subprocess.Popen[str]:
        process = run_local("--port", str(port), redis_url=redis_server.url, data_dir=data_dir)
        assert process.stdout.readline().startswith(f"Open {url}/")
        return process

    process = started()
    try:
        with httpx.Client(base_url=url, timeout=10) as http:
            session = http.post("/local/session", json={"name": "Alice"}).json()
            headers = {"Authorization": "tma " + session["init_data"]}
            body = {"cpus": ["easy"], "start": False}
            table_id = http.post("/local/tables", json=body, headers=headers).json()["table"]["id"]
    finally:
        process.terminate()
        process.communicate(timeout=15)
    key = data_dir / "local-secret"
    assert key.stat().st_mode & 0o777 == 0o600
    secret = key.read_text()
    process = started()
    try:
        with httpx.Client(base_url=url, timeout=10) as http:
            view = http.get(f"/api/tables/{table_id}", headers=headers)
            assert view.status_code == 200, view.text
            assert view.json()["you"] == 0 and view.json()["creator"]
    finally:
        process.terminate()
        process.communicate(timeout=15)
    assert key.read_text() == secret
