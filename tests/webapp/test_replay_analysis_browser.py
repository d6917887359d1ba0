"""The analysis in a replay, in Chromium as a player meets it (issue 28): it arrives by
itself shortly after the replay opens; each step a person decided at shows their choice,
the verdict and the engine's choice; the end a line per person. At 390 and 320 px, light
and dark, English and German, with nothing cut or overflowing; axe-core finds nothing
serious in it."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.registry import GAMES
from tables.table.model import ChatRef
from tests.support.axe import audit
from tests.support.games_played import play_moves, seated
from tests.support.overflow import cut, worst
from tests.support.pages import new_page
from tests.webapp.conftest import USERS
from tests.webapp.test_replay_browser import browser, served  # noqa: F401

SCREENS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screens" / "analysis"
GROUP = ChatRef(-100920)
PEOPLE = [(1, "Alice"), (2, "Bob")]
DEADLINE_MS = 90000  # the analysis is made off the request: waited for, never slept on
TO_A_JUDGED_STEP = """() => {
  const next = document.getElementById("replay-next");
  while (!document.querySelector(".analysis-row") && !next.disabled) next.click();
  return !!document.querySelector(".analysis-row");
}"""
ONLY_THE_ANALYSIS = """() => {
  document.body.style.visibility = "hidden";
  for (const el of document.querySelectorAll(".replay-analysis")) el.style.visibility = "visible";
}"""
SHOW_ALL = """() => { document.body.style.visibility = ""; }"""
TO_THE_END = """() => { document.getElementById("replay-last").click(); }"""


def opened(browser, served, replay_id: str, **options):  # noqa: F811
    _, stub, server = served
    problems: list[str] = []
    page = new_page(browser, problems=problems, **options)
    user = dict(USERS[1], language_code=options.get("language", "en"))  # Telegram's language
    stub.set_user(user, start_param=replay_id)
    page.goto(server.url + "/")
    page.wait_for_selector("#replay[data-steps]", timeout=DEADLINE_MS)
    return page, problems


def shoot(page, name: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=True)


def fits(page) -> None:
    assert worst(page)["px"] == 0, worst(page)
    assert cut(page) == []


def analysis_is_accessible(page) -> None:
    """axe-core on the analysis itself, in place (the rest of the page hidden a moment)."""
    page.evaluate(ONLY_THE_ANALYSIS)
    assert audit(page) == []
    page.evaluate(SHOW_ALL)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_decision_of_yours_shows_the_engines_word(browser, served, game):  # noqa: F811
    store = served[0]
    table = play_moves(store, seated(store, GROUP, game, PEOPLE, cpus=1).id, f"an-{game}")
    page, problems = opened(browser, served, f"{table.id}-1", width=390, height=844)
    assert page.is_visible(".analysis-pending")  # on its way: the page asks again by itself
    page.wait_for_selector(".analysis-pending", state="detached", timeout=DEADLINE_MS)
    assert page.evaluate(TO_A_JUDGED_STEP)
    row = page.inner_text(".analysis-row")
    assert row.startswith(("✅", "❓", "❌")) and ("You: " in row or "Bob: " in row)
    assert ("The engine" in row and "%" in row) or "engine" in row
    shoot(page, f"{game}-step-390")
    fits(page)
    analysis_is_accessible(page)
    page.evaluate(TO_THE_END)
    summary = page.inner_text(".replay-analysis.summary")
    assert "🧠 You: " in summary and "🧠 Bob: " in summary
    shoot(page, f"{game}-end-390")
    analysis_is_accessible(page)
    assert problems == []
    page.context.close()


@pytest.mark.parametrize(
    "options",
    [
        {"width": 320, "height": 700},
        {"width": 390, "height": 844, "dark": True},
        {"width": 390, "height": 844, "language": "de"},
    ],
    ids=["320", "dark", "de"],
)
def test_the_analysis_fits_small_screens_dark_and_german(browser, served, options):  # noqa: F811
    store = served[0]
    table = play_moves(store, seated(store, GROUP, "mia", PEOPLE, cpus=1).id, "an-looks")
    page, problems = opened(browser, served, f"{table.id}-1", **options)
    page.wait_for_selector(".analysis-pending", state="detached", timeout=DEADLINE_MS)
    assert page.evaluate(TO_A_JUDGED_STEP)
    if options.get("language") == "de":
        assert "Die Engine" in page.inner_text(".replay-analysis")
    name = "-".join(f"{value}" for value in options.values())
    shoot(page, f"mia-step-{name}")
    fits(page)
    analysis_is_accessible(page)
    page.evaluate(TO_THE_END)
    shoot(page, f"mia-end-{name}")
    fits(page)
    analysis_is_accessible(page)
    assert problems == []
    page.context.close()
