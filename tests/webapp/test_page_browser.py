"""The page as a player meets it, in Chromium against the real server and Redis: the cup, the
reveal as a moment above the buttons (motion, haptics, and none with reduced motion), the
celebration and the footer at the end, verify, leaving, and placeholders filled literally."""

from __future__ import annotations

import dataclasses
import re

import pytest
import redis

from games.registry import GAMES
from tables.engine.watch import ChangeWatcher
from tables.table.store import TableStore
from tests.support.browser import chromium
from tests.support.pages import drawn, new_page, open_as, wait_js, wait_until
from tests.support.scenes import Script, concerns_you, like_a_cpu, scene, set_up
from tests.support.telegram_web_app_stub import TelegramWebAppStub
from tests.webapp.conftest import TOKEN, WebServer
from webapp.app import create_app
from webapp.config import WebConfig
from webapp.local import LocalMode


@pytest.fixture(scope="module")
def browser():
    with chromium() as running:
        yield running


@dataclasses.dataclass
class Served:
    store: TableStore
    clock: object
    local: WebServer
    telegram: WebServer
    stub: TelegramWebAppStub
    secret: str


@pytest.fixture
def served(redis_server, clock):
    client = redis.Redis.from_url(redis_server.url)
    store = TableStore(client, clock=clock)
    store.watcher = ChangeWatcher(client).start()
    mode = LocalMode.new()
    local_config = dataclasses.replace(WebConfig.from_env({}, local=True), long_poll_seconds=5)
    with TelegramWebAppStub(TOKEN) as stub:
        tg_config = WebConfig(bot_token=TOKEN, telegram_js_url=stub.url, long_poll_seconds=5)
        local = WebServer(create_app(store, local_config, local=mode)).start()
        telegram = WebServer(create_app(store, tg_config)).start()
        yield Served(store, clock, local, telegram, stub, mode.secret)
        local.stop()
        telegram.stop()
    store.watcher.stop()


def local_page(browser, served, script, problems=None, **options):
    page = new_page(browser, problems=problems, **options)
    open_as(page, served.local.url, served.secret, script.users[0], script.table_id)
    drawn(page, script.table.version)
    return page


def telegram_page(browser, served, script, user=None, **options):
    page = new_page(browser, **options)
    served.stub.set_user(user or script.users[0], start_param=script.table_id)
    page.goto(served.telegram.url + "/")
    drawn(page, script.table.version)
    return page


def test_the_cup_is_a_drawn_cup_that_lifts_off_your_dice(browser, served):
    script = scene(served.store, served.clock, "mia", "turn")
    problems: list[str] = []
    page = local_page(browser, served, script, problems)
    cup = page.query_selector("#private.covered svg.mia-cup")
    assert cup is not None and cup.bounding_box()["height"] > 80
    assert page.inner_text("#private .items").strip() == ""  # no emoji, no dice yet
    page.click("#private")
    page.wait_for_selector("#private.lifted:not(.covered) .mia-die[data-face]")
    faces = page.eval_on_selector_all(
        "#private .mia-die", "els => els.map((el) => el.dataset.face)"
    )  # (a reveal on the table may show other dice)
    dice = script.table.state["dice"]
    assert faces == [str(face) for face in dice]
    assert page.inner_text("#private .cover-caption") == "Tap to cover"
    page.click("#private")
    page.wait_for_selector("#private.covered svg.mia-cup")
    assert not problems, problems


def _watch_to_a_reveal(browser, served, script, **options):
    """The page open while play goes on, until a reveal that concerns its person (None when
    this game ended without one: the dice decide, so callers try another game)."""
    script.start()
    page = telegram_page(browser, served, script, **options)
    if not script.play_until(concerns_you, like_a_cpu("easy")):
        page.context.close()
        return None
    drawn(page, script.table.version)
    return page


