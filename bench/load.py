"""``python -m bench.load``: thousands of open Mini Apps on the API, over HTTP.

Serves the web app the production way (gunicorn; gevent workers by default, ``--worker-class
gthread`` for the old way) on a private Redis (``--cluster``: a Redis Cluster). Every one of
``--players`` pages keeps a long poll open, as the page does. ``--movers`` of them play Mia at
two-seat tables: on their turn they think for 1 to 3 seconds (``--think``) and move, and
finished tables start again; the others sit at tables where nobody moves, their waits
answering at the long poll's timeout. Players arrive within the first 5 seconds.

Timed are the requests a player waits for (opening the table, moving), not the long polls,
which wait by design. Before the crowd arrives, one player alone makes the same requests:
their p99 is ``idle_p99_ms``, and ``ratio`` = p99 / idle p99. ``open_waits`` is the most long
polls open at once. ``server_p99_ms`` is the p99 of the same requests (opening a table,
moving) while the crowd plays, as the server itself timed them (its latency histogram, read
from gunicorn's operator port: bench.server_latency): the client shares the two cores, so
a long client tail with a short server one is time lost in the client. Last line:
``p50_ms=… p99_ms=… idle_p99_ms=… ratio=… errors=… open_waits=… server_p99_ms=…``.
Targets: ratio <= 5, errors = 0, open_waits = players (p99 <= 50 when the machine is not
throttled).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import os
import statistics
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import orjson

from bench import server_latency
from bench.backend import Backend, backend
from games.rng import DeterministicRng
from tables.engine.redis_server import free_port
from tables.table import lobby, play
from tables.table.model import ChatRef
from tables.table.store import TableStore
from webapp.init_data import sign_user

TOKEN = "123456789:AAH-bench_token-for-the-load-bench0"
ROOT = Path(__file__).resolve().parents[1]
ARRIVE_WITHIN = 5.0  # seconds over which the players open their tables
LONG_POLL = 25  # seconds, the page's (and the server's) long poll
# Requests the lone player makes before the crowd (after a warm-up): a few hundred, so that
# its p99 is a percentile and not the one slowest of a handful (with 100, about 75 of them
# timed, idle_p99_ms swung from 1.5 to 4.3 ms between runs of one hour).
IDLE_REQUESTS = 400
# What the crowd's timed requests are, as the server's histogram names them (URL rules).
TIMED_ROUTES = {"/api/tables/<table_id>", "/api/tables/<table_id>/moves"}
WARM_UP = 40  # requests first, untimed: the workers' first requests import and connect


class Connection:
    """A lean HTTP/1.1 keep-alive connection (httpx's pool costs O(connections) per request,
    which at thousands of connections makes the load generator the bottleneck)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.lock = asyncio.Lock()  # one request at a time, as on a browser's connection

    async def request(
        self, method: str, path: str, headers: dict[str, str], body: dict | None = None
    ) -> tuple[int, bytes]:
        async with self.lock:
            return await self._exchange(method, path, headers, body)

    async def _exchange(
        self, method: str, path: str, headers: dict[str, str], body: dict | None
    ) -> tuple[int, bytes]:
        for attempt in range(2):
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            payload = orjson.dumps(body) if body is not None else b""
            lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
            lines += [f"{k}: {v}" for k, v in headers.items()]
            if body is not None:
                lines += ["Content-Type: application/json", f"Content-Length: {len(payload)}"]
            try:
                self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + payload)
                return await self._response()
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if attempt:
                    raise
        raise ConnectionError("unreachable")

    async def _response(self) -> tuple[int, bytes]:
        assert self.reader is not None
        head = await self.reader.readuntil(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        length, close = 0, False
        for line in header_lines:
            name, _, value = line.partition(":")
            if name.lower() == "content-length":
                length = int(value)
            elif name.lower() == "connection" and value.strip().lower() == "close":
                close = True
        body = await self.reader.readexactly(length)
        if close:
            self.close()
        return int(status_line.split(" ")[1]), body

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    when: list[float] = field(default_factory=list)  # monotonic time of each timed request
    errors: int = 0
    error_kinds: dict[str, int] = field(default_factory=dict)  # what each error was
    moves: int = 0
    open_waits: int = 0
    most_open: int = 0
    started: float = 0.0

    def failed(self, kind: str) -> None:
        self.errors += 1
        self.error_kinds[kind] = self.error_kinds.get(kind, 0) + 1

    def opened(self) -> None:
        self.open_waits += 1
        self.most_open = max(self.most_open, self.open_waits)


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


def _error_code(content: bytes) -> str:
    """The API's error code in a refusal's body (or what little the body says)."""
    try:
        return str(orjson.loads(content)["error"]["code"])
    except (orjson.JSONDecodeError, KeyError, TypeError):
        return repr(content[:40])


def headers_for(user: int) -> dict[str, str]:
    return {"Authorization": "tma " + sign_user(TOKEN, {"id": user, "first_name": f"P{user}"})}


def chosen_move(view: dict) -> tuple[str, int]:
    actions = [a["action"] for row in view["actions"] for a in row]
    return ("challenge" if "challenge" in actions else actions[0]), view["decision"]


class Player:
    """One open page: its follow loop (a long poll always open) and, for a mover, its turns."""

    def __init__(
        self,
        address: tuple[str, int],
        user: int,
        seating: Seating,
        stats: Stats,
        think: float,
        moves: bool,
    ) -> None:
        self.user, self.seating, self.stats = user, seating, stats
        self.actions = Connection(*address)  # the page's requests
        self.waits = Connection(*address)  # the page's long poll
        self.think, self.moves = think, moves
        self.rng = DeterministicRng(f"player {user}")
        self.headers = headers_for(user)
        self.view: dict | None = None
        self.changed = asyncio.Event()

    async def timed(self, method: str, url: str, body: dict | None = None) -> dict | None:
        """The view answered, or None (counted as an error)."""
        started = time.perf_counter()
        try:
            status, content = await self.actions.request(method, url, self.headers, body)
        except (OSError, asyncio.IncompleteReadError) as error:
            self.stats.failed(f"{method} {type(error).__name__}")
            return None
        self.stats.latencies.append((time.perf_counter() - started) * 1000)
        self.stats.when.append(time.monotonic())
        if status != 200:
            self.stats.failed(f"{method} {status} {_error_code(content)}")
            return None
        return orjson.loads(content)

    def see(self, view: dict | None) -> None:
        """Take an answer in: news of the table shown, or the seating's (new) table. An
        answer about a table the page has already left (a long poll on the last game's table
        answering late) is dropped, not shown over the new one."""
        if view is None:
            return
        shown = self.view
        same = shown is not None and shown["id"] == view["id"]
        if same and view["version"] < shown["version"]:
            return
        if same or view["id"] == self.seating.table_id:
            self.view = view
            self.changed.set()

    async def run(self, until: float) -> None:
        await asyncio.sleep(ARRIVE_WITHIN * self.rng.randbelow(1000) / 1000)  # trickle in
        await self.open()
        tasks = [asyncio.create_task(self.follow(until))]
        if self.moves:
            tasks.append(asyncio.create_task(self.play(until)))
        await asyncio.gather(*tasks)

    async def open(self) -> None:
        self.see(await self.timed("GET", f"/api/tables/{self.seating.table_id}"))

    async def follow(self, until: float) -> None:
        """What the page does all the time: wait for the table's next version."""
        while time.monotonic() < until:
            view = self.view
            if view is None or view["id"] != self.seating.table_id:
                await self.open()
                if self.view is None:
                    await asyncio.sleep(0.5)
                continue
            self.stats.opened()
            try:
                status, content = await self.waits.request(
                    "GET", f"/api/tables/{view['id']}/wait?after={view['version']}", self.headers
                )
                if status != 200:
                    self.stats.failed(f"wait {status} {_error_code(content)}")
                    await asyncio.sleep(0.5)
                else:
                    self.see(orjson.loads(content))
            except (OSError, asyncio.IncompleteReadError) as error:
                self.stats.failed(f"wait {type(error).__name__}")
                await asyncio.sleep(0.5)
            finally:
                self.stats.open_waits -= 1

    async def play(self, until: float) -> None:
        while time.monotonic() < until:
            self.changed.clear()  # before looking: news from now on wakes us
            view = self.view
            if view is None:
                await self.wait_for_news()
                continue
            if view["over"]:
                await self.seating.renew(view["id"])
                self.view = None
                await self.open()
                continue
            if view["decision"] is None:
                await self.wait_for_news()
                continue
            await asyncio.sleep(self.think * (1 + 2 * self.rng.randbelow(1000) / 1000))
            if time.monotonic() >= until:
                return
            action, decision = chosen_move(view)
            answer = await self.timed(
                "POST", f"/api/tables/{view['id']}/moves", {"action": action, "decision": decision}
            )
            self.stats.moves += 1
            self.see(answer)
            if answer is None:
                await self.wait_for_news()

    async def wait_for_news(self) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.changed.wait(), timeout=LONG_POLL + 5)


