"""``python -m bench.miniapp``: load the Mini App in headless Chromium and measure it.

Prints, as its last line, ``bytes=<total transferred> dice_ms=<ms from navigation to dice
visible>``: bytes over the wire for a cold load (headers and bodies of every response), and
the median over several cold loads of the time from navigation start until the player has
lifted the cup and the dice show. Targets: bytes <= 100000, dice_ms <= 1000.
"""

from __future__ import annotations

import argparse
import logging
import statistics
import tempfile
from pathlib import Path

import redis

from tables import lobby
from tables.model import ChatRef
from tables.redis_server import RedisServer
from tables.store import TableStore
from tests.support.browser import chromium
from tests.support.telegram_web_app_stub import TelegramWebAppStub
from tests.webapp.conftest import WebServer
from webapp.app import create_app
from webapp.config import WebConfig

TOKEN = "123456789:AAH-bench_token-for-the-miniapp-001"


def seated_table(store: TableStore) -> tuple[str, dict]:
    table = store.create(ChatRef(-1001), 1, "Alice", game="mia").table
    store.change(table.id, lambda t: lobby.join(t, 2, "Bob"))
    table = store.change(table.id, lambda t: lobby.start(t, 1, store.rng)).table
    claimant = table.seats[table.state["to_act"]]
    return table.id, {"id": claimant.user_id, "first_name": claimant.name, "language_code": "en"}


def measure(runs: int) -> tuple[int, float]:
    with tempfile.TemporaryDirectory() as data, RedisServer(Path(data)) as server:
        store = TableStore(redis.Redis.from_url(server.url))
        table_id, user = seated_table(store)
        with TelegramWebAppStub(TOKEN) as stub:
            stub.set_user(user, start_param=table_id)
            config = WebConfig(bot_token=TOKEN, telegram_js_url=stub.url)
            web = WebServer(create_app(store, config)).start()
            try:
                with chromium() as browser:
                    results = [_load(browser, web.url) for _ in range(runs + 1)]
            finally:
                web.stop()
    byte_counts = [r[0] for r in results[1:]]
    times = [r[1] for r in results[1:]]  # the first load warms the server's code paths
    for index, (count, ms) in enumerate(results):
        print(f"load {index}: bytes={count} dice_ms={ms:.0f}" + (" (warm-up)" if not index else ""))
    return max(byte_counts), statistics.median(times)


def _load(browser, url: str) -> tuple[int, float]:
    context = browser.new_context(viewport={"width": 360, "height": 640})
    page = context.new_page()
    sizes: list[int] = []

    def finished(request) -> None:
        size = request.sizes()
        sizes.append(size["responseBodySize"] + size["responseHeadersSize"])

    page.on("requestfinished", finished)
    page.goto(url + "/", wait_until="commit")
    page.click("#cup")
    page.wait_for_selector("#dice:not([hidden])")
    elapsed = page.evaluate("performance.now()")
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)  # stragglers such as the favicon; the long poll stays open
    context.close()
    return sum(sizes), elapsed


def main() -> None:
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    total_bytes, dice_ms = measure(args.runs)
    print(f"bytes={total_bytes} dice_ms={dice_ms:.0f}")


if __name__ == "__main__":
    main()
