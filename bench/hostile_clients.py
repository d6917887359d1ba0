"""The hostile bench's clients (bench.hostile): a person's signed headers, a timed request, and
raw connections that send a request and never read the answer."""

from __future__ import annotations

import socket
import time

import httpx

from tests.support.bot_process import TOKEN
from webapp.init_data import sign_user

GROUP = -100999


def auth(user: int) -> dict[str, str]:
    return {"Authorization": "tma " + sign_user(TOKEN, {"id": user, "first_name": f"U{user}"})}


def timed(url: str, patience: float, headers: dict[str, str] | None = None) -> str:
    started = time.monotonic()
    try:
        status = httpx.get(url, headers=headers, timeout=patience).status_code
    except httpx.TimeoutException:
        return f"timed out after {patience:.0f} s"
    return f"{status} in {time.monotonic() - started:.2f} s"


def open_requests(url: str, path: str, headers: dict[str, str], count: int) -> list[socket.socket]:
    host, port = url.removeprefix("http://").split(":")
    lines = [f"GET {path} HTTP/1.1", "Host: x", "Connection: close"]
    lines += [f"{k}: {v}" for k, v in headers.items()]
    request = ("\r\n".join(lines) + "\r\n\r\n").encode()
    sockets = []
    for _ in range(count):
        sock = socket.create_connection((host, int(port)), timeout=120)
        sock.sendall(request)
        sockets.append(sock)
    return sockets


def statuses(sockets: list[socket.socket], within: float) -> dict[int, int]:
    counts: dict[int, int] = {}
    deadline = time.monotonic() + within
    for sock in sockets:
        sock.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            head = sock.recv(64)
            status = int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/") else 0
        except (OSError, ValueError, IndexError):
            status = 0  # still waiting (or cut off)
        counts[status] = counts.get(status, 0) + 1
        sock.close()
    return counts
