"""The test-only toy game in the Mini App, in headless Chromium: the game-agnostic shell draws
a game it has never heard of — public bid buttons while everyone bids at once, then the hand
in the private panel, cards raised when they can be played and greyed with the reason when
not. Nobody else's cards ever reach the page."""

from __future__ import annotations

import time

import pytest

from tables.table import lobby, play
from tables.table.model import ChatRef
from tests.support.browser import chromium
from tests.support.telegram_web_app_stub import TelegramWebAppStub
from tests.support.toy_game import GAME as TOY
from tests.webapp.conftest import TOKEN, USERS, WebServer
from webapp.app import create_app
from webapp.config import WebConfig


@pytest.fixture
def stub():
    with TelegramWebAppStub(TOKEN) as server:
        yield server


def wait_js(page, expression: str, timeout: float = 15.0) -> None:
    """Poll a JS expression from Python: the page's CSP (rightly) forbids eval-based waits."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise AssertionError(f"not true within {timeout}s: {expression}")
        time.sleep(0.05)


def test_the_shell_plays_a_game_it_never_heard_of(toy, store, stub):
    table = store.create(ChatRef(-100321), 1, "Alice", game=TOY.name).table
    store.change(table.id, lambda t: lobby.join(t, 2, "Bob"))
    table = store.change(table.id, lambda t: lobby.start(t, 1, store.rng)).table
    config = WebConfig(bot_token=TOKEN, telegram_js_url=stub.url, long_poll_seconds=5)
    web = WebServer(create_app(store, config)).start()
    try:
        stub.set_user(USERS[1], start_param=table.id)
        with chromium() as browser:
            page = browser.new_page(viewport={"width": 360, "height": 640})
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(web.url + "/")
            page.wait_for_selector('button[data-action="bid:1"]')
            assert page.inner_text("#pill") == "Your turn"
            # The hand is shown but not playable while everyone bids.
            assert page.query_selector_all("#private button.item") == []
            assert len(page.query_selector_all("#private .item.greyed")) == 3
            page.click('button[data-action="bid:1"]')
            page.wait_for_selector('button[data-action="bid:1"]', state="detached")
            assert store.load(table.id).state["bids"][0] == 1

            # Bob bids from the group at the same moment: the page follows.
            seen = play.decision_of(store.load(table.id), 1)
            store.change(table.id, lambda t: play.move(t, 2, "bid:2", store.rng, seen))
            leader = store.load(table.id).state["to_play"]
            if leader == 1:  # Bob leads: he plays his first card from the group
                seen = play.decision_of(store.load(table.id), 1)
                store.change(table.id, lambda t: play.move(t, 2, "play:0", store.rng, seen))
            page.wait_for_selector("#private button.item")
            assert page.inner_text("#pill") == "Your turn"
            shown = page.inner_text("#private")
            alice = store.load(table.id).state["hands"][0]
            assert all(str(card) in shown for card in alice)
            assert page.get_attribute("#private button.item", "data-action") == "play:0"
            page.click("#private button.item")
            wait_js(page, "document.querySelectorAll('#private .item').length === 2")
            assert store.load(table.id).state["hands"][0] == alice[1:]
            # Bob's cards never reached Alice's page (only the one he played in the open).
            html = page.content()
            table_now = store.load(table.id)
            hidden = [c for c in table_now.state["hands"][1] if c not in alice]
            assert all(f'data-rank="{card}"' not in html for card in hidden)
            assert not errors, errors
    finally:
        web.stop()
