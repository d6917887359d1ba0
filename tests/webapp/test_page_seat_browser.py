"""A player's own page talks to them: a whole seeded game of each game played as "Sam" in
Chromium against the real server, and at every change the page's text (all but Sam's own
seat card, "You · Sam") never names Sam: it says "you", and the prompt says what to do."""

from __future__ import annotations

import re

import pytest

from games.registry import BUILT_IN
from tests.support.pages import drawn
from tests.support.scenes import Script, set_up
from tests.webapp.test_page_browser import browser, local_page, served  # noqa: F401

# The page's visible text, without your own seat card (the one place your name belongs).
PAGE_TEXT = """() => {
  const me = document.getElementById('me');
  const shown = me.style.display;
  me.style.display = 'none';
  const text = document.getElementById('app').innerText;
  me.style.display = shown;
  return text;
}"""
SAM = re.compile(r"\bSam\b")


def sam_lines(page) -> list[str]:
    return [line for line in page.evaluate(PAGE_TEXT).splitlines() if SAM.search(line)]


@pytest.mark.parametrize("game", [game.name for game in BUILT_IN])  # the registry's games
def test_a_whole_game_as_sam_never_names_sam_on_sams_page(browser, served, game):  # noqa: F811
    script = Script(served.store, served.clock, game, names=("Sam",), **set_up(game))
    script.start()
    page = local_page(browser, served, script, width=390)
    found: list[str] = []
    changes = 0
    while True:
        drawn(page, script.table.version)
        found += sam_lines(page)
        changes += 1
        if not script.step():
            break
    drawn(page, script.table.version)
    found += sam_lines(page)
    assert script.table.status != "playing" and changes > 10
    print(game, "lines naming Sam:", len(found), "distinct:", len(set(found)))
    assert found == [], sorted(set(found))
    assert "Sam" in page.inner_text("#me")  # your seat still says who you are
    if game == "myllymatti":  # a game with only a loser: nobody "wins", you are safe or not
        banner = page.inner_text("#moment .banner")
        safe = r"🏁 You're safe, out (1st!|2nd\.|3rd\.)"
        assert re.fullmatch(safe + r"|😵 You are the Myllymatti!", banner)
        assert "win" not in page.inner_text("#pill") + banner
        named = page.inner_text("#pill") + page.inner_text("#moment")
        assert "is the Myllymatti" in named or banner.startswith("😵")
        # The end's pill says what it means for you in one line: the table stays where it was.
        assert page.evaluate("document.getElementById('pill').getBoundingClientRect().height") < 40
