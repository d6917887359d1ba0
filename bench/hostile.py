"""``python -m bench.hostile``: the production set-up (gunicorn 2 x 128 threads, nginx in
front) under hostile and unlucky clients, with the defences on and, for comparison, off.

Prints one line per scenario: how long a normal request took meanwhile (or that it timed out
after ``--patience`` seconds), and the counts that matter.

- ``waits``: one account opens 300, then 512 long polls that it never reads; how long /api/me
  takes for someone else, through nginx (production) and straight at gunicorn. Off: the wait
  limits raised out of reach.
- ``slowloris``: 300, then 600 connections that never finish their headers; a normal request
  through nginx, and straight at gunicorn (what compose published before).
- ``burst``: 500 requests at once; how many fail (the Redis pool used to run out).
- ``frozen``: Redis stopped with SIGSTOP; seconds until the API answers 503.
- ``webhook``: 8 unauthenticated 90 MB posts to the bot's webhook; the bot's memory.
- ``flood``: one account pipelines reads at 1000 requests a second through nginx, from one
  address and from twenty; another account's p50/p99 meanwhile against its quiet figures,
  and the flooder's answers. Last line: ``flood: other_p99_ratio=… flooder_429=…``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import tempfile
import threading
import time
from pathlib import Path

import httpx
import redis

from bench.hostile_clients import GROUP, auth, open_requests, statuses, timed
from bench.hostile_flood import flood
from tables.engine.redis_server import RedisServer, free_port
from tables.table import lobby
from tables.table.model import ChatRef
from tables.table.store import TableStore
from tests.support import FakeBotApi
from tests.support.bot_process import TOKEN, BotProcess, bot_env
from tests.support.production import Gunicorn, Nginx


def waits(data: Path, redis_url: str, store: TableStore, patience: float) -> None:
    table = store.create(ChatRef(GROUP), 1, "Alice", game="mia").table
    store.change(table.id, lambda t: lobby.change_setting(t, 1, "spectators", "anyone"))
    table = store.load(table.id)
    path = f"/api/tables/{table.id}/wait?after={table.version}&timeout=60"
    for limits, label in ((None, "on"), ("100000", "off")):
        env = {"WAIT_LIMIT_PER_PERSON": limits, "WAIT_LIMIT_PER_ADDRESS": limits} if limits else {}
        web = Gunicorn(redis_url, data / f"waits-{label}.log", **env).start()
        proxy = Nginx(web.port, data / f"nginx-waits-{label}")
        proxy.start()
        try:
            for via, url in (("nginx", proxy.url), ("gunicorn", web.url)):
                for count in (300, 512):
                    hog = open_requests(url, path, auth(77), count)
                    time.sleep(1)  # let them reach the workers (a benchmark, not a test)
                    me = timed(f"{url}/api/me", patience, auth(2))
                    got = statuses(hog, 2)
                    print(f"waits limits={label} via {via} open={count}: /api/me {me}; "
                          f"hog answers {got}")  # fmt: skip
                    time.sleep(2)
        finally:
            proxy.stop()
            web.stop()


def slowloris(data: Path, redis_url: str, patience: float) -> None:
    web = Gunicorn(redis_url, data / "slow.log").start()
    proxy = Nginx(web.port, data / "nginx").start()
    try:
        for count in (300, 600):
            for name, url in (("nginx", proxy.url), ("gunicorn", web.url)):
                host, port = url.removeprefix("http://").split(":")
                slow = []
                for _ in range(count):
                    sock = socket.create_connection((host, int(port)), timeout=30)
                    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
                    slow.append(sock)
                time.sleep(1)
                answer = timed(url + "/healthz", patience)
                print(f"slowloris {count} via {name}: /healthz {answer}")
                for sock in slow:
                    sock.close()
                time.sleep(2)
    finally:
        proxy.stop()
        web.stop()


def burst(data: Path, redis_url: str, store: TableStore) -> None:
    table = store.create(ChatRef(GROUP - 1), 1, "Alice", game="mia").table
    web = Gunicorn(redis_url, data / "burst.log").start()

    async def run() -> list[int]:
        limits = httpx.Limits(max_connections=500)
        async with httpx.AsyncClient(base_url=web.url, limits=limits, timeout=60) as client:

            async def one(person: int) -> int:
                try:
                    # 500 people at once (one account's 500 would meet its request limit)
                    response = await client.get(f"/api/tables/{table.id}", headers=auth(person))
                    return response.status_code
                except httpx.HTTPError:
                    return 0

            return await asyncio.gather(*(one(1000 + n) for n in range(500)))

    try:
        for round_no in range(3):
            codes = asyncio.run(run())
            print(f"burst 500 at once (round {round_no + 1}): "
                  f"{ {c: codes.count(c) for c in sorted(set(codes))} }")  # fmt: skip
    finally:
        web.stop()


def frozen(data: Path, patience: float) -> None:
    server = RedisServer(data / "frozen-redis").start()
    store = TableStore(redis.Redis.from_url(server.url))
    table = store.create(ChatRef(GROUP - 2), 1, "Alice", game="mia").table
    web = Gunicorn(server.url, data / "frozen.log").start()
    assert server.process is not None
    os.kill(server.process.pid, signal.SIGSTOP)
    try:
        answer = timed(f"{web.url}/api/tables/{table.id}", patience, auth(1))
        print(f"frozen Redis: GET table {answer}")
    finally:
        os.kill(server.process.pid, signal.SIGCONT)
        web.stop()
        server.stop()


def webhook(data: Path, redis_url: str) -> None:
    with FakeBotApi(TOKEN) as api:
        port = free_port()
        url = f"http://127.0.0.1:{port}/telegram"
        env = bot_env(api, redis_url, WEBHOOK_URL=url, WEBHOOK_LISTEN="127.0.0.1",
                      WEBHOOK_PORT=str(port))  # fmt: skip
        bot = BotProcess(env, data / "bot.log").start()
        try:
            for _ in range(600):
                try:
                    if httpx.post(url, json={}, timeout=2).status_code == 403:
                        break
                except httpx.HTTPError:
                    time.sleep(0.05)
            assert bot.process is not None
            before = rss_mb(bot.process.pid)
            senders = [threading.Thread(target=post_large, args=(port,)) for _ in range(8)]
            for sender in senders:
                sender.start()
            for sender in senders:
                sender.join()
            after = rss_mb(bot.process.pid)
            print(f"webhook 8 x 90 MB without the secret: bot RSS {before:.0f} -> {after:.0f} MB")
        finally:
            bot.stop()


def post_large(port: int) -> None:
    size = 90 * 1024 * 1024
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        head = f"POST /telegram HTTP/1.1\r\nHost: x\r\nContent-Length: {size}\r\n\r\n"
        try:
            sock.sendall(head.encode())
            block = b"[" * (1024 * 1024)
            for _ in range(90):
                sock.sendall(block)
            sock.recv(100)
        except OSError:
            pass


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--patience", type=float, default=20, help="client timeout, seconds")
    parser.add_argument(
        "--only",
        nargs="*",
        default=["waits", "slowloris", "burst", "frozen", "webhook", "flood"],
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, RedisServer(Path(folder) / "redis") as server:
        data = Path(folder)
        store = TableStore(redis.Redis.from_url(server.url))
        if "waits" in args.only:
            waits(data, server.url, store, args.patience)
        if "slowloris" in args.only:
            slowloris(data, server.url, args.patience)
        if "burst" in args.only:
            burst(data, server.url, store)
        if "frozen" in args.only:
            frozen(data, args.patience)
        if "webhook" in args.only:
            webhook(data, server.url)
        if "flood" in args.only:  # last: its last line is the figure the target is about
            flood(data, server.url, store)


if __name__ == "__main__":
    main()
