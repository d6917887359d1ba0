"""The Mini App in a real headless Chromium, against the real Flask server and the real bot.

A claim made in the page shows up in the group's table message (posted by the bot to the
tests' Bot API server), and a move made with a group button shows up in the open page.
"""

from __future__ import annotations

import time
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
import redis

from games.mia.ranks import faces
from tables.table.store import TableStore
from tests.support.bot_process import TOKEN
from tests.support.browser import chromium
from tests.support.telegram_web_app_stub import TelegramWebAppStub
from tests.telegram_bot.group_chat import GroupChat, acting_name, labels
from tests.webapp.conftest import WebServer
from webapp.app import create_app
from webapp.config import WebConfig

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
ALICE = {"id": 1, "first_name": "Alice", "language_code": "en"}
BOB = {"id": 2, "first_name": "Bob", "language_code": "en"}
GROUP = -100600


@pytest.fixture
def bot_extra_env():
    return {"MINIAPP_SHORT_NAME": "play"}


@pytest.fixture
def stub():
    with TelegramWebAppStub(TOKEN) as server:
        yield server


@pytest.fixture
def webapp_url(redis_server, redis_client, stub):
    # Its own client: a long poll may still be waiting in Redis while the test tears down.
    client = redis.Redis.from_url(redis_server.url)
    config = WebConfig(bot_token=TOKEN, telegram_js_url=stub.url, long_poll_seconds=10)
    server = WebServer(create_app(TableStore(client), config)).start()
    yield server.url
    server.stop()


def start_group_game(api) -> tuple[GroupChat, dict]:
    api.add_user(1, "Alice")
    api.add_user(2, "Bob")
    api.add_chat(GROUP, members=[1, 2])
    chat = GroupChat(api, GROUP)
    api.send_message(1, GROUP, "/mia")
    chat.wait_table(lambda m: "a new table is open" in m["text"])
    chat.press(2, "✋ Join")
    chat.wait_table(lambda m: "2. Bob" in m["text"])
    chat.press(1, "▶️ Start")
    return chat, chat.wait_table(lambda m: "round 1" in m["text"])


def test_a_claim_in_the_mini_app_reaches_the_group_and_back(
    bot, bot_api, stub, webapp_url, redis_client
):
    chat, table_message = start_group_game(bot_api)
    link = next(
        button["url"]
        for row in table_message["reply_markup"]["inline_keyboard"]
        for button in row
        if "url" in button
    )
    assert link.startswith("https://t.me/mia_test_bot/play?startapp=")
    table_id = parse_qs(urlparse(link).query)["startapp"][0]
    users = {"Alice": ALICE, "Bob": BOB}
    claimant = users[acting_name(table_message)]
    receiver = BOB if claimant is ALICE else ALICE
    dice = TableStore(redis_client).load(table_id).state["dice"]

    with chromium() as browser:
        context = browser.new_context(viewport={"width": 360, "height": 640}, device_scale_factor=2)
        page = context.new_page()
        origins: set[str] = set()
        page.on("request", lambda request: origins.add(_origin(request.url)))
        stub.set_user(claimant, start_param=table_id)
        page.goto(webapp_url + "/")
        page.wait_for_selector("#private:not([hidden])")
        assert page.query_selector("#private.covered")  # the dice stay under the cup until lifted
        assert page.inner_text("#pill") == "Your turn"
        page.click("#private")
        page.wait_for_selector("#private:not(.covered) .item")
        assert shown_dice(page) == faces(dice)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "miniapp.png"), full_page=True)

        claim = "64"
        page.click(f'button[data-action="claim:{claim}"]')
        name = claimant["first_name"]
        chat.wait_table(lambda m: f"Claims: {name} {claim}" in m["text"], timeout=10)
        wait_js(page, "window.__telegramCalls.some(c => c[1] === 'success')")
        calls = page.evaluate("window.__telegramCalls.map(c => c[0])")
        assert {"ready", "expand", "impactOccurred", "selectionChanged"} <= set(calls)
        page.wait_for_selector("#private:not([hidden])")  # the claimant may still look back

        # The other way round: a group button press shows up in the open page within 2 s.
        message = chat.wait_table(lambda m: "🎲 Accept & roll" in labels(m))
        chat.press(receiver["id"], "🎲 Accept & roll", message)
        pressed = time.monotonic()
        wait_js(
            page, "document.getElementById('lines').innerText.includes('accepted and rolled')", 2
        )
        assert time.monotonic() - pressed < 2.0
        waiting = page.inner_text("#pill")
        assert waiting == f"Waiting for {receiver['first_name']}"
        assert page.is_hidden("#private")  # the old pair is gone unseen

        # The receiver's own page: their new dice, under the cup; the claimant sees none.
        other = context.new_page()
        stub.set_user(receiver, start_param=table_id)
        other.goto(webapp_url + "/")
        other.wait_for_selector("#private:not([hidden])")
        assert other.inner_text("#pill") == "Your turn"
        assert other.query_selector("#private.covered")
        assert other.inner_text("#private .cover-caption") == "Tap to look"
        context.close()

    assert origins <= {_origin(webapp_url), _origin(stub.url)}, origins


def wait_js(page, expression: str, timeout: float = 5.0) -> None:
    """Poll a JS expression from Python: the page's CSP (rightly) forbids eval-based waits."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise AssertionError(f"not true within {timeout}s: {expression}")
        time.sleep(0.05)


def _origin(url: str) -> str:
    parts = urlparse(url)
    return f"{parts.scheme}://{parts.netloc}"


def shown_dice(page) -> str:
    """The dice faces the private panel shows, as faces() writes them."""
    script = "els => els.map((el) => el.textContent.trim()).join(' ')"
    return page.eval_on_selector_all("#private .item", script)
