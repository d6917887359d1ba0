"""One page of the load bench (bench.load): its connection, its counts, and the player who opens a
table, waits at the long poll and moves on their turn."""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass, field

import orjson

from games.rng import DeterministicRng
from tables.table import lobby
from tables.table.model import ChatRef
from tables.table.store import TableStore
from webapp.init_data import sign_user

TOKEN = "123456789:AAH-bench_token-for-the-load-bench0"
ARRIVE_WITHIN = 5.0  # seconds over which the players open their tables
LONG_POLL = 25  # seconds, the page's (and the server's) long poll


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
