"""``python -m bench.load``: 200 players at once on the Mini App API, over HTTP.

Serves the web app the production way (gunicorn, gthread workers) on an embedded Redis and
seats 200 simulated players at 100 two-seat tables. Each player opens its table (all within
the first 5 seconds), keeps a
long poll open (as the page does) while the other one plays, and on its turn thinks for 1 to
3 seconds (like a person; ``--think``) and moves, until the time is up; finished tables
start again. Timed are the requests a player waits for (opening the table, moving), not the
long polls, which wait by design. Last line: ``p50_ms=… p99_ms=… errors=…``.
Target p99 <= 50, errors = 0.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import redis

from games.rng import DeterministicRng
from tables import lobby
from tables.model import ChatRef
from tables.redis_server import RedisServer, free_port
from tables.store import TableStore
from webapp.init_data import sign_user

TOKEN = "123456789:AAH-bench_token-for-the-load-bench0"
ROOT = Path(__file__).resolve().parents[1]
ARRIVE_WITHIN = 5.0  # seconds over which the players open their tables


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    moves: int = 0


@dataclass
class Seating:
    """A table two players share; replaced by a new one when its game is over."""

    store: TableStore
    index: int
    first_user: int
    table_id: str = ""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def open(self) -> str:
        store, first = self.store, self.first_user
        table = store.create(ChatRef(-(10**9) - self.index), first, f"P{first}", game="mia").table
        store.change(table.id, lambda t: lobby.join(t, first + 1, f"P{first + 1}"))
        store.change(table.id, lambda t: lobby.change_setting(t, first, "turn_timer", 0))
        return store.change(table.id, lambda t: lobby.start(t, first, store.rng)).table.id

    async def renew(self, finished: str) -> None:
        async with self.lock:
            if self.table_id == finished:
                self.table_id = await asyncio.to_thread(self.open)


class Player:
    def __init__(
        self, client: httpx.AsyncClient, user: int, seating: Seating, stats: Stats, think: float
    ) -> None:
        self.client, self.user, self.seating, self.stats = client, user, seating, stats
        self.think = think
        self.rng = DeterministicRng(f"player {user}")
        signed = sign_user(TOKEN, {"id": user, "first_name": f"P{user}"})
        self.headers = {"Authorization": "tma " + signed}

    async def timed(self, method: str, url: str, **kwargs) -> httpx.Response | None:
        started = time.perf_counter()
        try:
            response = await self.client.request(method, url, headers=self.headers, **kwargs)
        except httpx.HTTPError:
            self.stats.errors += 1
            return None
        self.stats.latencies.append((time.perf_counter() - started) * 1000)
        if response.status_code >= 500 or (method == "GET" and response.status_code != 200):
            self.stats.errors += 1
        return response

    async def play(self, until: float, arrive_within: float) -> None:
        await asyncio.sleep(arrive_within * self.rng.randbelow(1000) / 1000)  # people trickle in
        view = None
        while time.monotonic() < until:
            table_id = self.seating.table_id
            if view is None or view["id"] != table_id:
                response = await self.timed("GET", f"/api/tables/{table_id}")
                view = response.json() if response is not None and response.is_success else None
                if view is None:
                    await asyncio.sleep(0.5)
                    continue
            if view["over"]:
                await self.seating.renew(table_id)
                view = None
                continue
            if view["you"] is not None and view["seats"][view["you"]]["acting"]:
                await asyncio.sleep(self.think * (1 + 2 * self.rng.randbelow(1000) / 1000))
                actions = [a["action"] for row in view["actions"] for a in row]
                action = "challenge" if "challenge" in actions else actions[0]
                response = await self.timed(
                    "POST",
                    f"/api/tables/{table_id}/moves",
                    json={"action": action, "version": view["version"]},
                )
                self.stats.moves += 1
                view = response.json() if response is not None and response.is_success else None
                continue
            try:  # the other player's turn: wait for it, as the page does
                response = await self.client.get(
                    f"/api/tables/{table_id}/wait",
                    headers=self.headers,
                    timeout=20,
                    params={"after": view["version"], "timeout": 10},
                )
                view = response.json() if response.is_success else None
            except httpx.HTTPError:
                self.stats.errors += 1
                view = None


async def run(
    base_url: str, store: TableStore, players: int, seconds: float, think: float
) -> Stats:
    stats = Stats()
    limits = httpx.Limits(max_connections=players * 2, max_keepalive_connections=players * 2)
    async with httpx.AsyncClient(base_url=base_url, limits=limits, timeout=10) as client:
        crowd = []
        for index in range(players // 2):
            seating = Seating(store, index, 1000 + 2 * index)
            seating.table_id = await asyncio.to_thread(seating.open)
            for user in (seating.first_user, seating.first_user + 1):
                crowd.append(Player(client, user, seating, stats, think))
        until = time.monotonic() + seconds
        await asyncio.gather(*(player.play(until, ARRIVE_WITHIN) for player in crowd))
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=128)
    parser.add_argument("--think", type=float, default=1.0, help="least seconds to think")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data, RedisServer(Path(data)) as server:
        port = free_port()
        env = dict(os.environ, TELEGRAM_BOT_TOKEN=TOKEN, REDIS_URL=server.url)
        # The players all come from 127.0.0.1 here; in life they have addresses of their own.
        env["WAIT_LIMIT_PER_ADDRESS"] = str(args.players * 2)
        env["WEB_THREADS"] = str(args.threads)  # the Redis pool's size, as gunicorn_config sets
        web = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "--bind",
                f"127.0.0.1:{port}",
                "--worker-class",
                "gthread",
                "--workers",
                str(args.workers),
                "--threads",
                str(args.threads),
                "--log-level",
                "warning",
                "webapp.wsgi:application",
            ],
            cwd=ROOT,
            env=env,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            for _ in range(200):
                try:
                    if httpx.get(base + "/healthz", timeout=0.5).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.05)
            store = TableStore(redis.Redis.from_url(server.url))
            stats = asyncio.run(run(base, store, args.players, args.seconds, args.think))
        finally:
            web.terminate()
            web.wait(timeout=15)
    ordered = sorted(stats.latencies)
    p50 = statistics.median(ordered)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    print(
        f"players={args.players} timed_requests={len(ordered)} moves={stats.moves} "
        f"seconds={args.seconds} server={args.workers}x{args.threads} threads"
    )
    print(f"p50_ms={p50:.1f} p99_ms={p99:.1f} errors={stats.errors}")


if __name__ == "__main__":
    main()
