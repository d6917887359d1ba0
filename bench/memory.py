"""``python -m bench.memory``: Redis memory per active 6-seat table, mid-game.

Plays tables of six to the middle of a game (half the lives gone), then sums ``MEMORY USAGE``
over every key that belongs to a table (the table hash, its event stream, its game log,
waiting story lines). Last line: ``bytes_per_table=…`` (the mean). Target <= 4096.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

import redis

from games.mia import GAME
from games.rng import DeterministicRng
from tables import lobby, play
from tables.engine import keys
from tables.engine.redis_server import RedisServer
from tables.model import ChatRef
from tables.store import TableStore


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    args = parser.parse_args()
    rng = DeterministicRng("bench.memory")
    with tempfile.TemporaryDirectory() as data, RedisServer(Path(data)) as server:
        client = redis.Redis.from_url(server.url)
        store = TableStore(client)
        totals = []
        for index in range(args.tables):
            table_id = mid_game_table(store, index, rng)
            usage = table_bytes(client, table_id)
            totals.append(sum(usage.values()))
            if index == 0:
                for key, size in sorted(usage.items()):
                    kind = key.replace(table_id, "T")
                    print(f"{kind}: {size} bytes")
        shared = {k: int(client.memory_usage(k) or 0) for k in (keys.ACTIVE, keys.DEADLINES)}
        print(f"shared indexes for {args.tables} tables: {shared}")
        print(f"min={min(totals)} max={max(totals)} tables={args.tables}")
        print(f"bytes_per_table={statistics.mean(totals):.0f}")


if __name__ == "__main__":
    main()
