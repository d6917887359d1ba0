"""What local mode (``python -m webapp --local``) keeps on this computer, and where it listens.

- :class:`LocalMode` holds the secret that signs and checks every local person's initData.
  It lives in a file under the data directory (``.local/local-secret``, mode 0600, created
  atomically), so a browser tab, and the seat it holds, survive a restart of the server.
- :class:`DataDirLock` keeps a second local server off the same data directory.
- ``loopback_address`` and ``is_loopback_host_header``: loopback only, no DNS rebinding.
"""

from __future__ import annotations

import contextlib
import fcntl
import ipaddress
import os
import secrets
import socket
from dataclasses import dataclass
from pathlib import Path
from typing import IO

SECRET_FILE = "local-secret"
LOCK_FILE = "local.lock"
MIN_SECRET_LENGTH = 32


@dataclass(frozen=True)
class LocalMode:
    """Local mode's secret: it signs and checks every local person's initData."""

    secret: str

    @classmethod
    def new(cls) -> LocalMode:
        return cls(secrets.token_urlsafe(32))

    @classmethod
    def kept_in(cls, data_dir: Path) -> LocalMode:
        """The secret kept in ``data_dir``, made (atomically, readable by its owner only) the
        first time: every later start signs and checks with the same key."""
        data_dir.mkdir(parents=True, exist_ok=True)
        path = data_dir / SECRET_FILE
        try:
            kept: str | None = path.read_text(encoding="ascii").strip()
        except FileNotFoundError:
            kept = None
        if kept is not None and len(kept) >= MIN_SECRET_LENGTH:
            if path.stat().st_mode & 0o077:
                path.chmod(0o600)
            return cls(kept)
        _write_new(path, secrets.token_urlsafe(32), replace=kept is not None)
        return cls(path.read_text(encoding="ascii").strip())

    def __post_init__(self) -> None:
        if len(self.secret) < MIN_SECRET_LENGTH:
            raise ValueError("local mode needs a long random secret")

    def __repr__(self) -> str:  # never print the secret
        return "LocalMode(secret=…)"


def _write_new(path: Path, secret: str, *, replace: bool) -> None:
    """Write ``secret`` to a private temporary file, then put it in place in one step: a
    reader sees no file or the whole secret, never half of one. A file that appeared
    meanwhile is kept (unless ``replace``: an unusable one)."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(descriptor, "w", encoding="ascii") as handle:
            handle.write(secret + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        if replace:
            os.replace(temporary, path)
        else:
            with contextlib.suppress(FileExistsError):
                os.link(temporary, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)


class DataDirBusy(RuntimeError):
    pass


class DataDirLock:
    """An exclusive lock on ``<data_dir>/local.lock`` for as long as the server runs (the
    system drops it when the process ends, however it ends)."""

    def __init__(self, data_dir: Path) -> None:
        self.path = data_dir / LOCK_FILE
        self._handle: IO[str] | None = None

    def acquire(self) -> DataDirLock:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(self.path, "a+", encoding="ascii")  # noqa: SIM115 - held until release
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            raise DataDirBusy(str(self.path.parent)) from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        self._handle = handle
        return self

    def release(self) -> None:
        if self._handle is not None:
            fcntl.flock(self._handle.fileno(), fcntl.LOCK_UN)
            self._handle.close()
            self._handle = None


# --- loopback only -------------------------------------------------------------------------


class NotLoopback(ValueError):
    pass


def loopback_address(host: str) -> str:
    """The address to listen on for ``host``, which must name loopback addresses only.

    ``host`` is resolved once; every address it resolves to must be a loopback address, and
    the server binds to one of those literal addresses (IPv4 preferred), never to the name.
    """
    if not host or not host.strip():
        raise NotLoopback("an empty host would listen on every network interface")
    try:
        infos = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except (socket.gaierror, UnicodeError) as error:
        raise NotLoopback(f"cannot resolve {host!r}: {error}") from None
    addresses = list(dict.fromkeys(str(info[4][0]) for info in infos))
    for address in addresses:
        try:
            loopback = ipaddress.ip_address(address.split("%")[0]).is_loopback
        except ValueError:
            loopback = False
        if not loopback:
            raise NotLoopback(
                f"{host!r} is {address}, not a loopback address: local mode listens on this "
                "computer only (127.0.0.1, ::1 or localhost)"
            )
    if not addresses:
        raise NotLoopback(f"{host!r} resolves to nothing")
    return next((a for a in addresses if ":" not in a), addresses[0])


def is_loopback_host_header(host: str) -> bool:
    """Whether a request's Host header names this computer (a loopback name or address)."""
    host = host.strip().lower()
    if host.startswith("["):
        end = host.find("]")
        name = host[1:end] if end > 0 else ""
    else:
        name = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False