def _a_reveal(browser, served, **options):
    """The first of several games that comes to a reveal concerning the page's person."""
    for seed in range(1, 20):
        script = Script(served.store, served.clock, "mia", cpus=("hard", "hard"), seed=seed)
        page = _watch_to_a_reveal(browser, served, script, **options)
        if page is not None:
            return page
    raise AssertionError("no game came to a reveal concerning the player")


REVEALS_OF_YOURS = ("💔 You lose a life!", "You are out of this game.", "✅ You were right!")


def _fresh_reveals_of_yours(page, script):
    """Play on, one change at a time, the page drawing each (so what it shows never depends
    on which versions a busy machine let it see); yield each reveal of yours as it is new."""
    while script.step(like_a_cpu("easy")):
        drawn(page, script.table.version)
        if page.query_selector("#moment.fresh") is None:
            continue  # no reveal, or one already shown
        folded = page.query_selector("#moment .mia-last > summary")
        if folded is not None:  # your move at once: the loss on one line
            if "💔 You" in folded.inner_text():
                yield "💔 You lose a life!"
            continue
        if page.query_selector("#moment.fresh .mia-stage.fresh .mia-die") is None:
            continue
        banner = page.query_selector("#moment .banner")
        if banner is not None and banner.inner_text() in REVEALS_OF_YOURS:
            yield banner.inner_text()


def test_a_reveal_is_a_moment_above_the_buttons_with_motion_and_a_haptic(browser, served):
    for seed in range(1, 20):
        script = Script(served.store, served.clock, "mia", cpus=("hard", "hard"), seed=seed)
        script.start()
        page = telegram_page(browser, served, script)
        for banner in _fresh_reveals_of_yours(page, script):
            moment = page.query_selector("#moment").bounding_box()
            buttons = page.query_selector("#actions, #leave").bounding_box()
            assert moment["y"] + moment["height"] <= buttons["y"] + 1  # above every button
            assert moment["y"] < 740  # and on the first screen
            animation = page.evaluate(
                "getComputedStyle(document.getElementById('moment')).animationName"
            )
            assert animation == "pop"
            calls = page.evaluate("window.__telegramCalls.map((c) => c.join(':'))")
            if banner != "✅ You were right!":
                assert "notificationOccurred:error" in calls
                return
        page.context.close()
    raise AssertionError("no reveal cost the player a life")


def test_with_reduced_motion_the_moment_stands_still(browser, served):
    page = _a_reveal(browser, served, reduced=True)
    page.wait_for_selector("#moment:not([hidden]) :is(.mia-die, .mia-last)")
    styles = page.evaluate(
        "[...document.querySelectorAll('#moment, #moment *, .seat, .seat *')]"
        ".map((el) => getComputedStyle(el).animationName).filter((n) => n !== 'none')"
    )
    assert styles == []
    assert page.evaluate("window.Shell.reducedMotion()") is True


@pytest.mark.parametrize("reduced", [False, True])
def test_a_win_is_celebrated_and_the_footer_counts_it(browser, served, reduced):
    for seed in range(1, 30):
        script = Script(
            served.store, served.clock, "mia", cpus=("easy",), settings={"lives": 2}, seed=seed
        )
        script.start()
        page = local_page(browser, served, script, reduced=reduced)
        before = page.inner_text("#stats")
        confetti = False
        while script.step(like_a_cpu("hard")):
            pass
        drawn(page, script.table.version)
        won = script.game.rules.ranking(script.state())[0] == script.seat_of()
        if won:
            confetti = page.query_selector(".confetti") is not None
            assert page.inner_text("#moment .banner") == "You win! 🎉"
            assert confetti is not reduced
        wait_until(
            lambda page=page, before=before: page.inner_text("#stats") != before,
            what="the footer counts the game",
        )
        games = int(re.search(r"Your games: (\d+)", page.inner_text("#stats")).group(1))
        assert games >= 1
        page.context.close()
        if won:
            return
    raise AssertionError("the player never won")


