"""Myllymatti's page on a small phone (320×568), played as "Sam" in Chromium through a whole
seeded game: on each of Sam's turns the table stays in view with the move (in phase 1 the
opponents, the card to answer and the hand; in phase 2 the card to beat and the hand), the
last trick folds away once the next one has a card, and the hand keeps each suit on one row."""

from __future__ import annotations

from tests.support.pages import drawn, new_page, open_as, wait_js
from tests.support.scenes import Script, set_up, your_turn
from tests.webapp.test_page_browser import browser, served  # noqa: F401
from tests.webapp.test_page_in_view_browser import PLACES, STILL, inside

# Each suit of your hand: the tops of its cards (one row: one top) and whether it fits.
SUITS = """() => [...document.querySelectorAll('#private .myl-suit')].map((suit) => {
  const cards = [...suit.querySelectorAll('.item')].map((el) => el.getBoundingClientRect());
  const items = document.querySelector('#private .items').getBoundingClientRect();
  const tops = cards.map((r) => r.top);  // a playable card is raised a little, not a row
  return { tops: Math.max(...tops) - Math.min(...tops) < cards[0].height / 2 ? 1 : 2,
           fits: cards.every((r) => r.left >= items.left - 1 && r.right <= items.right + 1) };
})"""


def test_at_320_by_568_your_turn_keeps_the_table_in_view(browser, served):  # noqa: F811
    script = Script(
        served.store, served.clock, "myllymatti", names=("Sam",), **set_up("myllymatti")
    )
    script.start()
    page = new_page(browser, width=320, height=568, reduced=True)
    open_as(page, served.local.url, served.secret, script.users[0], script.table_id)
    turns = {"collect": 0, "shed": 0}
    off, rows = [], []
    while True:
        drawn(page, script.table.version)
        wait_js(page, STILL)
        places = page.evaluate(PLACES)
        phase = script.table.state["phase"]
        if your_turn(script) and phase in turns:
            turns[phase] += 1
            shown = [places["buttons"]]
            shown += [places["answer"]] if places["answer"] else []
            # Answering in phase 1, the opponents too (leading, the last trick shows instead).
            shown += [places["seats"]] if phase == "collect" and places["answer"] else []
            if not all(inside(box, places["height"]) for box in shown):
                off.append((script.table.version, phase, places))
            rows += [(script.table.version, suit) for suit in page.evaluate(SUITS)]
            assert not page.query_selector("#game-area .myl-help")  # no help paragraphs
            if places["answer"] and phase == "collect":  # the last trick folded away
                assert page.is_hidden("#moment") or not page.query_selector("#moment #why")
        if not script.step():
            break
    print("turns:", turns, "off:", len(off))
    assert turns["collect"] > 5 and turns["shed"] > 3
    assert off == [], off[:3]
    assert rows and [row for row in rows if row[1] != {"tops": 1, "fits": True}] == []
