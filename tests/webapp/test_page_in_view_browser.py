"""Your turn with the table in view, at 390×844: a whole seeded game of each game played as
"Sam" in Chromium, and at every change where Sam has a move, the thing Sam answers (the trick
to follow, the claim to beat: the element its renderer marks ``data-answer``), Sam's move
buttons and the title with whose turn it is are on the screen together, without scrolling.
In Mia, the seats too, and one claim chain at once: the last round's reveal folds once the
next round has a claim."""

from __future__ import annotations

import pytest

from games.registry import BUILT_IN
from tests.support.pages import drawn, new_page, open_as, wait_js
from tests.support.scenes import Script, set_up
from tests.webapp.test_page_browser import browser, served  # noqa: F401

# Where the answer and the move buttons are, once the page has brought your move into view.
PLACES = """() => {
  const box = (els) => {
    const rects = els.map((el) => el.getBoundingClientRect()).filter((r) => r.height > 0);
    if (!rects.length) return null;
    const tops = rects.map((r) => r.top), bottoms = rects.map((r) => r.bottom);
    return { top: Math.min(...tops), bottom: Math.max(...bottoms) };
  };
  const all = (selector) => [...document.querySelectorAll(selector)];
  const moves = '#actions button:not([disabled]), #private button.item:not([disabled])';
  return { buttons: box(all(moves)), answer: box(all('#game-area [data-answer]')),
           seats: box(all('#seats > li')), height: window.innerHeight,
           title: box(all('#title, #pill')), scrolled: window.scrollY,
           chains: all('.mia-claims').length };
}"""
# The page has stopped scrolling: the same scroll position over two frames.
STILL = """(() => { const y = window.scrollY; return new Promise((done) =>
  requestAnimationFrame(() => requestAnimationFrame(() => done(window.scrollY === y)))); })()"""
# Mino Dice at its standard length: the hands of up to eight dice, the longest page.
LONGER = {"mino_dice": {"preset": "standard"}}


def inside(box, height: int) -> bool:
    return box["top"] >= -1 and box["bottom"] <= height + 1


@pytest.mark.parametrize("game", [game.name for game in BUILT_IN])  # the registry's games
def test_on_your_turn_the_table_and_your_move_are_both_in_view(browser, served, game):  # noqa: F811
    kind = set_up(game) | LONGER.get(game, {})
    script = Script(served.store, served.clock, game, names=("Sam",), **kind)
    script.start()
    page = new_page(browser, width=390, height=844, reduced=True)
    open_as(page, served.local.url, served.secret, script.users[0], script.table_id)
    turns, answers, seated, off, untitled = 0, 0, 0, [], []
    while True:
        drawn(page, script.table.version)
        wait_js(page, STILL)
        places = page.evaluate(PLACES)
        if places["buttons"]:
            turns += 1
            answers += places["answer"] is not None
            shown = [places["buttons"]] + ([places["answer"]] if places["answer"] else [])
            seated += inside(places["seats"], places["height"])
            if not all(inside(b, places["height"]) for b in shown):
                off.append((script.table.version, places))
            if not inside(places["title"], places["height"]):  # the title, whose turn it is
                untitled.append((script.table.version, places))
        # Mia: the last round's reveal folds once the next has a claim (one chain at once),
        # and your claim keeps the seats in view.
        if game == "mia":
            assert places["chains"] <= 1, script.table.version
            if places["buttons"]:
                assert inside(places["seats"], places["height"]), places
        if not script.step():
            break
    print(game, "turns:", turns, "to answer:", answers, "seats in view:", seated, "off:", len(off))
    print(game, "title or turn pill off:", len(untitled), [(v, p["scrolled"]) for v, p in untitled])
    assert turns > 5 and answers > 0
    assert off == [], off[:5]
    assert untitled == [], untitled[:5]
