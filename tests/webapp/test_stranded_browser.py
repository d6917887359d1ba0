"""Never stranded: a tab keeps its seat across a restart of ``python -m webapp --local``, a
sign-in that grew old is renewed as the same person, and coming back under your name puts
you back in your own seat."""

from __future__ import annotations

import time

import pytest

from tables.engine.redis_server import free_port
from tables.table import lobby
from tables.table.model import ChatRef
from tests.support.browser import chromium
from tests.support.pages import drawn, new_page, open_as, wait_until
from tests.support.scenes import scene
from tests.support.telegram_web_app_stub import TelegramWebAppStub
from tests.webapp.conftest import TOKEN, USERS, WebServer
from tests.webapp.test_local_command import run_local
from translations import tr
from webapp.app import create_app
from webapp.config import WebConfig
from webapp.page_strings import PAGE_STRINGS

TELEGRAM_ONLY = "Please open this page from Telegram."


@pytest.fixture
def browser():
    with chromium() as running:
        yield running


def create_in_the_page(page, base_url: str, name: str = "Alice") -> str:
    page.goto(base_url + "/")
    page.wait_for_selector("#setup:not([hidden]) #cpus")
    page.fill("#name", name)
    page.select_option("#cpus", label="1")
    page.click("#more-settings summary")
    page.check("#wait")  # a lobby: nothing moves while the server is away
    page.click("#go")
    page.wait_for_selector("#table:not([hidden]) #me li.you")
    return page.url.split("table=")[1]


def test_a_server_restart_keeps_the_tab_and_its_seat(browser, redis_server, tmp_path):
    port = free_port()
    url = f"http://127.0.0.1:{port}"

    def start():
        process = run_local("--port", str(port), redis_url=redis_server.url, data_dir=tmp_path)
        assert process.stdout.readline().startswith(f"Open {url}/")
        return process

    process = start()
    page = new_page(browser)
    try:
        create_in_the_page(page, url)
    finally:
        process.terminate()
        process.communicate(timeout=15)
    page.wait_for_selector('#notice.error:has-text("Reconnecting")')
    process = start()
    try:
        # Back by itself: the notice empties (and so takes no room).
        page.wait_for_selector("#notice:not(.error):empty", state="attached", timeout=30_000)
        assert page.inner_text("#me .name") == "You · Alice"
        page.reload()
        page.wait_for_selector("#table:not([hidden]) #me li.you")
        assert page.is_hidden("#setup") and page.inner_text("#me .name") == "You · Alice"
        assert page.query_selector('button[data-action="lobby:start"]')
        assert TELEGRAM_ONLY not in page.inner_text("body")
    finally:
        process.terminate()
        process.communicate(timeout=15)


def test_an_old_sign_in_is_renewed_as_the_same_person(browser, local_web, local_store, clock):
    script = scene(local_store, clock, "mia", "turn")
    secret = local_web.server.app.extensions["webapp"].bot_token
    page = new_page(browser)
    three_days_ago = int(time.time()) - 3 * 86400
    open_as(page, local_web.url, secret, script.users[0], script.table_id, three_days_ago)
    drawn(page, script.table.version)
    assert page.is_hidden("#setup")
    assert page.inner_text("#me .name") == "You · " + script.users[0]["first_name"]
    assert page.query_selector("#private.covered")  # your seat, your cup
    assert TELEGRAM_ONLY not in page.inner_text("body")
    renewed = page.evaluate("sessionStorage.getItem('tables.session')")
    assert f"auth_date={three_days_ago}" not in renewed


def test_coming_back_under_your_name_puts_you_in_your_own_seat(browser, local_web, local_store):
    page = new_page(browser)
    table_id = create_in_the_page(page, local_web.url)
    first_id = local_store.load(table_id).seats[0].user_id
    again = page.context.new_page()  # a new tab: this browser, no sign-in of its own
    again.goto(f"{local_web.url}/?table={table_id}")
    again.wait_for_selector("#setup:not([hidden])")
    assert again.is_hidden("#fields") and again.inner_text("#go") == "Join"
    # The link says which game and who sits there, and this browser's name is filled in.
    again.wait_for_selector("#join-about:not([hidden])")
    assert again.inner_text("#join-about") == "At the table: Alice, 🤖 Ada"
    assert again.inner_text("#title") == "Mia"
    assert again.input_value("#name") == "Alice"
    again.fill("#name", "alice")
    again.click("#go")
    again.wait_for_selector("#table:not([hidden]) #me li.you")
    assert again.inner_text("#me .name") == "You · Alice"  # the seat keeps its name
    table = local_store.load(table_id)
    assert [seat.user_id for seat in table.seats if not seat.is_cpu] == [first_id]
    friend = page.context.new_page()  # another name is another person: a friend joins
    friend.goto(f"{local_web.url}/?table={table_id}")
    friend.wait_for_selector("#setup:not([hidden])")
    friend.fill("#name", "Bob")
    friend.click("#go")
    wait_until(lambda: len(local_store.load(table_id).seats) == 3, what="Bob joins")


def test_an_old_page_in_telegram_says_so_and_offers_to_reload(browser, store):
    table_id = store.create(ChatRef(-100777), 1, "Alice", game="mia").table.id
    with TelegramWebAppStub(TOKEN) as stub:
        web = WebServer(create_app(store, WebConfig(bot_token=TOKEN, telegram_js_url=stub.url)))
        web.start()
        try:
            page = new_page(browser)
            two_days_ago = int(time.time()) - 2 * 86400
            german = {**USERS[1], "language_code": "de"}
            stub.set_user(german, start_param=table_id, auth_date=two_days_ago)
            page.goto(web.url + "/")
            page.wait_for_selector("#notice.error button.link")
            notice = page.inner_text("#notice")
            assert notice.startswith(tr("de", PAGE_STRINGS["expired"]))
            assert TELEGRAM_ONLY not in notice
            stub.set_user(german, start_param=table_id)  # Telegram opens it afresh
            page.click("#notice button.link")
            page.wait_for_selector("#table #me li.you")
            assert page.inner_text("#notice") == ""
        finally:
            web.stop()


def test_a_fresh_browser_under_a_seated_name_is_told_why_it_watches(
    browser, local_web, local_store, clock
):
    page = new_page(browser)
    table_id = create_in_the_page(page, local_web.url)
    local_store.change(table_id, lambda t: lobby.start(t, t.seats[0].user_id, local_store.rng))
    fresh = new_page(browser)  # another browser: nothing of Alice's in it
    fresh.goto(f"{local_web.url}/?table={table_id}")
    fresh.wait_for_selector("#join-about:not([hidden])")
    assert fresh.input_value("#name") == ""
    fresh.fill("#name", "Alice")
    fresh.click("#go")
    fresh.wait_for_selector('#pill:has-text("You are watching this table.")')
    notice = fresh.inner_text("#notice")
    assert notice.startswith("Alice already sits at this table, joined from another browser.")
    assert "open this link in the browser you joined from" in notice
