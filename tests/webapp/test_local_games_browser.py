"""Whole local games of Mino Dice and Myllymatti played through the page: set up in the form,
every move of the person made by tapping (bids, dice to roll; cards, picking up, taking a
chance), the CPUs moved when their time comes (as the ticker does), to the end."""

from __future__ import annotations

from collections import Counter

import pytest

from games.registry import get_game
from tables.ticker import fire_due
from tests.support.browser import chromium
from tests.support.pages import drawn, new_page

MAX_STEPS = 1500


@pytest.fixture
def browser():
    with chromium() as running:
        yield running


def set_up(page, base_url: str, game_label: str, preset_label: str | None = None) -> None:
    page.goto(base_url + "/")
    page.wait_for_selector("#setup:not([hidden]) #cpus")
    page.fill("#name", "Alice")
    page.select_option("#game", label=game_label)
    if preset_label:
        page.select_option("#preset", label=preset_label)
    page.select_option("#cpus", label="1")
    page.click("#more-settings summary")
    page.select_option("#cpu-level-0", label="easy")
    page.click("#go")
    page.wait_for_selector('#table:not([hidden])[data-drawn="game"] #me li.you')


def play_through_the_page(page, store, clock, choose) -> Counter:
    """Alice taps whenever it is her move; otherwise the CPU's time comes. Returns what she
    tapped, by kind."""
    table_id = page.url.split("table=")[1]
    tapped: Counter = Counter()
    for _ in range(MAX_STEPS):
        table = store.load(table_id)
        if table.status != "playing":
            drawn(page, table.version)
            return tapped
        people = {seat for seat, sitter in enumerate(table.seats) if not sitter.is_cpu}
        game = get_game(table.game)
        if people & set(game.to_act(game.load(table.state))):
            drawn(page, table.version)
            kind, selector = choose(page, tapped)
            page.click(selector)
            tapped[kind] += 1
            deadline = 600  # polls of 50 ms: 30 s
            while store.load(table_id).version == table.version and deadline:
                page.wait_for_timeout(50)
                deadline -= 1
            assert deadline, f"tapping {selector} changed nothing"
        else:
            clock.now += 2
            fire_due(store)
    raise AssertionError("the game did not end")


def choose_mino(page, tapped):
    bid = page.query_selector('#actions button[data-action^="bid:"]')
    if bid is not None:
        return "bid", '#actions button[data-action^="bid:"]'
    assert page.query_selector("#private .item.greyed, #private button.item")
    return "roll", "#private button.item"


def choose_mylly(page, tapped):
    if page.query_selector('#actions button[data-action="pickup"]') and not tapped["pickup"]:
        return "pickup", '#actions button[data-action="pickup"]'
    if page.query_selector("#private button.item"):
        return "card", "#private button.item"
    if page.query_selector('#actions button[data-action="pickup"]'):
        return "pickup", '#actions button[data-action="pickup"]'
    return "chance", '#actions button[data-action="chance"]'


def test_a_whole_game_of_mino_dice_through_the_page(browser, local_web, local_store, clock):
    problems: list[str] = []
    page = new_page(browser, problems=problems)
    set_up(page, local_web.url, "Mino Dice", "quick")
    tapped = play_through_the_page(page, local_store, clock, choose_mino)
    assert tapped["bid"] == 4 and tapped["roll"] == 1 + 2 + 3 + 4  # 4 hands: 1..4 dice
    assert "wins" in page.inner_text("#pill") or "win" in page.inner_text("#moment")
    rows = page.eval_on_selector_all(".mino-sheet tr", "rows => rows.length")
    assert rows == 1 + 4 + 1  # names, a row per hand, the totals
    assert page.query_selector('button[data-action="lobby:rematch"]')
    assert not problems, problems


def test_a_whole_game_of_myllymatti_through_the_page(browser, local_web, local_store, clock):
    problems: list[str] = []
    page = new_page(browser, problems=problems)
    set_up(page, local_web.url, "Myllymatti")
    tapped = play_through_the_page(page, local_store, clock, choose_mylly)
    assert tapped["card"] > 0 and tapped["pickup"] >= 1
    assert page.query_selector('button[data-action="new_game"]')
    assert not problems, problems
