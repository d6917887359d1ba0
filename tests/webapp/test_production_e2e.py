"""The production set-up under hostile clients: gunicorn as docker-compose runs it
(webapp/gunicorn_config.py), with deploy/nginx.conf in front where compose puts it.

Behaviour, not timing: each test holds the server's threads the way an attacker would, then
asks for a normal answer with a client timeout far shorter than the attack lasts. Without the
defence the normal request would wait behind the attack and time out. The seconds it took
are printed (`pytest -s`).
"""

from __future__ import annotations

import json
import socket
import time
from urllib.parse import urlsplit

import httpx
import pytest

from tables.table import lobby
from tables.table.model import ChatRef
from tables.table.store import TableStore
from tests.support.production import Gunicorn, Nginx
from tests.webapp.conftest import TOKEN, USERS, auth
from webapp.init_data import sign_user

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


@pytest.fixture
def defaults(bot_api, redis_server, redis_client, tmp_path):
    """The production set-up with its default limits, and a table anyone may watch."""
    store = TableStore(redis_client)
    table = store.create(ChatRef(GROUP - 1), ALICE, "Alice", game="mia").table
    store.change(table.id, lambda t: lobby.change_setting(t, ALICE, "spectators", "anyone"))
    web = Gunicorn(
        redis_server.url,
        tmp_path / "gunicorn.log",
        WEBAPP_TRUSTED_PROXIES="1",
        TELEGRAM_API_BASE_URL=bot_api.base_url,
    ).start()
    proxy = Nginx(web.port, tmp_path / "nginx").start()
    try:
        yield proxy, store, store.load(table.id)
    finally:
        proxy.stop()
        web.stop()
    assert "Traceback" not in web.log, web.log


def person(number: int) -> dict[str, str]:
    user = {"id": 5000 + number, "first_name": f"P{number}", "language_code": "en"}
    return {"Authorization": "tma " + sign_user(TOKEN, user)}


def test_forty_pages_behind_one_address_all_get_their_update_through_the_proxy(defaults):
    proxy, store, table = defaults
    path = f"/api/tables/{table.id}/wait?after={table.version}&timeout=60"
    pages = [raw_request(proxy.url, path, person(n)) for n in range(40)]  # one address
    moved = store.change(table.id, lambda t: lobby.join(t, BOB, "Bob")).table
    answers = [answer_of(sock) for sock in pages]
    assert [status for status, _ in answers] == [200] * 40, answers
    assert {body["version"] for _, body in answers} == {moved.version}


def test_one_client_flooding_gets_json_429s_and_another_address_is_served(defaults):
    proxy, _store, table = defaults
    parts = urlsplit(proxy.url)
    request = (
        f"GET /api/tables/{table.id} HTTP/1.1\r\nHost: {parts.netloc}\r\n"
        + "".join(f"{k}: {v}\r\n" for k, v in person(0).items())
        + "\r\n"
    ).encode()
    flood = socket.create_connection((parts.hostname, parts.port), timeout=60)
    flood.sendall(request * 600)  # pipelined, as fast as the socket takes them
    other = httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"), timeout=30)
    with other:
        served = other.get(f"{proxy.url}/api/tables/{table.id}", headers=person(1))
    statuses, refusal = read_pipelined(flood, 600)
    flood.close()
    print(f"flood of 600 from one address: {statuses}")
    assert served.status_code == 200
    assert statuses.get(429, 0) > 0 and statuses.get(200, 0) > 0
    assert refusal == {
        "code": "too_many_requests",
        "message": "Too many requests. Please wait a moment.",
    }


def answer_of(sock: socket.socket) -> tuple[int, dict]:
    """The status and JSON body of the one answer on ``sock`` (Connection: close)."""
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    sock.close()
    head, _, body = data.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/") else 0
    return status, json.loads(body) if status == 200 else {}


def read_pipelined(sock: socket.socket, count: int) -> tuple[dict[int, int], dict | None]:
    """Read ``count`` pipelined answers: how many of each status, and one 429's error."""
    buffer, statuses, refusal = b"", {}, None
    while sum(statuses.values()) < count:
        while b"\r\n\r\n" not in buffer:
            buffer += sock.recv(65536)
        head, _, buffer = buffer.partition(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        status = int(lines[0].split(b" ", 2)[1])
        length = next(
            int(line.split(b":", 1)[1])
            for line in lines
            if line.lower().startswith(b"content-length")
        )
        while len(buffer) < length:
            buffer += sock.recv(65536)
        body, buffer = buffer[:length], buffer[length:]
        statuses[status] = statuses.get(status, 0) + 1
        if status == 429 and refusal is None:
            refusal = json.loads(body)["error"]
    return statuses, refusal


def test_one_account_flooding_from_many_addresses_gets_429s_and_others_are_served(defaults):
    proxy, _store, table = defaults
    parts = urlsplit(proxy.url)
    request = (
        f"GET /api/tables/{table.id} HTTP/1.1\r\nHost: {parts.netloc}\r\n"
        + "".join(f"{k}: {v}\r\n" for k, v in person(0).items())
        + "\r\n"
    ).encode()
    floods = []
    began = time.monotonic()
    for number in range(1, 11):  # ten addresses, each far below the address limit
        source = (f"127.0.2.{number}", 0)
        sock = socket.create_connection((parts.hostname, parts.port), 60, source)
        sock.sendall(request * 30)
        floods.append(sock)
    other = httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.3"), timeout=30)
    with other:
        served = other.get(f"{proxy.url}/api/tables/{table.id}", headers=person(1))
    totals: dict[int, int] = {}
    for sock in floods:
        statuses, _refusal = read_pipelined(sock, 30)
        sock.close()
        for status, count in statuses.items():
            totals[status] = totals.get(status, 0) + count
    took = time.monotonic() - began
    print(f"one account, 300 requests from ten addresses in {took:.1f} s: {totals}")
    assert served.status_code == 200
    # Through: at most the account's bursts, and its rate (20 a second, at either limit) for
    # as long as the flood took to be answered (long on a loaded machine), and a margin.
    through = 2 * 60 + 2 * 20 * took + 20
    assert totals.get(429, 0) > 0
    assert totals.get(429, 0) >= 300 - through, (took, totals)
