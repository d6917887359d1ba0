"""A whole local game of each game played with the keyboard alone: the setup form filled in
with Tab, typing and the arrow keys, Start with Enter, then every move of the person made by
tabbing to a button (a claim, a bid, a die, a card, picking up, taking a chance, lifting
Mia's cup) and pressing Enter or Space; the CPUs move when their time comes (as the ticker
does). Mia is played at 200 % text size: it must still fit 320 px, cut nothing, and play."""

from __future__ import annotations

from collections import Counter

import pytest

from games.registry import get_game
from tables.table.ticker import fire_due
from tests.support.browser import chromium
from tests.support.overflow import cut, worst
from tests.support.pages import drawn, new_page

MAX_STEPS = 1500
MAX_TABS = 250  # presses of Tab to reach any control: the page is never a maze
FOCUSED_JS = "(selector) => !!document.activeElement && document.activeElement.matches(selector)"
# A reader's text size of 200 %: the root font size the page's rem units follow.
TEXT_200 = (
    "document.addEventListener('DOMContentLoaded', "
    "() => { document.documentElement.style.fontSize = '200%'; });"
)


@pytest.fixture
def browser():
    with chromium() as running:
        yield running


def tab_to(page, selector: str) -> None:
    """Press Tab until the focused element matches ``selector``."""
    for _ in range(MAX_TABS):
        if page.evaluate(FOCUSED_JS, selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def choose_with_keys(page, select: str, label: str) -> None:
    """Focus a select with Tab and move its choice with the arrow keys to ``label``."""
    tab_to(page, select)
    for key in ("ArrowDown", "ArrowUp"):
        for _ in range(12):
            if page.eval_on_selector(select, "s => s.options[s.selectedIndex].text") == label:
                return
            page.keyboard.press(key)
    raise AssertionError(f"{select} has no choice {label}")


def set_up(page, base_url: str, game: str, preset: str | None = None) -> None:
    page.goto(base_url + "/")
    page.wait_for_selector("#setup:not([hidden]) #cpus")
    tab_to(page, "#name")
    page.keyboard.type("Alice")
    choose_with_keys(page, "#game", game)
    if preset:
        choose_with_keys(page, "#preset", preset)
    choose_with_keys(page, "#cpus", "1")
    tab_to(page, "#more-settings summary")
    page.keyboard.press("Enter")  # unfold the details
    choose_with_keys(page, "#cpu-level-0", "easy")
    tab_to(page, "#go")
    page.keyboard.press("Enter")
    page.wait_for_selector('#table:not([hidden])[data-drawn="game"] #me li.you')


def play_with_keys(page, store, clock, choose, check=None) -> Counter:
    """Alice moves with the keyboard whenever it is her move; otherwise the CPU's time comes.
    Returns what she pressed, by kind."""
    table_id = page.url.split("table=")[1]
    pressed: Counter = Counter()
    for _ in range(MAX_STEPS):
        table = store.load(table_id)
        if table.status != "playing":
            drawn(page, table.version)
            return pressed
        people = {seat for seat, sitter in enumerate(table.seats) if not sitter.is_cpu}
        game = get_game(table.game)
        if people & set(game.rules.to_act(game.rules.load(table.state))):
            drawn(page, table.version)
            if check:
                check(page)
            kind, selector = choose(page, pressed)
            tab_to(page, selector)
            page.keyboard.press("Space" if sum(pressed.values()) % 2 else "Enter")
            pressed[kind] += 1
            if kind == "lift":
                page.wait_for_selector("#private:not(.covered)")
                continue
            deadline = 600  # polls of 50 ms: 30 s
            while store.load(table_id).version == table.version and deadline:
                page.wait_for_timeout(50)
                deadline -= 1
            assert deadline, f"pressing {selector} changed nothing"
        else:
            clock.now += 2
            fire_due(store)
    raise AssertionError("the game did not end")


def choose_mia(page, pressed):
    if page.query_selector("#private.covered .cover-button"):
        return "lift", "#private .cover-button"
    return "move", "#actions button[data-action]:not([data-action^='lobby'])"


def choose_mino(page, pressed):
    if page.query_selector('#actions button[data-action^="bid:"]'):
        return "bid", '#actions button[data-action^="bid:"]'
    assert page.query_selector("#private .item.greyed, #private button.item")
    return "roll", "#private button.item"


def choose_mylly(page, pressed):
    # Your move's controls, once the page takes presses again (never a guess at a moment).
    page.wait_for_selector(
        "#private button.item:not([disabled]), #actions button[data-action]:not([disabled])",
        timeout=30000,
    )
    if page.query_selector('#actions button[data-action="pickup"]') and not pressed["pickup"]:
        return "pickup", '#actions button[data-action="pickup"]'
    if page.query_selector("#private button.item:not([disabled])"):
        return "card", "#private button.item:not([disabled])"
    if page.query_selector('#actions button[data-action="pickup"]'):
        return "pickup", '#actions button[data-action="pickup"]'
    return "chance", '#actions button[data-action="chance"]'


def test_a_whole_game_of_mia_with_the_keyboard_at_200_percent_text(
    browser, local_web, local_store, clock
):
    problems: list[str] = []
    page = new_page(browser, width=320, problems=problems)
    page.add_init_script(TEXT_200)
    set_up(page, local_web.url, "Mia")
    assert page.evaluate("getComputedStyle(document.body).fontSize") == "30px"  # 2 × 15 px
    looks: list[str] = []

    def fits(page) -> None:
        found = worst(page)
        assert found["px"] == 0, found
        looks.extend(cut(page))

    pressed = play_with_keys(page, local_store, clock, choose_mia, fits)
    assert pressed["lift"] >= 1 and pressed["move"] >= 2
    assert looks == []
    assert page.query_selector('button[data-action="lobby:rematch"]')
    assert not problems, problems


def test_a_whole_game_of_mino_dice_with_the_keyboard(browser, local_web, local_store, clock):
    problems: list[str] = []
    page = new_page(browser, problems=problems)
    set_up(page, local_web.url, "Mino Dice", "quick")
    pressed = play_with_keys(page, local_store, clock, choose_mino)
    assert pressed["bid"] == 4 and pressed["roll"] == 1 + 2 + 3 + 4  # 4 hands: 1..4 dice
    assert "win" in page.inner_text("#pill") or "win" in page.inner_text("#moment")
    rows = page.eval_on_selector_all(".mino-sheet tr", "rows => rows.length")
    assert rows == 1 + 4 + 1  # names, a row per hand, the totals
    assert page.query_selector('button[data-action="lobby:rematch"]')
    assert not problems, problems


def test_a_whole_game_of_myllymatti_with_the_keyboard(browser, local_web, local_store, clock):
    problems: list[str] = []
    page = new_page(browser, problems=problems)
    set_up(page, local_web.url, "Myllymatti")
    pressed = play_with_keys(page, local_store, clock, choose_mylly)
    assert pressed["card"] > 0 and pressed["pickup"] >= 1
    assert page.query_selector('button[data-action="new_game"]')
    assert not problems, problems
