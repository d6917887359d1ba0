"""``python -m bench.miniapp``: load the Mini App in headless Chromium and measure it.

Prints, as its last line, ``bytes=<total transferred> secret_ms=<ms from navigation to the
secret shown> overflow_px=<widest horizontal overflow> a11y_violations=<serious + critical>
cut_texts=<texts cut short> overflow_<game>=<…> …``:

- bytes over the wire for a cold load (headers and bodies of every response, the game's
  renderer included), and the median over several cold loads of the time from navigation
  start until the player has lifted the cup and the dice show (a Mia table);
- the page's largest horizontal overflow at 320 px (the document's scroll width past the
  window, and every element's right edge past it), over a scripted game of every game in
  every language, from the lobby to the end, then a game the person is out of, and over the
  local setup form;
- axe-core's serious and critical violations, summed over every kind of state of those games
  (setup, lobby, your turn, the cup, each kind of reveal or result, out, the end) in every
  language, light and dark (in the dark, the colour rules); and the names, status lines and
  options cut short (ellipsis, clip) seen at any change.

Targets: bytes <= 100000, secret_ms <= 1000, overflow 0 px, 0 violations, 0 cut.
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import statistics
import tempfile
from pathlib import Path

import redis

from games.registry import GAMES
from tables.engine.redis_server import RedisServer
from tables.engine.watch import ChangeWatcher
from tables.table import lobby
from tables.table.model import ChatRef
from tables.table.store import TableStore
from tests.support.browser import chromium
from tests.support.clock import Clock
from tests.support.overflow import Watch, watch_game
from tests.support.scenes import Script, scene, set_up
from tests.support.telegram_web_app_stub import TelegramWebAppStub
from tests.webapp.conftest import WebServer
from translations import SUPPORTED_LANGUAGES
from webapp.app import create_app
from webapp.config import WebConfig
from webapp.local import LocalMode

TOKEN = "123456789:AAH-bench_token-for-the-miniapp-001"


def seated_table(store: TableStore) -> tuple[str, dict]:
    table = store.create(ChatRef(-1001), 1, "Alice", game="mia").table
    store.change(table.id, lambda t: lobby.join(t, 2, "Bob"))
    table = store.change(table.id, lambda t: lobby.start(t, 1, store.rng)).table
    claimant = table.seats[table.state["to_act"]]
    return table.id, {"id": claimant.user_id, "first_name": claimant.name, "language_code": "en"}


def measure_load(store: TableStore, runs: int) -> tuple[int, float]:
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
        warm_up = " (warm-up)" if not index else ""
        print(f"load {index}: bytes={count} secret_ms={ms:.0f}{warm_up}")
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
    page.click("#private.covered")
    page.wait_for_selector("#private:not(.covered) .item")
    elapsed = page.evaluate("performance.now()")
    page.wait_for_load_state("load")
    page.wait_for_selector('#table[data-drawn="game"]')
    page.wait_for_timeout(300)  # stragglers such as the favicon; the long poll stays open
    context.close()
    return sum(sizes), elapsed


def measure_overflow(store: TableStore, clock: Clock, width: int) -> dict[str, Watch]:
    """Each game's scripted game (and the setup form) watched in every language: the worst
    overflow, the cut texts and axe's violations."""
    mode = LocalMode.new()
    # One person follows the table in six languages' tabs: more long polls than a person's 4.
    config = dataclasses.replace(
        WebConfig.from_env({}, local=True), long_poll_seconds=5, wait_limit_per_person=16
    )
    web = WebServer(create_app(store, config, local=mode)).start()
    found: dict[str, Watch] = {}
    try:
        with chromium() as browser:
            setup = Watch(browser, web.url, mode.secret, width, SUPPORTED_LANGUAGES)
            setup.open(None)
            setup.check(None, "setup form")
            setup.close()
            found["setup"] = setup
            for name in GAMES:
                script = Script(store, clock, name, **set_up(name))
                out = scene(store, clock, name, "out")
                watch = Watch(browser, web.url, mode.secret, width, SUPPORTED_LANGUAGES)
                watch_game(watch, script, then=[out])
                found[name] = watch
                print(
                    f"{name}: overflow_px={watch.worst_px} over {watch.checks} looks "
                    f"{watch.worst_where}".rstrip()
                )
                kinds = sorted({kind for kind, _ in watch.audited})
                print(f"{name}: axe over {len(watch.audited) * 2} audits of {kinds}")
            for name, watch in found.items():
                for line in watch.violations + watch.cut:
                    print(f"{name}: {line}")
    finally:
        web.stop()
    return found


def main() -> None:
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--width", type=int, default=320)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data, RedisServer(Path(data)) as server:
        clock = Clock()
        client = redis.Redis.from_url(server.url)
        total_bytes, secret_ms = measure_load(TableStore(client), args.runs)
        store = TableStore(client, clock=clock)
        store.watcher = ChangeWatcher(client).start()
        found = measure_overflow(store, clock, args.width)
    overflow = max(watch.worst_px for watch in found.values())
    violations = sum(len(watch.violations) for watch in found.values())
    cut_texts = sum(len(watch.cut) for watch in found.values())
    per_game = " ".join(f"overflow_{name}={watch.worst_px}" for name, watch in found.items())
    print(
        f"bytes={total_bytes} secret_ms={secret_ms:.0f} overflow_px={overflow} "
        f"a11y_violations={violations} cut_texts={cut_texts} {per_game}"
    )


if __name__ == "__main__":
    main()
