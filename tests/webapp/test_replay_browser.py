"""Replays in Chromium, as a player meets them: every game type opens from its link and
steps to the end, each reveal verified in the page itself (WebCrypto); a reveal changed in
Redis afterwards is shown loudly as a mismatch; the game-over screen offers the replay and
the rating; "My games" lists the tables and the finished games."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
import redis

from games.registry import GAMES
from tables.engine import codec, keys
from tables.table.model import ChatRef
from tables.table.store import TableStore
from tests.support.browser import chromium
from tests.support.games_played import play_moves, seated
from tests.support.pages import SESSION_SCRIPT, new_page, wait_js
from tests.support.telegram_web_app_stub import TelegramWebAppStub
from tests.webapp.conftest import TOKEN, USERS, WebServer
from webapp.app import create_app
from webapp.config import WebConfig
from webapp.init_data import sign_user
from webapp.local import LocalMode
from webapp.membership import Everyone

SCREENS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screens" / "replay"
GROUP = ChatRef(-100919)
PEOPLE = [(1, "Alice"), (2, "Bob")]
DEADLINE_MS = 30000
TO_THE_MISMATCH = """() => {
  const next = document.getElementById("replay-next");
  while (!document.querySelector('[data-verified="bad"]') && !next.disabled) next.click();
}"""
STEP_TO_THE_END = """() => {
  const next = document.getElementById("replay-next");
  const seen = {steps: 0, ok: 0, bad: 0, hands: 0, proven: 0};
  while (!next.disabled) {
    next.click();
    seen.steps += 1;
    seen.ok += document.querySelectorAll('[data-verified="ok"]').length;
    seen.bad += document.querySelectorAll('[data-verified="bad"]').length;
    seen.hands += document.querySelectorAll(".replay-hand").length;
    seen.proven += document.querySelectorAll('.replay-hand[data-verified="ok"]').length;
  }
  return seen;
}"""


@pytest.fixture(scope="module")
def browser():
    with chromium() as running:
        yield running


@pytest.fixture
def served(redis_server, redis_client):
    store = TableStore(redis.Redis.from_url(redis_server.url))
    with TelegramWebAppStub(TOKEN) as stub:
        config = WebConfig(bot_token=TOKEN, telegram_js_url=stub.url, long_poll_seconds=5)
        server = WebServer(create_app(store, config, membership=Everyone())).start()
        yield store, stub, server
        server.stop()


@pytest.fixture
def local(served):
    """The same tables on the local page (its own light and dark theme, not Telegram's)."""
    mode = LocalMode.new()
    config = dataclasses.replace(WebConfig.from_env({}, local=True), long_poll_seconds=5)
    server = WebServer(create_app(served[0], config, local=mode)).start()
    yield server, mode.secret
    server.stop()


def open_local(browser, local, query: str, **options):
    server, secret = local
    problems: list[str] = []
    page = new_page(browser, problems=problems, **options)
    page.add_init_script(SESSION_SCRIPT % sign_user(secret, USERS[1]))
    page.goto(server.url + "/" + query)
    return page, problems


def open_page(browser, served, start: str | None, user: int = 1, route=None, **options):
    _, stub, server = served
    problems: list[str] = []
    page = new_page(browser, problems=problems, **options)
    if route is not None:  # (url pattern, handler): what the page gets, changed on its way
        page.route(*route)
    stub.set_user(USERS[user], start_param=start)
    page.goto(server.url + "/")
    return page, problems


def replay_ready(page) -> int:
    page.wait_for_selector("#replay[data-steps]", timeout=DEADLINE_MS)
    wait_js(page, "!document.querySelector('[data-verified=\"checking\"]')")
    return int(page.get_attribute("#replay", "data-steps"))


def shoot(page, name: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_replay_of_each_game_opens_and_steps_to_the_end(browser, served, game):
    store = served[0]
    table = play_moves(store, seated(store, GROUP, game, PEOPLE, cpus=1).id, f"page-{game}")
    page, problems = open_page(browser, served, f"{table.id}-1", user=2)
    steps = replay_ready(page)
    assert steps > 5
    assert page.inner_text("#replay-count") == f"Step 1 of {steps}"
    assert page.is_disabled("#replay-prev") and not page.is_disabled("#replay-next")
    page.click("#replay-next")
    page.wait_for_selector('#replay[data-step="1"]', timeout=DEADLINE_MS)
    shoot(page, f"{game}-step-2-390")
    # Every further step, one press of "next" each, counted in the page.
    seen = page.evaluate(STEP_TO_THE_END)
    assert seen["steps"] == steps - 2 and seen["bad"] == 0
    assert seen["ok"] > 0 and seen["hands"] > 0  # verified reveals; secrets, the game over
    assert seen["proven"] == seen["hands"]  # each secret shown is in a verified preimage
    assert page.is_disabled("#replay-next")
    final = page.inner_text(".replay-final")
    assert "Final ranking" in final and "1. " in final and "→" in final
    shoot(page, f"{game}-end-390")
    page.fill("#replay-slider", "0")  # the slider goes back to the start
    page.wait_for_selector('#replay[data-step="0"]', timeout=DEADLINE_MS)
    assert problems == []
    page.context.close()


def test_a_reveal_changed_in_redis_is_shown_as_a_mismatch(browser, served, redis_client):
    store = served[0]
    table = play_moves(store, seated(store, GROUP, "mia", PEOPLE).id, "tampered")
    log_key = keys.game_log(table.id, 1)
    entries = [codec.unpack_entry(e) for e in redis_client.lrange(log_key, 0, -1)]
    index = next(i for i, (_, items) in enumerate(entries) if any(e[0] == "x" for e in items))
    version, items = entries[index]  # a challenge: a reveal
    reveal = next(item for item in items if item[0] == "x")
    reveal[10] = "0" * len(reveal[10])  # another salt than was committed to
    redis_client.lset(log_key, index, codec.pack_entry(version, items))
    page, _ = open_page(browser, served, f"{table.id}-1")
    replay_ready(page)
    alarm = page.inner_text(".replay-alarm")
    assert "does not match the commitment" in alarm
    page.evaluate(TO_THE_MISMATCH)
    assert "DOES NOT MATCH" in page.inner_text('[data-verified="bad"] .mark')
    shoot(page, "mismatch-390")
    page.context.close()


def test_a_claim_changed_in_redis_marks_its_step_as_a_mismatch(browser, served, redis_client):
    store = served[0]
    table = play_moves(store, seated(store, GROUP, "mia", PEOPLE).id, "edited-claim")
    log_key = keys.game_log(table.id, 1)
    entries = [codec.unpack_entry(e) for e in redis_client.lrange(log_key, 0, -1)]
    index = next(i for i, (_, items) in enumerate(entries) if any(e[0] == "c" for e in items))
    version, items = entries[index]
    claim = next(item for item in items if item[0] == "c")  # no commitment covers a claim
    claim[2] = "66" if claim[2] != "66" else "55"
    redis_client.lset(log_key, index, codec.pack_entry(version, items))
    page, problems = open_page(browser, served, f"{table.id}-1")
    replay_ready(page)
    assert "log was changed" in page.inner_text(".replay-alarm")
    page.evaluate(TO_THE_MISMATCH)
    mark = page.inner_text('.replay-step-mismatch[data-verified="bad"]')
    assert "not what was played" in mark
    assert ("66" if claim[2] == "66" else "55") in page.inner_text(".replay-story")
    shoot(page, "edited-claim-390")
    assert problems == []
    page.context.close()


def other_dice(data: dict) -> int:
    """The first secret hand shown, given other dice than it held; the step it is at."""
    for index, step in enumerate(data["steps"]):
        for info in step.get("hidden", {}).values():
            if info:
                faces = (
                    ["6", "6"]
                    if [i["attrs"]["face"] for i in info["items"]] != ["6", "6"]
                    else ["1", "1"]
                )
                for item, face in zip(info["items"], faces, strict=True):
                    item["attrs"]["face"] = face
                return index
    raise AssertionError("no secret in the replay")


def test_a_secret_shown_other_than_its_verified_preimage_is_a_mismatch(browser, served):
    store = served[0]
    table = play_moves(store, seated(store, GROUP, "mia", PEOPLE).id, "other-dice")
    altered: list[int] = []

    def alter(route) -> None:  # the page gets a secret no commitment covers
        data = route.fetch().json()
        altered.append(other_dice(data))
        route.fulfill(status=200, content_type="application/json", body=json.dumps(data))

    page, problems = open_page(browser, served, f"{table.id}-1", route=("**/api/replays/**", alter))
    replay_ready(page)
    page.fill("#replay-slider", str(altered[0]))
    page.wait_for_selector(f'#replay[data-step="{altered[0]}"]', timeout=DEADLINE_MS)
    wait_js(page, "!document.querySelector('[data-verified=\"checking\"]')")
    assert "DOES NOT MATCH" in page.inner_text('.replay-hand[data-verified="bad"] .mark')
    assert problems == []
    page.context.close()


def test_the_game_over_screen_offers_the_rating_and_the_replay(browser, served):
    store = served[0]
    table = play_moves(store, seated(store, GROUP, "mia", PEOPLE).id, "over")
    page, problems = open_page(browser, served, table.id)
    page.wait_for_selector("#rating:not([hidden])", timeout=DEADLINE_MS)
    rating = page.inner_text("#rating")
    assert "Your rating:" in rating and "1,500 →" in rating and ("▲" in rating or "▼" in rating)
    assert "Provisional" in rating
    shoot(page, "game-over-390")
    page.click('button[data-action="replay"]')
    steps = replay_ready(page)
    assert page.is_hidden("#table") and steps > 1
    page.click("#replay-close")
    page.wait_for_selector("#table:not([hidden]) #rating:not([hidden])", timeout=DEADLINE_MS)
    assert page.is_hidden("#replay")
    assert problems == []
    page.context.close()


def test_my_games_lists_your_tables_and_finished_games(browser, served, local):
    store = served[0]
    finished = play_moves(store, seated(store, GROUP, "mia", PEOPLE).id, "mine")
    seated(store, ChatRef(-100920), "mino_dice", PEOPLE)
    seated(store, ChatRef(-100921), "myllymatti", PEOPLE)
    pages = [
        (open_page(browser, served, None, width=320), "320-telegram"),
        (open_page(browser, served, None, width=1024), "desktop-telegram"),
        (open_local(browser, local, "", width=390, dark=True), "390-dark"),
        (open_local(browser, local, "", width=390), "390-light"),
    ]
    for (page, problems), name in pages:
        if name.startswith("390"):  # the local page opens on its setup form: the footer link
            page.click("#mygames-link")
        page.wait_for_selector("#mygames .games-list li", timeout=DEADLINE_MS)
        text = page.inner_text("#mygames")
        assert "Your tables" in text and "Mino Dice" in text and "Myllymatti" in text
        assert "Your finished games" in text and "place" in text
        shoot(page, f"mygames-{name}")
        page.click(f'button[data-action="replay:{finished.id}-1"]')
        replay_ready(page)
        page.click("#replay-next")
        shoot(page, f"replay-{name}")
        page.click("#replay-close")
        page.wait_for_selector("#mygames:not([hidden]) .games-list li", timeout=DEADLINE_MS)
        assert problems == []
        page.context.close()
