"""The page from your seat in Chromium at 390×844: "Since your last move" drawn between the
table and the result card, its earlier lines folded, all of it folded to its title on your
turn (the table and your move first), none for a spectator; Mia's result
naming who challenged whom, the dice and the claim each labelled, your loss said once."""

from __future__ import annotations

from typing import Any

from tests.support.pages import drawn, new_page, open_as
from tests.support.scenes import Script, set_up
from tests.webapp.test_page_browser import browser, served  # noqa: F401
from webapp.payload import table_payload

SPECTATOR = {"id": 2**52 + 999, "first_name": "Wanda", "language_code": "en"}


def page_of(script: Script) -> dict[str, Any]:
    return table_payload(script.store, script.table, script.users[0]["id"], "en")


def opened(browser, served, script: Script, user: dict[str, Any] | None = None):  # noqa: F811
    page = new_page(browser, width=390, height=844, reduced=True)
    open_as(page, served.local.url, served.secret, user or script.users[0], script.table_id)
    drawn(page, script.table.version)
    return page


def test_the_feed_sits_between_the_table_and_the_result_with_its_earlier_lines_folded(
    browser,  # noqa: F811
    served,  # noqa: F811
):
    kind = set_up("mia") | {"cpus": ("hard",) * 4}
    script = Script(served.store, served.clock, "mia", names=("Sam",), **kind)
    script.start()

    def waiting_with_earlier_lines(s: Script) -> bool:
        page = page_of(s)
        return page["decision"] is None and bool((page["feed"] or {}).get("earlier"))

    assert script.play_until(waiting_with_earlier_lines)
    feed = page_of(script)["feed"]
    page = opened(browser, served, script)
    assert page.inner_text("#feed .feed-title") == "Since your last move"
    shown = page.eval_on_selector_all(
        "#feed > .feed-lines li", "els => els.map((e) => e.textContent)"
    )
    assert shown == feed["lines"] and len(shown) <= 4
    summary = page.inner_text("#feed .feed-earlier summary")
    assert summary == f"Earlier ({len(feed['earlier'])})"
    assert not page.is_visible("#feed .feed-earlier .feed-lines")  # folded until tapped
    page.click("#feed .feed-earlier summary")
    assert page.is_visible("#feed .feed-earlier .feed-lines")
    # Below the felt, above the result card.
    order = page.evaluate(
        """() => ['felt', 'feed', 'moment'].map((id) => {
             const el = document.getElementById(id);
             return el.hidden ? null : el.getBoundingClientRect().top; })"""
    )
    assert order[0] < order[1] and (order[2] is None or order[1] < order[2])
    watcher = opened(browser, served, script, SPECTATOR)
    assert watcher.is_hidden("#feed")  # a spectator has no "last move"


def test_mias_result_names_the_challenge_labels_dice_and_claim_and_says_your_loss_once(
    browser,  # noqa: F811
    served,  # noqa: F811
):
    script = Script(served.store, served.clock, "mia", names=("Sam",), **set_up("mia"))
    script.start()
    me = script.seat_of()

    def you_lost(s: Script) -> bool:
        moment = page_of(s)["moment"]
        events = moment["events"] if moment else []
        lost = [e for e in events if e["type"] == "lost_lives" and e["seat"] == me and e["lost"]]
        return (
            bool(lost)
            and any(e["type"] == "challenged" for e in events)
            and not (s.state().history)
        )

    assert script.play_until(you_lost)
    assert script.state().to_act == me  # the loser starts the next round: your move
    page = opened(browser, served, script)
    # Your move comes first: the result is one line, "Dice 41 · claim 64 · The claim holds!
    # · 💔 You", its story folded away until a tap.
    summary = page.inner_text("#moment .mia-last > summary")
    assert "Dice " in summary and " claim " in summary and "💔 You" in summary, summary
    assert page.get_attribute("#moment", "class").split().count("tone-loss") == 1
    assert not page.is_visible("#moment .mia-last-body")
    page.click("#moment .mia-last > summary")
    body = page.inner_text("#moment .mia-last-body")
    round_no = next(e for e in script.moment()["events"] if e["type"] == "challenged")["round"]
    assert f"Round {round_no}" in body
    story = page.eval_on_selector_all(
        "#moment .mia-last-body > p:not(.why-line)", "els => els.map((e) => e.textContent)"
    )
    assert any(line.startswith("🔍") for line in story)  # who challenged whom
    assert not any(line.startswith("💔") for line in story)  # said once, by the line
    assert len(page.query_selector_all("#moment .mia-last-body .mia-die")) == 2


def test_on_your_turn_the_feed_folds_to_its_title_and_opens_on_a_tap(browser, served):  # noqa: F811
    kind = set_up("mia") | {"cpus": ("hard",) * 4}
    script = Script(served.store, served.clock, "mia", names=("Sam",), **kind)
    script.start()

    def your_turn_with_a_feed(s: Script) -> bool:
        page = page_of(s)
        return page["decision"] is not None and page["feed"] is not None

    assert script.play_until(your_turn_with_a_feed)
    feed = page_of(script)["feed"]
    page = opened(browser, served, script)
    count = len(feed["lines"]) + len(feed["earlier"])
    assert page.inner_text("#feed .feed-all > summary") == f"Since your last move ({count})"
    assert not page.is_visible("#feed .feed-lines")
    page.click("#feed .feed-all > summary")
    assert page.is_visible("#feed .feed-all > .feed-lines")