async def idle_latencies(address: tuple[str, int], store: TableStore) -> list[float]:
    """One player alone: the same requests (open the table, move), nobody else about."""
    seating = Seating(store, 10**6, 10**6)
    seating.table_id = await asyncio.to_thread(seating.open)
    stats = Stats()
    player = Player(address, seating.first_user, seating, stats, 0.0, True)
    opponent = seating.first_user + 1
    for _ in range(WARM_UP):
        await player.actions.request("GET", f"/api/tables/{seating.table_id}", player.headers)
    for _ in range(IDLE_REQUESTS // 2):
        await player.open()
        view = player.view
        if view is None:
            continue
        if view["over"]:
            await seating.renew(view["id"])
            continue
        if view["decision"] is None:  # the other seat moves directly in Redis
            table = await asyncio.to_thread(store.load, view["id"])
            legal = [a for row in view["actions"] for a in row]
            await asyncio.to_thread(_opponent_moves, store, table, opponent, legal)
            continue
        action, decision = chosen_move(view)
        answer = await player.timed(
            "POST", f"/api/tables/{view['id']}/moves", {"action": action, "decision": decision}
        )
        player.see(answer)
        await asyncio.sleep(0.02)
    if stats.errors:
        raise RuntimeError(f"the lone player met {stats.errors} errors")
    return stats.latencies


def _opponent_moves(store: TableStore, table, user: int, _legal: list) -> None:
    from games.registry import get_game

    game = get_game(table.game)
    state = game.rules.load(table.state)
    seat = table.seat_of(user)
    actions = game.rules.legal_actions(state, seat)
    action = "challenge" if "challenge" in actions else actions[0]
    store.change(table.id, lambda t: play.move(t, user, action, store.rng), table.version)


async def run(
    address: tuple[str, int],
    store: TableStore,
    players: int,
    movers: int,
    seconds: float,
    think: float,
    ops_url: str,
) -> tuple[Stats, list[float], list[int], Counter[float]]:
    stats = Stats()
    idle = await idle_latencies(address, store)
    before = await asyncio.to_thread(server_latency.buckets, ops_url, TIMED_ROUTES)
    crowd = []
    for index in range(players // 2):
        seating = Seating(store, index, 1000 + 2 * index)
        seating.table_id = await asyncio.to_thread(seating.open)
        moving = index < movers // 2
        for user in (seating.first_user, seating.first_user + 1):
            crowd.append(Player(address, user, seating, stats, think, moving))
    samples: list[int] = []
    # The load generator is Python too: a full collection over its thousands of connections
    # would stop it for tens of milliseconds, and every request it is timing would look that
    # much slower. The measurement is of the server, so the generator's collector rests while
    # the crowd plays (its objects live for the whole run anyway).
    gc.collect()
    gc.freeze()
    gc.disable()
    until = time.monotonic() + seconds
    stats.started = time.monotonic()

    async def sample() -> None:
        await asyncio.sleep(ARRIVE_WITHIN + 2)
        while time.monotonic() < until - 1:
            samples.append(stats.open_waits)
            await asyncio.sleep(0.25)

    try:
        await asyncio.gather(sample(), *(player.run(until) for player in crowd))
    finally:
        gc.enable()
        for player in crowd:
            player.actions.close()
            player.waits.close()
    after = await asyncio.to_thread(server_latency.buckets, ops_url, TIMED_ROUTES)
    after.subtract(before)  # the crowd's requests only
    return stats, idle, samples, after


def serve(backend: Backend, args: argparse.Namespace) -> tuple[subprocess.Popen, int, str]:
    port, ops_port = free_port(), free_port()
    env = dict(os.environ, TELEGRAM_BOT_TOKEN=TOKEN, **backend.env())
    env["OPS_BIND"] = f"127.0.0.1:{ops_port}"  # the server's own latency histogram
    # The players all come from 127.0.0.1 here; in life they have addresses of their own.
    env["WAIT_LIMIT_PER_ADDRESS"] = str(args.players * 3)
    # Its lone player times ~300 requests back to back: a probe, not a page. The per-account
    # request limit is measured by bench.hostile.
    env["REQUEST_RATE_PER_PERSON"] = env["REQUEST_BURST_PER_PERSON"] = "1000000"
    env["WEB_THREADS"] = str(args.threads if args.worker_class == "gthread" else 120)
    command = [
        sys.executable, "-m", "gunicorn", "-c", "python:webapp.gunicorn_config",
        "--bind", f"127.0.0.1:{port}",
        "--worker-class", args.worker_class, "--workers", str(args.workers),
        "--log-level", "warning", "--timeout", "60", "--graceful-timeout", "3",
    ]  # fmt: skip
    if args.worker_class == "gthread":
        command += ["--threads", str(args.threads)]
    else:
        command += ["--worker-connections", str(args.players * 3 + 100)]
    web = subprocess.Popen([*command, "webapp.wsgi:application"], cwd=ROOT, env=env)
    base = f"http://127.0.0.1:{port}"
    for _ in range(400):
        try:
            if httpx.get(base + "/healthz", timeout=0.5).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.05)
    return web, port, f"http://127.0.0.1:{ops_port}"


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000, help="open Mini Apps")
    parser.add_argument("--movers", type=int, default=200, help="of them, players moving")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--worker-class", default="gevent", choices=["gevent", "gthread"])
    parser.add_argument("--threads", type=int, default=128, help="gthread only")
    parser.add_argument("--think", type=float, default=1.0, help="least seconds to think")
    parser.add_argument("--cluster", action="store_true", help="on a Redis Cluster")
    args = parser.parse_args()
    movers = min(args.movers, args.players)
    with backend(args.cluster) as redis_backend:
        web, port, ops_url = serve(redis_backend, args)
        try:
            store = TableStore(redis_backend.client())
            stats, idle, samples, server_buckets = asyncio.run(
                run(("127.0.0.1", port), store, args.players, movers, args.seconds, args.think,
                    ops_url)
            )  # fmt: skip
        finally:
            web.terminate()
            try:
                web.wait(timeout=20)
            except subprocess.TimeoutExpired:  # long polls still open: no need to wait
                web.kill()
                web.wait()
    settled = [
        ms for ms, at in zip(stats.latencies, stats.when, strict=True)
        if at - stats.started > ARRIVE_WITHIN + 1
    ]  # fmt: skip
    if settled:
        print(f"after the arrivals: p99_ms={p99(settled):.1f} requests={len(settled)}")
    ordered = sorted(stats.latencies)
    p50, tail, idle_tail = statistics.median(ordered), p99(ordered), p99(idle)
    steady = int(statistics.median(samples)) if samples else 0
    server = f"{args.workers}x{args.worker_class}" + (
        f"x{args.threads}" if args.worker_class == "gthread" else ""
    )
    print(
        f"players={args.players} movers={movers} timed_requests={len(ordered)} "
        f"moves={stats.moves} seconds={args.seconds} server={server} "
        f"redis={'cluster' if args.cluster else 'single'} steady_open_waits={steady}"
    )
    if stats.error_kinds:
        print("errors: " + ", ".join(f"{k} x{n}" for k, n in sorted(stats.error_kinds.items())))
    print(
        f"p50_ms={p50:.1f} p99_ms={tail:.1f} idle_p99_ms={idle_tail:.1f} "
        f"ratio={tail / idle_tail:.2f} errors={stats.errors} open_waits={stats.most_open} "
        f"server_p99_ms={1000 * server_latency.quantile(0.99, server_buckets):.1f}"
    )


if __name__ == "__main__":
    main()
