"""Mia's page from your seat (the issue "a game you understand at a glance, on a phone"): on
your move at 320×568 the last round is one line (a tap opens it) and the claim to beat and
your answer are in view; once you are out, your place stays on the felt, each reveal among
the others is drawn whole, and the earlier rounds can be read again."""

from __future__ import annotations

from tests.support.pages import drawn, new_page, open_as, wait_js
from tests.support.scenes import Script, like_a_cpu, you_are_out
from tests.webapp.test_page_browser import browser, served  # noqa: F401
from tests.webapp.test_page_in_view_browser import PLACES, STILL, inside
from webapp.payload import table_payload


def rounds_shown(script: Script) -> int:
    moment = script.moment()
    events = (
        [e for e in moment["events"] if e["type"] in ("challenged", "folded")] if moment else []
    )
    return len(events)


def test_on_your_answer_at_320_the_last_round_is_one_line_and_your_answer_in_view(
    browser,  # noqa: F811
    served,  # noqa: F811
):
    script = Script(served.store, served.clock, "mia", names=("Sam",), cpus=("easy", "easy"))
    script.start()
    me = script.seat_of()

    def answer_after_a_reveal(s: Script) -> bool:
        state = s.state()
        return state.phase == "respond" and state.to_act == me and rounds_shown(s) > 0

    assert script.play_until(answer_after_a_reveal, like_a_cpu("normal"))
    page = new_page(browser, width=320, height=568, reduced=True)
    open_as(page, served.local.url, served.secret, script.users[0], script.table_id)
    drawn(page, script.table.version)
    wait_js(page, STILL)
    summary = page.query_selector("#moment .mia-last > summary").bounding_box()
    assert summary["height"] < 64, summary  # one line (two at most, in 320 px)
    assert not page.is_visible("#moment .mia-last-body")
    places = page.evaluate(PLACES)
    for box in (places["buttons"], places["answer"], places["title"]):
        assert inside(box, places["height"]), places
    page.click("#moment .mia-last > summary")
    assert page.is_visible("#moment .mia-last-body .mia-stage")
    page.context.close()


def test_once_you_are_out_your_place_stays_and_the_others_rounds_can_be_read(
    browser,  # noqa: F811
    served,  # noqa: F811
):
    kind = {"cpus": ("hard", "hard", "hard"), "settings": {"lives": 2}}
    script = Script(served.store, served.clock, "mia", names=("Sam",), **kind)
    script.start()
    assert script.play_until(you_are_out, like_a_cpu("easy"))
    out_in = script.state().round
    # The others play on: a reveal of theirs after yours.
    assert script.play_until(
        lambda s: s.state().round > out_in + 1 and rounds_shown(s) > 0 and not s.state().history
    )
    page = new_page(browser, width=390, height=844, reduced=True)
    open_as(page, served.local.url, served.secret, script.users[0], script.table_id)
    drawn(page, script.table.version)
    state = script.state()
    place = state.seats - state.out_order.index(script.seat_of())
    said = f"💀 You are out: place {place} of 4."
    assert page.inner_text("#game-area .mia-out").startswith(said)
    assert page.inner_text("#pill") == f"💀 Out: place {place} of 4"
    assert page.is_visible("#moment .mia-stage .mia-die")  # their reveal, whole: no fold
    history = table_payload(script.store, script.table, script.users[0]["id"], "en")["history"]
    earlier = [e for e in history if e["type"] in ("challenged", "folded")]
    summary = page.inner_text("#moment .mia-earlier > summary")
    assert summary == f"📜 Earlier rounds ({len(earlier) - 1})", summary
    page.click("#moment .mia-earlier > summary")
    assert len(page.query_selector_all("#moment .mia-earlier li")) == len(earlier) - 1
    page.context.close()


def climb(script: Script, seat: int, view: dict) -> str:
    """Accept every claim and claim the lowest above it: a round as long as it gets."""
    legal = view["legal_actions"]
    return "accept" if "accept" in legal else legal[0]


def test_a_long_round_shows_its_last_six_claims_and_a_chip_for_the_earlier_ones(
    browser,  # noqa: F811
    served,  # noqa: F811
):
    script = Script(served.store, served.clock, "mia", people=3, cpus=())
    script.start()
    assert script.play_until(lambda s: len(s.state().history) == 9, climb)
    page = new_page(browser, width=390, height=844, reduced=True)
    open_as(page, served.local.url, served.secret, script.users[0], script.table_id)
    drawn(page, script.table.version)
    claims = "#game-area .mia-center .mia-claims li:not(.more)"
    assert len(page.query_selector_all(claims)) == 6
    assert page.inner_text("#game-area .mia-claims li.more") == "⋯ 3 earlier"
    page.click("#game-area .mia-claims li.more button")
    assert len(page.query_selector_all(claims)) == 9
    assert not page.query_selector("#game-area .mia-claims li.more")
    page.context.close()


