"""Throwaway: screenshots of a Mino Dice game at each of Sam's turns (not committed)."""
import os
import pytest
from tests.support.pages import drawn, new_page, open_as, wait_js
from tests.support.scenes import Script, set_up
from tests.webapp.test_page_browser import browser, served  # noqa: F401
from tests.webapp.test_page_in_view_browser import STILL

W = int(os.environ.get("W", "390")); H = int(os.environ.get("H", "844"))
LANG = os.environ.get("LANG_", "en"); DARK = os.environ.get("DARK", "") == "1"
MAX = int(os.environ.get("MAXSHOTS", "14"))
FROM = int(os.environ.get("FROMHAND", "1"))

def test_shots(browser, served):  # noqa: F811
    kind = set_up("mino_dice") | {"preset": "standard"}
    script = Script(served.store, served.clock, "mino_dice", names=("Sam",), language=LANG, **kind)
    script.start()
    problems = []
    page = new_page(browser, width=W, height=H, reduced=True, language=LANG, dark=DARK, problems=problems)
    import atexit; atexit.register(lambda: print("PROBLEMS", problems))
    open_as(page, served.local.url, served.secret, script.users[0], script.table_id)
    n = 0
    i = 0
    while True:
        drawn(page, script.table.version)
        wait_js(page, STILL)
        i += 1
        mine = page.evaluate("document.querySelectorAll('#actions button:not([disabled]), #private button.item:not([disabled])').length")
        hand = script.state().hand if script.table.state else 0
        if (mine or i < 3) and hand >= FROM and n < MAX:
            n += 1
            page.screenshot(path=f"/tmp/mshots/{LANG}-{W}-{'d' if DARK else 'l'}-{n:02d}.png")
            print("SIZES", n, hand, page.evaluate("""() => Object.fromEntries(['app', 'felt','moment','lines','private','actions', 'extra'].map(id => { const el = document.getElementById(id) || document.querySelector('#app > .bar'); const r = el.getBoundingClientRect(); return [id, [Math.round(r.top + scrollY), Math.round(r.height)]]; }))"""), page.evaluate("scrollY"))
            if os.environ.get("TAP") and n == 1 and page.query_selector("#private span.item"):
                page.click("#private span.item >> nth=0")
                page.screenshot(path=f"/tmp/mshots/{LANG}-{W}-tap.png")
            if n == 1:
                page.screenshot(path=f"/tmp/mshots/{LANG}-{W}-full-{n:02d}.png", full_page=True)
        if not script.step():
            drawn(page, script.table.version)
            wait_js(page, STILL)
            page.screenshot(path=f"/tmp/mshots/{LANG}-{W}-end.png")
            page.screenshot(path=f"/tmp/mshots/{LANG}-{W}-end-full.png", full_page=True)
            break
