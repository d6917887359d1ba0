"""The hostile bench's flood (bench.hostile): one account pipelines reads at 1000 requests a
second through nginx, from one address and from twenty, while another account's requests are
timed against its quiet figures."""

from __future__ import annotations

import multiprocessing
import socket
import threading
import time
from pathlib import Path

import httpx

from bench.hostile_clients import GROUP, auth
from tables.table import lobby
from tables.table.model import ChatRef
from tables.table.store import TableStore
from tests.support.production import Gunicorn, Nginx

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
