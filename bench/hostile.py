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
import multiprocessing
import os
import signal
import socket
import tempfile
import threading
import time
from pathlib import Path

import httpx
import redis

from tables.engine.redis_server import RedisServer, free_port
from tables.table import lobby
from tables.table.model import ChatRef
from tables.table.store import TableStore
from tests.support import FakeBotApi
from tests.support.bot_process import TOKEN, BotProcess, bot_env
from tests.support.production import Gunicorn, Nginx
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


FLOOD_RATE = 1000  # requests a second: the third round's attacker sent 832 from one client
FLOOD_SECONDS = 12.0
PROBES = 400  # the other account's requests, one after another


def flood(data: Path, redis_url: str, store: TableStore) -> None:
    """One account pipelines ordinary reads at FLOOD_RATE through nginx, from one address and
    then from twenty; meanwhile other people, from an address of their own, read the same
    table. Their p50/p99 quiet and under each flood (the ratio of the p99s), and what the
    flooder got back, with the limits off (nginx without limit_req/limit_conn, the app's
    per-account limit out of reach) and then on, in one run."""
    table = store.create(ChatRef(GROUP - 3), 1, "Alice", game="mia").table
    store.change(table.id, lambda t: lobby.change_setting(t, 1, "spectators", "anyone"))
    path = f"/api/tables/{table.id}"
    worst: dict[str, float] = {}
    refused = 0
    for label in ("off", "on"):
        env = {} if label == "on" else {"REQUEST_RATE_PER_PERSON": "1000000"}
        web = Gunicorn(redis_url, data / f"flood-{label}.log", WEBAPP_TRUSTED_PROXIES="1", **env)
        web.start()
        proxy = Nginx(web.port, data / f"nginx-flood-{label}")
        if label == "off":
            unlimited(proxy)
        proxy.start()
        try:
            quiet = probe(proxy.url, path, PROBES)
            print(f"flood limits={label} quiet: others p50_ms={quiet[0]:.1f} p99_ms={quiet[1]:.1f}")
            for where, sources in (
                ("1 address", ["127.0.0.1"]),
                ("20 addresses", [f"127.0.1.{n}" for n in range(1, 21)]),
            ):
                got, busy = flood_once(proxy.url, path, sources)
                ratio = busy[1] / quiet[1]
                worst[label] = max(worst.get(label, 0.0), ratio)
                refused += got.get(429, 0) if label == "on" else 0
                print(f"flood limits={label} {FLOOD_RATE} req/s from {where}: others "
                      f"p50_ms={busy[0]:.1f} p99_ms={busy[1]:.1f} (ratio {ratio:.2f}); "
                      f"flooder got {dict(sorted(got.items()))}")  # fmt: skip
                time.sleep(2)  # the buckets fill up again
        finally:
            proxy.stop()
            web.stop()
    print(f"flood: other_p99_ratio={worst['on']:.2f} (limits off: {worst['off']:.2f}) "
          f"flooder_429={refused}")  # fmt: skip


def unlimited(proxy: Nginx) -> None:
    """The proxy's site without its request and connection limits (for comparison)."""
    site = proxy.workdir / "site.conf"
    lines = site.read_text().splitlines()
    kept = [line for line in lines if not line.strip().startswith(("limit_req ", "limit_conn "))]
    site.write_text("\n".join(kept) + "\n")


def flood_once(url: str, path: str, sources: list[str]) -> tuple[dict[int, int], tuple]:
    """One flood from ``sources``; what the flooder got, and the others' p50/p99 meanwhile."""
    results: multiprocessing.Queue = multiprocessing.Queue()
    flooder = multiprocessing.Process(
        target=flood_from, args=(url, path, sources, FLOOD_SECONDS, results)
    )
    flooder.start()
    time.sleep(1.0)  # let the flood reach its pace (a benchmark, not a test)
    busy = probe(url, path, PROBES)
    flooder.join()
    return results.get(timeout=30), busy


PROBE_RATE = 50.0  # the others' requests a second (20 people, from their own address)


def probe(url: str, path: str, count: int) -> tuple[float, float]:
    """Other people's reads, one after another at PROBE_RATE (each person well within their
    own limit), from an address of their own: p50 and p99 in ms."""
    timings = []
    transport = httpx.HTTPTransport(local_address="127.0.0.2")
    with httpx.Client(base_url=url, transport=transport, timeout=30) as client:
        next_at = time.monotonic()
        for number in range(count):
            started = time.perf_counter()
            response = client.get(path, headers=auth(100 + number % 20))
            timings.append((time.perf_counter() - started) * 1000)
            assert response.status_code == 200, response.text
            next_at += 1 / PROBE_RATE
            time.sleep(max(0.0, next_at - time.monotonic()))
    timings.sort()
    return timings[len(timings) // 2], timings[min(len(timings) - 1, int(len(timings) * 0.99))]


def flood_from(url: str, path: str, sources: list[str], seconds: float, results) -> None:  # type: ignore[no-untyped-def]
    """The flooder (its own process): pipelined GETs of one account at FLOOD_RATE, spread over
    one keep-alive connection per source address; puts the count of each status."""
    host, port = url.removeprefix("http://").split(":")
    head = "".join(f"{k}: {v}\r\n" for k, v in auth(77).items())
    request = f"GET {path} HTTP/1.1\r\nHost: x\r\n{head}\r\n".encode()
    counts: dict[int, int] = {}
    lock = threading.Lock()
    batch = 10
    pause = batch * len(sources) / FLOOD_RATE  # seconds between two batches of a connection
    until = time.monotonic() + seconds

    def one(source: str) -> None:
        sock = None
        next_at = time.monotonic()
        while time.monotonic() < until:
            try:
                if sock is None:
                    sock = socket.create_connection((host, int(port)), 10, (source, 0))
                sock.sendall(request * batch)
                for status in read_answers(sock, batch):
                    with lock:
                        counts[status] = counts.get(status, 0) + 1
            except OSError:
                if sock is not None:
                    sock.close()
                sock = None  # nginx closes a connection after 1000 requests: open another
            next_at += pause
            time.sleep(max(0.0, next_at - time.monotonic()))

    threads = [threading.Thread(target=one, args=(source,)) for source in sources]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    results.put(counts)


def read_answers(sock: socket.socket, count: int) -> list[int]:
    """The statuses of ``count`` pipelined answers (raises OSError if the connection ends)."""
    statuses, buffer = [], b""
    while len(statuses) < count:
        while b"\r\n\r\n" not in buffer:
            chunk = sock.recv(65536)
            if not chunk:
                raise OSError("closed")
            buffer += chunk
        head, _, buffer = buffer.partition(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        length = 0
        for line in lines[1:]:
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":", 1)[1])
        while len(buffer) < length:
            chunk = sock.recv(65536)
            if not chunk:
                raise OSError("closed")
            buffer += chunk
        buffer = buffer[length:]
        statuses.append(int(lines[0].split(b" ", 2)[1]))
    return statuses


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