def test_once_you_have_looked_each_claim_says_whether_it_is_the_truth_or_a_bluff(
    browser,  # noqa: F811
    served,  # noqa: F811
):
    script = Script(served.store, served.clock, "mia", names=("Sam",), cpus=("easy", "easy"))
    script.start()
    me = script.seat_of()
    assert script.play_until(lambda s: s.state().phase == "claim" and s.state().to_act == me)
    dice = script.state().dice
    roll = f"{max(dice)}{min(dice)}"
    page = new_page(browser, width=390, height=844, reduced=True)
    open_as(page, served.local.url, served.secret, script.users[0], script.table_id)
    drawn(page, script.table.version)
    assert not page.query_selector("#actions .mia-mark")  # nothing said before you look
    assert "lift the cup" in page.inner_text("#lines")
    page.click("#private.covered")
    page.wait_for_selector("#actions .mia-mark")
    # The cup is off: the status line no longer asks you to lift it.
    status = page.inner_text("#lines")
    assert "lift the cup" not in status and "🎲 Your dice are showing:" in status, status
    marks = page.eval_on_selector_all(
        '#actions button[data-action^="claim:"]',
        "bs => bs.map((b) => [b.dataset.action.slice(6), b.classList.contains('mia-truth')])",
    )
    order = [claim for claim, _ in marks]
    reach = order.index(roll) if roll in order else -1
    assert marks == [[claim, i <= reach] for i, claim in enumerate(order)]
    assert marks[-1] == ["21", roll == "21"]  # Mia: a bluff unless you rolled it
    said = page.inner_text("#extra .mia-marks")
    assert said.startswith("With your ") and "✅ the truth · 🎭 a bluff" in said
    page.context.close()


def test_a_guided_game_opens_at_the_top_of_its_table_however_far_the_form_was_scrolled(
    browser,  # noqa: F811
    served,  # noqa: F811
):
    page = new_page(browser, width=320, height=568, reduced=True)
    page.goto(served.local.url + "/")
    page.wait_for_selector("#setup:not([hidden]) #cpus")
    page.fill("#name", "Alice")
    page.evaluate("document.body.style.paddingBottom = '3000px'")  # a page long either way
    page.evaluate("window.scrollTo(0, 600)")  # down at the form's buttons
    page.click("#tutorial-go")
    page.wait_for_selector('#table:not([hidden])[data-drawn="game"] #me li.you')
    wait_js(page, STILL)
    felt = page.query_selector("#felt").bounding_box()
    assert felt["y"] >= 0, felt  # the table in view, from its top
    page.context.close()


def about_you(script: Script, me: int) -> bool:
    """The last reveal is about you: you lost a life, or your challenge or claim was right."""
    moment = script.moment()
    events = moment["events"] if moment else []
    reveal = next((e for e in events if e["type"] == "challenged"), None)
    lost = [e["seat"] for e in events if e["type"] == "lost_lives" and e["lost"] > 0]
    return reveal is not None and bool(lost) and me in (*lost, reveal["seat"], reveal["claimant"])


def test_a_new_reveal_about_you_is_a_banner_on_your_move_and_names_its_round_as_you_wait(
    browser,  # noqa: F811
    served,  # noqa: F811
):
    script = Script(served.store, served.clock, "mia", names=("Sam",), cpus=("easy", "easy"))
    script.start()
    me = script.seat_of()

    def your_move_after_a_reveal_about_you(s: Script) -> bool:
        return s.state().to_act == me and about_you(s, me)

    assert script.play_until(your_move_after_a_reveal_about_you, like_a_cpu("normal"))
    page = new_page(browser, width=320, height=568, reduced=True)
    open_as(page, served.local.url, served.secret, script.users[0], script.table_id)
    drawn(page, script.table.version)
    wait_js(page, STILL)
    # On first sight the verdict is a banner under the one-line result, your move still in view.
    banner = page.inner_text("#moment .banner")
    assert banner.startswith(("💔", "💀", "✅")), banner
    assert page.is_visible("#moment .mia-last > summary")
    places = page.evaluate(PLACES)
    for box in (places["buttons"], places["title"]):
        assert inside(box, places["height"]), places
    # You move; as you wait, the card of the round before says which round it was.
    moment = script.moment()
    assert moment is not None
    shown = next(e["round"] for e in moment["events"] if e["type"] == "challenged")
    assert script.play_until(lambda s: s.state().to_act != me, like_a_cpu("normal"))
    assert script.moment() == moment  # the same reveal, a claim of yours after it
    drawn(page, script.table.version)
    banner = page.inner_text("#moment .banner")
    assert banner.startswith(f"Round {shown} · "), banner
    page.context.close()
