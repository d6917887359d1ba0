"""A choice too large for one keyboard, made in steps in the Mini App, in headless Chromium:
the toy game's calls (108 of them) come as twelve quantities, a quantity opens its ranks with
Back and the step's name, and a rank posts the call. The shell draws the steps by itself (no
request to the server for a step), they work from the keyboard alone, a screen reader hears
the step's name, and axe-core finds nothing serious in the light or the dark theme. The
screenshots go to test-artifacts/screenshots/steps-*.png for a person to look at."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tables.table import lobby
from tables.table.model import ChatRef
from tests.support.axe import audit
from tests.support.browser import chromium
from tests.support.pages import new_page, open_as, wait_js
from tests.support.toy_game import GAME as TOY
from tests.webapp.conftest import WebServer
from webapp.app import create_app
from webapp.config import WebConfig
from webapp.local import LocalMode

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
FOCUSED = "document.activeElement && document.activeElement.dataset.action"
ALICE = {"id": 2**52 + 501, "first_name": "Alice", "language_code": "en"}
BOB = {"id": 2**52 + 502, "first_name": "Bob", "language_code": "en"}


@pytest.fixture
def calls_page(toy, store):
    """Alice's page (the page's own look: the local page) at a table of the toy's calls
    preset, everyone about to call."""
    table = store.create(ChatRef(-(2**52) - 654), ALICE["id"], "Alice", game=TOY.name).table
    store.change(table.id, lambda t: lobby.choose_preset(t, ALICE["id"], "calls"))
    store.change(table.id, lambda t: lobby.join(t, BOB["id"], "Bob"))
    table = store.change(table.id, lambda t: lobby.start(t, ALICE["id"], store.rng)).table
    mode = LocalMode.new()
    # One person, six pages one after another (each width, each theme): more long polls
    # than a person's usual four.
    config = replace(
        WebConfig.from_env({}, local=True), long_poll_seconds=5, wait_limit_per_person=16
    )
    web = WebServer(create_app(store, config, local=mode)).start()
    try:
        with chromium() as browser:
            yield browser, web.url, mode.secret, table.id
    finally:
        web.stop()


def open_page(browser, url: str, secret: str, table_id: str, width=390, dark=False):
    problems: list[str] = []
    page = new_page(browser, width=width, dark=dark, problems=problems)
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method != "GET" else None)
    open_as(page, url, secret, ALICE, table_id)
    page.wait_for_selector('button[data-action="step:5"]')
    return page, posts, problems


def test_a_call_in_two_steps_in_the_page(calls_page, store):
    browser, url, secret, table_id = calls_page
    page, posts, problems = open_page(browser, url, secret, table_id)
    steps = page.eval_on_selector_all("#actions button", "els => els.map(e => e.textContent)")
    assert steps == [f"{q} × …" for q in range(1, 13)]
    version = store.load(table_id).version

    # A quantity opens its ranks, with Back and the step's name: drawn by the page alone.
    page.click('button[data-action="step:5"]')
    page.wait_for_selector('button[data-action="call:5:3"]')
    assert page.inner_text("#step-name") == "5 × …"
    assert page.inner_text('[data-action="step-back"]') == "⬅️ Back"
    assert page.query_selector('[data-action="step:6"]') is None
    group = page.query_selector('#actions [role="group"]')
    assert group is not None and group.get_attribute("aria-labelledby") == "step-name"
    assert page.inner_text("#announce") == "5 × …"  # a screen reader hears where it is
    assert page.evaluate(FOCUSED) == "call:5:1"  # the keyboard is at the first choice
    assert posts == [] and store.load(table_id).version == version
    assert audit(page) == []

    # From the keyboard alone: back up, another quantity, a call.
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUSED) == "step-back"
    page.keyboard.press("Enter")
    page.wait_for_selector('button[data-action="step:5"]')
    assert page.evaluate(FOCUSED) == "step:5"  # focus comes back where the step was opened
    page.focus('button[data-action="step:7"]')
    page.keyboard.press("Enter")
    page.wait_for_selector('button[data-action="call:7:2"]')
    page.keyboard.press("Escape")  # Escape goes back up too
    page.wait_for_selector('button[data-action="step:7"]')
    assert page.evaluate(FOCUSED) == "step:7"
    page.keyboard.press("Enter")
    page.wait_for_selector('button[data-action="call:7:2"]')
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED) == "call:7:2"
    assert posts == []
    page.keyboard.press("Enter")
    page.wait_for_selector("#actions button[data-action^='step']", state="detached")
    assert store.load(table_id).state["bids"][0] == 72  # 7 × 2+, and nothing else
    assert len(posts) == 1 and posts[0].endswith(f"/api/tables/{table_id}/moves")
    assert not problems, problems


def test_a_step_is_drawn_well_at_every_width_in_both_themes(calls_page):
    browser, url, secret, table_id = calls_page
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for dark in (False, True):
        for width in (320, 390, 1024):
            page, _posts, problems = open_page(browser, url, secret, table_id, width, dark)
            theme = "dark" if dark else "light"
            page.screenshot(path=str(ARTIFACTS / f"steps-first-{width}-{theme}.png"))
            page.click('button[data-action="step:12"]')
            page.wait_for_selector('button[data-action="call:12:9"]')
            wait_js(page, "document.documentElement.scrollWidth <= window.innerWidth")
            page.screenshot(path=str(ARTIFACTS / f"steps-open-{width}-{theme}.png"))
            assert audit(page) == []
            assert not problems, problems
            page.close()
