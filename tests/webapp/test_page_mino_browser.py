"""Mino Dice from your seat at 390×844, in Chromium against the real server and Redis: each of
your dice with its six faces in a 3×2 strip (a flag marked ⚑), a die you cannot roll now
explaining itself on a tap (and by keyboard), and axe-core finding nothing serious."""

from __future__ import annotations

from tests.support.axe import audit
from tests.support.scenes import Script
from tests.webapp.test_page_browser import browser, local_page, served  # noqa: F401

PHONE = {"width": 390, "height": 844}
GLYPHS = {"flag": "⚑", "minotaur": "🐂", "griffin": "🦅", "mermaid": "🧜"}


def bidding(script: Script) -> bool:
    state = script.state()
    return (
        state.phase == "bid"
        and state.hand >= 3
        and script.seat_of() in script.game.rules.to_act(state)
    )


def test_each_die_shows_its_six_faces_and_explains_itself_on_a_tap(browser, served):  # noqa: F811
    script = Script(served.store, served.clock, "mino_dice", preset="standard")
    script.start()
    assert script.play_until(bidding)
    problems: list[str] = []
    page = local_page(browser, served, script, problems, **PHONE)
    held = page.query_selector_all("#private .item")
    assert len(held) == script.state().hand
    for item in held:
        sides = item.get_attribute("data-sides").split(" ")
        cells = item.query_selector_all(".mino-faces i")
        assert [cell.inner_text() for cell in cells] == [GLYPHS.get(f, f) for f in sides]
        box = item.query_selector(".mino-faces").bounding_box()
        assert box["width"] >= 45 and box["height"] >= 30  # 3×2, readable at 390 px
        assert item.get_attribute("role") == "button"
        assert item.get_attribute("aria-expanded") == "false"
    first = held[0]
    first.click()
    note = page.wait_for_selector("#private .mino-note:not([hidden])")
    text = note.inner_text()
    kind = first.get_attribute("data-colour") or first.get_attribute("data-creature")
    assert text.lower().startswith(kind) and " die: " in text, text
    if kind in GLYPHS:
        assert "beats" in text and "loses to" in text, text
    else:
        assert "highest number wins" in text, text
    if "flag" in first.get_attribute("data-sides"):
        assert "flag counts nothing" in text, text
    assert page.get_attribute("#private .item >> nth=0", "aria-expanded") == "true"
    assert audit(page) == []
    page.focus("#private .item >> nth=0")
    page.keyboard.press("Enter")  # a key closes it again
    page.wait_for_selector("#private .mino-note[hidden]", state="attached")
    assert problems == []
