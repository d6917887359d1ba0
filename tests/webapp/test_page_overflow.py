"""Never wider than the screen, never a word cut short, usable by everyone: at 320 px, in every
language, no part of the page sticks out to the right and no name, status line or option is
cut (ellipsis, clip), from the setup form through a whole scripted game of each game (long
names, German words, claims, dice, cards, score sheets, commitments, the end) and a game the
person is out of; and axe-core finds no serious or critical fault at any kind of state (the
setup form, the lobby, your turn, the cup, each kind of reveal or result, out, the end), in
the light and the dark theme."""

from __future__ import annotations

import dataclasses

import pytest
import redis

from games.registry import GAMES
from tables.engine.watch import ChangeWatcher
from tables.table.store import TableStore
from tests.support.browser import chromium
from tests.support.overflow import Watch, watch_game
from tests.support.scenes import Script, scene, set_up
from tests.webapp.conftest import WebServer
from translations import SUPPORTED_LANGUAGES
from webapp.app import create_app
from webapp.config import WebConfig
from webapp.local import LocalMode


@pytest.fixture(scope="module")
def browser():
    with chromium() as running:
        yield running


@pytest.fixture
def page_server(redis_server, clock):
    """The local page over a store whose clock the script moves; changes wake the pages at
    once (as in a real server), so every change is seen."""
    client = redis.Redis.from_url(redis_server.url)
    store = TableStore(client, clock=clock)
    store.watcher = ChangeWatcher(client).start()
    mode = LocalMode.new()
    # One person follows the table in six languages' tabs: more long polls than a person's 4.
    config = dataclasses.replace(
        WebConfig.from_env({}, local=True), long_poll_seconds=5, wait_limit_per_person=16
    )
    server = WebServer(create_app(store, config, local=mode)).start()
    yield store, server, mode.secret
    server.stop()
    store.watcher.stop()


def test_the_setup_form_fits_320_px_in_every_language(browser, page_server):
    _, server, secret = page_server
    watch = Watch(browser, server.url, secret, 320, SUPPORTED_LANGUAGES)
    watch.open(None)
    watch.check(None, "setup")
    watch.close()
    assert watch.worst_px == 0, watch.worst_where
    assert watch.cut == []
    assert watch.violations == []
    assert len(watch.audited) == len(SUPPORTED_LANGUAGES)
    assert not watch.problems, watch.problems


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_fits_320_px_in_every_language(browser, page_server, clock, game):
    store, server, secret = page_server
    script = Script(store, clock, game, **set_up(game))
    out = scene(store, clock, game, "out")
    watch = Watch(browser, server.url, secret, 320, SUPPORTED_LANGUAGES)
    watch_game(watch, script, then=[out])
    assert script.table.status == "finished"
    assert watch.checks > 6 * 10  # every language, at every change
    kinds = {kind for kind, _ in watch.audited}
    assert {"lobby", "turn", "out", "over"} <= kinds, kinds
    assert any(kind.startswith("moment") for kind in kinds), kinds
    assert watch.worst_px == 0, watch.worst_where
    assert watch.cut == []
    assert watch.violations == []
    assert not watch.problems, watch.problems
