"""``python -m bench.memory``: Redis memory per active 6-seat table, mid-game.

Plays tables of six to the middle of a game (half the lives gone), then sums ``MEMORY USAGE``
over every key that belongs to a table (the table hash, its game's log and sealed record).
Per kind of key it prints the mean bytes, Redis's encoding and the bytes the key holds (its
fields and values, entries or string), so the overhead shows. Last line:
``bytes_per_table=…`` (the mean). Target <= 4096.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

import redis

from games.mia import GAME
from games.rng import DeterministicRng
from tables.engine import keys
from tables.engine.redis_server import RedisServer
from tables.table import lobby, play
from tables.table.model import ChatRef
from tables.table.store import TableStore


def mid_game_table(store: TableStore, index: int, rng: DeterministicRng) -> str:
    table = store.create(ChatRef(-(10**9) - index), 1, "Player 1", game="mia").table
    for user in range(2, 7):
        store.change(table.id, lambda t, u=user: lobby.join(t, u, f"Player {u}"))
    table = store.change(table.id, lambda t: lobby.start(t, 1, store.rng)).table
    full = sum(table.state["lives"])
    while sum(table.state["lives"]) > full / 2:
        state = GAME.rules.load(table.state)
        seat = state.to_act
        action = GAME.rules.cpu_action(GAME.rules.view(state, seat), "normal", rng)
        user = table.seats[seat].user_id
        table = store.change(table.id, lambda t, u=user, a=action: play.move(t, u, a, store.rng))
        table = table.table
    return table.id


def table_bytes(client: redis.Redis, table_id: str) -> dict[str, int]:
    found = {}
    for key in client.scan_iter(match=f"*{{{table_id}}}*"):
        found[key.decode()] = int(client.memory_usage(key, samples=0) or 0)
    return found


def held_bytes(client: redis.Redis, key: str) -> int:
    """What a key holds, without Redis's own structures: a hash's fields and values, a
    list's entries, a string's bytes."""
    kind = client.type(key)
    if kind == b"hash":
        return sum(len(f) + len(v) for f, v in client.hgetall(key).items())
    if kind == b"list":
        return sum(map(len, client.lrange(key, 0, -1)))
    return int(client.strlen(key))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    args = parser.parse_args()
    rng = DeterministicRng("bench.memory")
    with tempfile.TemporaryDirectory() as data, RedisServer(Path(data)) as server:
        client = redis.Redis.from_url(server.url)
        store = TableStore(client)
        totals = []
        kinds: dict[str, list[tuple[int, int, str]]] = {}
        for index in range(args.tables):
            table_id = mid_game_table(store, index, rng)
            usage = table_bytes(client, table_id)
            totals.append(sum(usage.values()))
            for key, size in usage.items():
                encoding = client.object("encoding", key).decode()
                seen = (size, held_bytes(client, key), encoding)
                kinds.setdefault(key.replace(table_id, "T"), []).append(seen)
        for kind, seen in sorted(kinds.items()):
            size = statistics.mean(s for s, _, _ in seen)
            held = statistics.mean(h for _, h, _ in seen)
            encodings = "/".join(sorted({e for _, _, e in seen}))
            print(f"{kind}: {size:.0f} bytes ({encodings}, holding {held:.0f})")
        shared = {k: int(client.memory_usage(k) or 0) for k in (keys.ACTIVE, keys.DEADLINES)}
        print(f"shared indexes for {args.tables} tables: {shared}")
        print(f"min={min(totals)} max={max(totals)} tables={args.tables}")
        print(f"bytes_per_table={statistics.mean(totals):.0f}")


if __name__ == "__main__":
    main()
