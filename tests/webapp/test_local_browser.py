"""The local page (``python -m webapp --local``) in a real headless Chromium, no Telegram at all.

A person fills in the setup form, plays a round against a CPU (the test fires the CPU's
deadlines the way the ticker thread does), and a second tab joins a table as a friend.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import httpx
import pytest

from games.mia.ranks import MIA, faces
from tables.table.ticker import fire_due
from tests.support.browser import chromium
from tests.webapp.test_local_mode import play_to_the_end
from webapp.page_strings import page_strings

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SESSION_KEY = "tables.session"


@pytest.fixture
def browser():
    with chromium() as running:
        yield running


def open_page(browser, url: str, problems: list[str], origins: set[str], dark: bool = False):
    context = browser.new_context(
        viewport={"width": 360, "height": 640},
        device_scale_factor=2,
        color_scheme="dark" if dark else "light",
    )
    page = context.new_page()
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("request", lambda request: origins.add(_origin(request.url)))
    page.goto(url)
    return page


def table_id_of(page) -> str:
    return parse_qs(urlparse(page.url).query)["table"][0]


def acting_seat(store, table_id: str) -> tuple[int, object]:
    table = store.load(table_id)
    return table.state["to_act"], table


# Seeded draws (tests/webapp/conftest.py): an ordinary first claim, and one where a Pasch of
# sixes was claimed before Alice, so the only claim left to her is Mia (21, said "Mia").
@pytest.mark.parametrize("local_seed", ["local page", "s190"], ids=["a claim", "only Mia left"])
def test_one_round_against_a_cpu_in_the_local_page(browser, local_web, local_store, clock):
    problems: list[str] = []
    origins: set[str] = set()
    page = open_page(browser, local_web.url + "/", problems, origins)
    page.wait_for_selector("#setup:not([hidden])")
    assert page.evaluate("typeof window.Telegram") == "undefined"
    assert page.is_hidden("#table")
    assert page.inner_text("#setup-title") == "Play in your browser"
    page.fill("#name", "Alice")
    page.select_option("#cpus", label="1")
    page.click("#more-settings summary")  # the details are folded under the presets
    page.select_option("#cpu-level-0", label="easy")
    page.select_option("#setting-lives", label="2")
    page.click("#go")
    page.wait_for_selector("#table:not([hidden]) #me li.you")
    page.wait_for_selector("#seats li")
    assert page.is_hidden("#setup")
    table_id = table_id_of(page)
    assert [s.name for s in local_store.load(table_id).seats] == ["Alice", "Ada"]
    assert local_store.load(table_id).seats[1].cpu == "easy"
    assert local_store.load(table_id).settings["lives"] == 2

    # Until Alice has dice of her own under the cup: CPUs move when their time comes, and
    # when she has to answer a claim she accepts (or challenges a Mia).
    for _ in range(40):
        seat, table = acting_seat(local_store, table_id)
        if table.seats[seat].is_cpu:
            clock.now += 2
            fire_due(local_store)
            continue
        page.wait_for_selector("#pill.turn")
        if page.query_selector('#actions button[data-action^="claim:"]'):
            break
        answer = "accept" if page.query_selector('button[data-action="accept"]') else "challenge"
        page.click(f'button[data-action="{answer}"]')
        wait_js(page, f"!document.querySelector('button[data-action=\"{answer}\"]')")
    else:
        raise AssertionError("Alice never got to claim")

    page.wait_for_selector("#private:not([hidden])")
    assert page.query_selector("#private.covered")  # under the cup until lifted
    page.click("#private")
    page.wait_for_selector("#private:not(.covered) .item")
    table = local_store.load(table_id)
    assert shown_dice(page) == faces(table.state["dice"])

    claim = page.get_attribute('#actions button[data-action^="claim:"]', "data-action")
    page.click(f'button[data-action="{claim}"]')
    page.wait_for_selector("#pill:not(.turn)")
    assert page.inner_text("#pill") == "Waiting for 🤖 Ada"
    last_claim = page.inner_text("#game-area .mia-claims li:last-child")
    said = claim.removeprefix("claim:")
    word = page_strings("en")["mia.mia"] if said == MIA else said  # 21 reads "Mia"
    assert last_claim == f"You\n{word}"  # your own claim, on your own page (issue 29)
    version = local_store.load(table_id).version

    # The CPU answers (the ticker's job); the open page shows it within a moment.
    clock.now += 2
    assert fire_due(local_store) == 1
    assert local_store.load(table_id).version == version + 1
    init_data = page.evaluate(f"sessionStorage.getItem('{SESSION_KEY}')")
    expected = _view_lines(local_web.url, table_id, init_data)
    shown = "[...document.querySelectorAll('#lines p')].map((p) => p.textContent).join('\\n')"
    lines = expected.splitlines()  # the header and the prompt; the claims are on the felt
    wait_js(page, f"{shown} === {json.dumps(lines[0] + chr(10) + lines[-2])}", 3)
    assert "Ada" in page.inner_text("#table")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "local.png"), full_page=True)
    assert not problems, problems
    assert origins == {_origin(local_web.url)}, origins


def test_a_friend_joins_from_a_second_tab_in_the_dark(browser, local_web, local_store):
    problems: list[str] = []
    origins: set[str] = set()
    first = open_page(browser, local_web.url + "/", problems, origins)
    first.wait_for_selector("#setup:not([hidden])")
    first.fill("#name", "Alice")
    first.select_option("#cpus", label="0")
    assert first.query_selector("#cpu-level-0") is None  # no CPU, no level to choose
    first.click("#go")
    first.wait_for_selector("#share:not([hidden])")
    link = first.get_attribute("#share-link", "href")
    assert link == f"{local_web.url}/?table={table_id_of(first)}"
    assert "join as a second player" in first.inner_text("#share")

    second = open_page(browser, link, problems, origins, dark=True)
    second.wait_for_selector("#setup:not([hidden])")
    assert second.is_hidden("#fields")  # a name only
    assert second.inner_text("#go") == "Join"
    second.fill("#name", "Bob")
    second.click("#go")
    second.wait_for_selector("#me li.you")
    assert second.inner_text("#me .name") == "You · Bob"
    assert second.inner_text("#seats li .name") == "Alice"

    first.wait_for_selector("#seats li")  # Alice's page follows
    assert first.inner_text("#seats li .name") == "Bob"
    first.click('button[data-action="lobby:start"]')
    first.wait_for_selector('button[data-action="lobby:start"]', state="detached")
    table = local_store.load(table_id_of(first))
    assert table.status == "playing"
    mover = first if table.seats[table.state["to_act"]].name == "Alice" else second
    waiter = second if mover is first else first
    mover.wait_for_selector("#private:not([hidden])")
    mover.click("#private")
    mover.wait_for_selector("#private:not(.covered) .item")
    mover.click('button[data-action="claim:43"]')
    waiter.wait_for_selector("#pill.turn")
    assert waiter.is_hidden("#private")  # the claimant's dice are not theirs to see
    assert "43" in waiter.inner_text("#lines")
    assert "watch" in second.inner_text("#share")
    ARTIFACTS.mkdir(exist_ok=True)
    second.screenshot(path=str(ARTIFACTS / "local-dark.png"), full_page=True)
    background = second.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(23, 24, 28)"  # the page's own dark theme
    assert not problems, problems
    assert origins == {_origin(local_web.url)}, origins


def test_new_game_after_the_end_keeps_the_settings(browser, local_web, local_store, clock):
    problems: list[str] = []
    page = open_page(browser, local_web.url + "/", problems, set())
    page.wait_for_selector("#setup:not([hidden])")
    page.fill("#name", "Alice")
    page.select_option("#cpus", label="1")
    page.select_option("#preset", label="classic")
    assert page.input_value("#setting-lives") == "3"  # classic: 6 lives, the 4th choice
    page.click("#more-settings summary")
    page.select_option("#setting-lives", label="2")
    page.click("#go")
    page.wait_for_selector("#table:not([hidden]) #seats li")
    table_id = table_id_of(page)
    init_data = page.evaluate(f"sessionStorage.getItem('{SESSION_KEY}')")
    with httpx.Client(base_url=local_web.url, timeout=10) as http:  # the rest, quickly
        headers = {"Authorization": "tma " + init_data}
        play_to_the_end(http, local_store, clock, table_id, [headers])
    page.wait_for_selector('button[data-action="new_game"]')
    assert "wins" in page.inner_text("#pill")
    assert page.is_hidden("#share") and page.is_hidden("#private")
    page.click('button[data-action="new_game"]')
    page.wait_for_selector("#setup:not([hidden])")
    assert page.is_hidden("#table") and "table=" not in page.url
    assert page.input_value("#name") == "Alice"
    assert page.inner_text("#preset option:checked") == "classic"
    assert page.inner_text("#setting-lives option:checked") == "2"
    assert page.inner_text("#cpus option:checked") == "1"
    page.click("#go")
    page.wait_for_selector("#table:not([hidden]) #seats li")
    assert table_id_of(page) != table_id
    assert local_store.load(table_id_of(page)).seats[0].user_id == (
        local_store.load(table_id).seats[0].user_id
    )  # the same person, a new table
    assert not problems, problems


def test_outside_telegram_and_local_mode_the_page_says_where_to_open_it(browser, web):
    context = browser.new_context()
    page = context.new_page()
    page.route("https://telegram.org/**", lambda route: route.abort())  # as in a plain browser
    page.goto(web.url + "/?table=abcdefghij")
    page.wait_for_selector("#notice.error")
    assert page.inner_text("#notice") == "Please open this page from Telegram."
    assert page.query_selector("#setup") is None and page.is_hidden("#private")
    context.close()


def _view_lines(base_url: str, table_id: str, init_data: str) -> str:
    headers = {"Authorization": "tma " + init_data}
    view = httpx.get(f"{base_url}/api/tables/{table_id}", headers=headers, timeout=10).json()
    return "\n".join(view["lines"])


def _origin(url: str) -> str:
    parts = urlparse(url)
    return f"{parts.scheme}://{parts.netloc}"


def wait_js(page, expression: str, timeout: float = 5.0) -> None:
    """Poll a JS expression from Python: the page's CSP (rightly) forbids eval-based waits."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise AssertionError(f"not true within {timeout}s: {expression}")
        time.sleep(0.05)


def shown_dice(page) -> str:
    """The dice faces the private panel shows, as faces() writes them."""
    script = "els => els.map((el) => el.textContent.trim()).join(' ')"
    return page.eval_on_selector_all("#private .item", script)
