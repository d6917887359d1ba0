"""``python -m bench.moves``: table moves per second through ``tables/`` with full Mia logic.

Each move is what a button press does: load the table, check the version, apply the rules,
write the new state with the Lua check-and-set and append the events, update the indexes.
Beside it, raw PING/s of the same Redis client in the same run, as the yardstick.
Last line: ``moves_per_s=… ping_per_s=… ratio=… metrics_cost=…``. Target ratio >= 0.35.

``metrics_cost`` is moves/s with the Prometheus metrics counting (as in production) over
moves/s with every hook switched off (ops.metrics.set_enabled): the median over pairs of
short windows taken one right after the other in the same run. Target >= 0.90. The
metrics count in memory, as in the bot; ``--multiprocess`` counts in files
(``PROMETHEUS_MULTIPROC_DIR``), as gunicorn's workers do. On a busy machine the windows'
noise is larger than the cost, so the line before the last also times the hook a move calls
on its own (``hook_us``) beside a move's time (``move_us``).

``--cluster`` runs it on a Redis Cluster (``REDIS_URL`` + ``REDIS_CLUSTER=1``, else a loopback
cluster of 3 masters and 3 replicas started for the run); the PING goes to one master through
a plain client. There each move waits for a replica (``WAIT 1``, tables.engine.durability), and a
third kind of window measures the same moves without it: the cost of that durability.
Target ratio >= 0.30.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time

import redis

from bench.backend import backend
from games.mia import GAME
from games.rng import DeterministicRng
from ops import metrics
from ops.multiproc import (
    MULTIPROC_ENV,
    OWN_PREFIX,
    multiprocess_dir,
    remove_multiprocess_dir,
)
from tables.engine.durability import Durability
from tables.table import lobby, play
from tables.table.model import ChatRef
from tables.table.store import TableStore


def ping_rate(client: redis.Redis, seconds: float) -> float:
    count, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        for _ in range(200):
            client.ping()
        count += 200
    return count / (time.perf_counter() - started)


def quick_decision(state: dict, rng: DeterministicRng) -> tuple[int, str]:
    """A cheap player, so that the figure measures the table, not a CPU's thinking: accept
    low claims, challenge high ones, and claim one step above the current claim."""
    seat = state["to_act"]
    legal = GAME.rules.legal_actions(GAME.rules.load(state), seat)
    if "challenge" in legal:
        high = state["claim"] in ("61", "62", "63", "64", "65", "66", "55", "44", "21")
        return seat, "challenge" if high or "accept" not in legal else "accept"
    return seat, legal[min(rng.randbelow(3), len(legal) - 1)]


def move_rate(store: TableStore, seconds: float, seats: int, rng: DeterministicRng) -> float:
    """Moves per second over ``seconds`` of whole games (tables are opened as needed)."""
    moves, started = 0, time.perf_counter()
    table = None
    while time.perf_counter() - started < seconds:
        if table is None or table.status != "playing":
            table = new_table(store, seats, rng)
        seat, action = quick_decision(table.state, rng)
        user = table.seats[seat].user_id
        table = store.change(
            table.id, lambda t, u=user, a=action: play.move(t, u, a, store.rng), table.version
        ).table
        moves += 1
    return moves / (time.perf_counter() - started)


def hook_microseconds(calls: int = 20000) -> float:
    """What the move's hook costs on its own: microseconds a call, metrics on minus off."""
    timings = {}
    for on in (True, False):
        metrics.set_enabled(on)
        started = time.perf_counter()
        for _ in range(calls):
            metrics.table_changed("mia", started, True, None)
        timings[on] = (time.perf_counter() - started) / calls
    metrics.set_enabled(True)
    return 1e6 * (timings[True] - timings[False])


PAIRS = 4  # pairs of short windows, metrics on and off, per round


def metrics_pairs(store: TableStore, seconds: float, seats: int, rng: DeterministicRng) -> list:
    """Moves/s with the metrics counting over moves/s with every hook off, in pairs of short
    windows one right after the other (the machine's speed drifts less within a pair), the
    order swapped every other pair: one ratio per pair."""
    ratios = []
    for pair in range(PAIRS):
        rates = {}
        for on in (True, False) if pair % 2 == 0 else (False, True):
            metrics.set_enabled(on)
            rates[on] = move_rate(store, seconds / PAIRS, seats, rng)
        metrics.set_enabled(True)
        ratios.append(rates[True] / rates[False])
    return ratios


def new_table(store: TableStore, seats: int, rng: DeterministicRng):
    table = store.create(ChatRef(-(10**9) - rng.randbelow(10**9)), 1, "P1", game="mia").table
    for user in range(2, seats + 1):
        store.change(table.id, lambda t, u=user: lobby.join(t, u, f"P{u}"))
    return store.change(table.id, lambda t: lobby.start(t, 1, store.rng)).table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="length of each window")
    parser.add_argument("--rounds", type=int, default=7, help="alternating windows of each")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--cluster", action="store_true", help="on a Redis Cluster")
    parser.add_argument(
        "--multiprocess", action="store_true", help="metrics in files, as in gunicorn's workers"
    )
    args = parser.parse_args()
    if args.multiprocess and multiprocess_dir() is None:  # decided when prometheus_client loads
        os.environ[MULTIPROC_ENV] = tempfile.mkdtemp(prefix=OWN_PREFIX)
        os.execv(sys.executable, [sys.executable, "-m", "bench.moves", *sys.argv[1:]])
    rng = DeterministicRng("bench.moves")
    with backend(args.cluster) as redis_backend:
        client = redis_backend.client()
        store = TableStore(client)
        pinged = client
        fast = None
        if args.cluster:  # the yardstick: a plain client's PING to one master
            pinged = client.get_redis_connection(client.get_primaries()[0])
            fast = TableStore(client)
            fast.committer.set_durability(Durability(replicas=0))
        ping_rate(pinged, 0.3)  # warm up both paths
        move_rate(store, 0.3, args.seats, rng)
        pings, moves, unwaited, cost_ratios = [], [], [], []  # metrics on/off, per pair
        for _ in range(args.rounds):  # alternate, so all see the same machine
            pings.append(ping_rate(pinged, args.seconds))
            moves.append(move_rate(store, args.seconds, args.seats, rng))
            cost_ratios += metrics_pairs(store, args.seconds, args.seats, rng)
            if fast is not None:
                unwaited.append(move_rate(fast, args.seconds, args.seats, rng))
        ping, move = statistics.median(pings), statistics.median(moves)
        for p, m in zip(pings, moves, strict=True):
            print(f"window: moves_per_s={m:.0f} ping_per_s={p:.0f}")
        if unwaited:
            bare = statistics.median(unwaited)
            print(
                f"durability: moves_per_s={move:.0f} with WAIT 1, {bare:.0f} without "
                f"(cost {100 * (1 - move / bare):.0f}% of the throughput, "
                f"{1000 / move - 1000 / bare:.2f} ms a move)"
            )
        cost = statistics.median(cost_ratios)
        hook = statistics.median(hook_microseconds() for _ in range(5))
        print(f"hook_us={hook:.2f} move_us={1e6 / move:.0f} ({100 * hook * move / 1e6:.1f}%)")
        mode = "files" if multiprocess_dir() else "memory"
        print(
            f"moves_per_s={move:.0f} ping_per_s={ping:.0f} ratio={move / ping:.2f} "
            f"metrics_cost={cost:.2f} metrics_in={mode}"
        )
    if args.multiprocess and multiprocess_dir():
        remove_multiprocess_dir(multiprocess_dir() or "")


if __name__ == "__main__":
    main()