def test_verify_is_a_closed_copyable_detail_and_the_story_has_no_command(browser, served):
    script = scene(served.store, served.clock, "mia", "reveal")
    page = local_page(browser, served, script)
    story = page.inner_text("#story")
    assert "(/verify)" not in story and "SHA-256" not in story
    assert page.get_attribute("#proofs", "open") is None
    assert page.is_hidden("#proof-list code")
    page.click("#proofs summary")
    codes = page.eval_on_selector_all("#proof-list code", "els => els.map((el) => el.textContent)")
    assert any(re.fullmatch(r"= [0-9a-f]{64}", code) for code in codes)
    assert any(code.startswith("SHA-256(") for code in codes)
    assert page.query_selector("#proof-list .copy") is not None


def test_out_of_the_game_you_can_leave_or_start_anew(browser, served):
    script = scene(served.store, served.clock, "mia", "out")
    page = local_page(browser, served, script)
    assert re.fullmatch(r"💀 Out: place [23] of 3", page.inner_text("#pill"))  # where you finished
    page.click('button[data-action="new_game"]')
    page.wait_for_selector("#setup:not([hidden])")
    page = telegram_page(browser, served, script)
    page.click('button[data-action="close"]')
    wait_js(page, "window.__telegramCalls.some((c) => c[0] === 'close')")


def test_leaving_a_running_game_takes_a_second_tap(browser, served):
    script = scene(served.store, served.clock, "mia", "turn")  # two CPUs play on without you
    page = local_page(browser, served, script)
    page.click("#leave button")
    assert page.inner_text("#leave button") == "Tap again to leave the game"
    assert script.seat_of() not in script.table.left
    page.click("#leave button")
    page.wait_for_selector('#pill:has-text("You left this game.")')
    assert script.seat_of() in script.table.left
    assert page.query_selector('button[data-action="new_game"]') is not None


def rematch_set_up(game: str) -> dict:
    """The game's scenes' set-up, with one CPU of our own."""
    return {key: value for key, value in set_up(game).items() if key != "cpus"}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_rematch_keeps_both_tabs_updating(browser, served, game):
    """Two friends' tabs see the game end; one asks for a rematch; both follow the new game
    move by move, and the other's Rematch button is gone (the game is not over any more)."""
    script = Script(
        served.store, served.clock, game, people=2, cpus=("normal",), **rematch_set_up(game)
    )
    script.start()
    problems: list[str] = []
    tabs = [local_page(browser, served, script, problems)]
    tabs.append(new_page(browser, problems=problems))
    open_as(tabs[1], served.local.url, served.secret, script.users[1], script.table_id)
    assert script.play_until(lambda s: s.table.status != "playing")
    for tab in tabs:
        drawn(tab, script.table.version)
        tab.wait_for_selector('button[data-action="lobby:rematch"]')
    tabs[0].click('button[data-action="lobby:rematch"]')
    assert wait_until(lambda: script.table.game_no == 2, what="the rematch started")
    for step in range(4):
        for tab in tabs:
            drawn(tab, script.table.version)
            assert tab.query_selector('button[data-action="lobby:rematch"]') is None
            assert "over" not in tab.inner_text("#pill")
        assert script.step(), f"the new game ended after {step} changes"
    assert not problems, problems


def test_placeholders_are_filled_literally(browser, served):
    script = Script(served.store, served.clock, "mia", people=2, cpus=())
    script.start()
    other = script.users[1]
    page = telegram_page(browser, served, script, user=other)
    assert page.evaluate("window.Shell.say('waiting_for', {name: 'A$&B$1$$'})") == (
        "Waiting for A$&B$1$$"
    )
    assert script.play_until(lambda s: s.table.state["to_act"] == s.seat_of(0))
    drawn(page, script.table.version)
    assert page.inner_text("#pill") == "Waiting for Maximiliane-Alexandra $& Co"
