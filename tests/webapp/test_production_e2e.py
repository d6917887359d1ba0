"""The production set-up under hostile clients: gunicorn as docker-compose runs it
(webapp/gunicorn_config.py), with deploy/nginx.conf in front where compose puts it.

Behaviour, not timing: each test holds the server's threads the way an attacker would, then
asks for a normal answer with a client timeout far shorter than the attack lasts. Without the
defence the normal request would wait behind the attack and time out. The seconds it took
are printed (`pytest -s`).
"""

from __future__ import annotations

import socket
import time
from urllib.parse import urlsplit

import httpx
import pytest

from tables import lobby
from tables.model import ChatRef
from tables.store import TableStore
from tests.support.production import Gunicorn, Nginx
from tests.webapp.conftest import USERS, auth

GROUP = -100313
ALICE, BOB, CAROL = 1, 2, 3
THREADS = 16  # one worker with few threads: an attack of a few hundred is overwhelming
SLOW_CLIENTS = 300
HOG_WAITS = 200


@pytest.fixture
def world(bot_api, redis_server, redis_client, tmp_path):
    for user_id, user in USERS.items():
        bot_api.add_user(user_id, user["first_name"])
    bot_api.add_chat(GROUP, members=[ALICE, BOB, CAROL])
    table = TableStore(redis_client).create(ChatRef(GROUP), ALICE, "Alice", game="mia").table
    web = Gunicorn(
        redis_server.url,
        tmp_path / "gunicorn.log",
        WEB_WORKERS="1",
        WEB_THREADS=str(THREADS),
        WAIT_LIMIT_PER_PERSON="4",
        WAIT_LIMIT_PER_ADDRESS="8",
        WEBAPP_TRUSTED_PROXIES="1",
        TELEGRAM_API_BASE_URL=bot_api.base_url,
    ).start()
    proxy = Nginx(web.port, tmp_path / "nginx").start()
    try:
        yield web, proxy, table
    finally:
        proxy.stop()
        web.stop()
    assert "Traceback" not in web.log, web.log


def raw_request(url: str, path: str, headers: dict[str, str]) -> socket.socket:
    parts = urlsplit(url)
    sock = socket.create_connection((parts.hostname, parts.port), timeout=120)
    lines = [f"GET {path} HTTP/1.1", f"Host: {parts.netloc}", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
    return sock


def status_of(sock: socket.socket) -> int:
    data = b""
    while b"\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    sock.close()
    return int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/") else 0


def timed_get(url: str, headers: dict[str, str] | None = None) -> httpx.Response:
    started = time.monotonic()
    response = httpx.get(url, headers=headers, timeout=30)  # the attack lasts 60 s
    print(f"GET {urlsplit(url).path}: {response.status_code} in {time.monotonic() - started:.2f} s")
    return response


def test_hundreds_of_waits_from_one_account_do_not_starve_anyone(world, redis_client):
    _web, proxy, table = world
    path = f"/api/tables/{table.id}/wait?after={table.version}&timeout=60"
    hog = [raw_request(proxy.url, path, auth(CAROL)) for _ in range(HOG_WAITS)]  # unseated
    me = timed_get(f"{proxy.url}/api/me", auth(BOB))
    assert me.status_code == 200, me.text
    watch = timed_get(f"{proxy.url}/api/tables/{table.id}", auth(BOB))
    assert watch.status_code == 200 and watch.json()["you"] is None
    TableStore(redis_client).change(table.id, lambda t: lobby.join(t, BOB, "Bob"))
    statuses = [status_of(sock) for sock in hog]
    assert statuses.count(200) == 4, statuses  # WAIT_LIMIT_PER_PERSON
    assert statuses.count(429) == HOG_WAITS - 4, statuses


def test_hundreds_of_slow_clients_do_not_stop_a_normal_request(world):
    _web, proxy, _table = world
    parts = urlsplit(proxy.url)
    slow = []
    for _ in range(SLOW_CLIENTS):
        sock = socket.create_connection((parts.hostname, parts.port), timeout=30)
        sock.sendall(b"GET /api/me HTTP/1.1\r\nHost: x\r\nX-Slow: ")  # never finished
        slow.append(sock)
    try:
        health = timed_get(f"{proxy.url}/healthz")
        assert health.status_code == 200
        me = timed_get(f"{proxy.url}/api/me", auth(ALICE))
        assert me.status_code == 200, me.text
        open_ones = sum(1 for sock in slow if _still_open(sock))
        print(f"{open_ones} of {SLOW_CLIENTS} slow connections still open meanwhile")
    finally:
        for sock in slow:
            sock.close()


def _still_open(sock: socket.socket) -> bool:
    sock.setblocking(False)
    try:
        return sock.recv(1, socket.MSG_PEEK) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False


def test_a_large_body_is_refused_by_the_proxy_as_json(world):
    _web, proxy, table = world
    response = httpx.post(
        f"{proxy.url}/api/tables/{table.id}/moves",
        content=b"[" * 200_000,
        headers={**auth(ALICE), "Content-Type": "application/json"},
        timeout=30,
    )
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "payload_too_large"
