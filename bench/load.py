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
import gc
import os
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import httpx

from bench import server_latency
from bench.backend import Backend, backend
from bench.load_player import ARRIVE_WITHIN, TOKEN, Player, Seating, Stats, chosen_move
from tables.engine.redis_server import free_port
from tables.table import play
from tables.table.store import TableStore

ROOT = Path(__file__).resolve().parents[1]
# Requests the lone player makes before the crowd (after a warm-up): a few hundred, so that
# its p99 is a percentile and not the one slowest of a handful (with 100, about 75 of them
# timed, idle_p99_ms swung from 1.5 to 4.3 ms between runs of one hour).
IDLE_REQUESTS = 400
# What the crowd's timed requests are, as the server's histogram names them (URL rules).
TIMED_ROUTES = {"/api/tables/<table_id>", "/api/tables/<table_id>/moves"}
WARM_UP = 40  # requests first, untimed: the workers' first requests import and connect


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
