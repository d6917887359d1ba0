"""Mino Dice from your seat at 390×844, in Chromium against the real server and Redis: each of
your dice with its six faces in a 3×2 strip (a flag marked ⚑), a die you cannot roll now
explaining itself on a tap (and by keyboard), and axe-core finding nothing serious; the bids
said in a line with a why and each seat's bid against its tricks in words; your turn said once;
at hand 8 the table, your dice and the bid buttons on one screen; the last trick folded to one
line with its why once the next has a roll."""

from __future__ import annotations

import re

from tests.support.axe import audit
from tests.support.pages import drawn
from tests.support.scenes import Script, scene
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


def bids_just_revealed(script: Script) -> bool:
    state = script.state()
    return state.phase == "trick" and not state.trick and not state.tricks


def test_the_bids_are_said_in_a_line_with_why_and_each_seat_shows_bid_and_won(browser, served):  # noqa: F811
    script = Script(served.store, served.clock, "mino_dice", preset="quick", names=("Sam",))
    script.start()
    assert script.play_until(lambda s: s.state().hand == 2 and bids_just_revealed(s))
    page = local_page(browser, served, script, **PHONE)
    bids = script.state().bids
    names = ["you"] + [f"🤖 {seat.name}" for seat in script.table.seats[1:]]  # two CPUs
    said = ", ".join(f"{name} {bid}" for name, bid in zip(names, bids, strict=True))
    assert page.inner_text("#moment #story") == f"🎯 The bids: {said}"
    assert page.inner_text("#moment #why").startswith("Why: The bids add up to ")
    you = page.inner_text("#me .mino-badge span >> nth=0")
    assert you == f"bid {bids[0]} · won 0", you
    # Your turn is said once, by the pill: the status line says what to do.
    lines = page.inner_text("#lines").lower()
    assert "your turn" not in lines and "your roll" not in lines, lines


def test_bidding_at_hand_8_your_dice_the_bid_buttons_and_the_table_fit_390x844(browser, served):  # noqa: F811
    script = Script(served.store, served.clock, "mino_dice", preset="standard", names=("Sam",))
    script.start()
    assert script.play_until(lambda s: s.state().hand == 8 and bidding(s))
    page = local_page(browser, served, script, **PHONE)
    page.wait_for_selector('#actions button[data-action="bid:8"]')
    top = page.eval_on_selector("#game-area", "el => el.getBoundingClientRect().top")
    bottom = page.eval_on_selector("#actions", "el => el.getBoundingClientRect().bottom")
    assert bottom - top <= 844, (top, bottom)  # the table's chips down to the last bid button
    assert page.query_selector_all("#private .item .mino-faces") and not page.is_visible(
        "#private .reason-all"
    )
    assert len(page.inner_text("#lines").strip().splitlines()) == 1  # one status line


def test_the_last_trick_folds_to_one_line_with_its_why_once_the_next_has_a_roll(browser, served):  # noqa: F811
    script = Script(served.store, served.clock, "mino_dice", preset="quick", names=("Sam",))
    script.start()

    def second_trick_rolled(s: Script) -> bool:
        state = s.state()
        return state.phase == "trick" and len(state.tricks) == 1 and len(state.trick) == 1

    assert script.play_until(lambda s: s.state().hand == 2 and second_trick_rolled(s))
    page = local_page(browser, served, script, **PHONE)
    folded = page.inner_text("#moment .mino-folded")
    assert folded.startswith("🎲 Trick 1: "), folded
    assert re.search(r"beats|only number|Only flags", folded), folded  # its why, in the line
    assert re.search(r"You rolled (yellow|red|blue|black|Minotaur|Griffin|Mermaid)", folded), folded
    assert page.query_selector_all("#moment .mino-roll") == []
    assert not page.query_selector("#moment #why")


def guided(script: Script) -> None:
    def mark(table):
        table.tutorial = True
        return []

    script.store.change(script.table_id, mark)


def test_a_guided_games_tip_points_at_the_one_move_it_names(browser, served):  # noqa: F811
    script = Script(served.store, served.clock, "mino_dice", preset="quick", names=("Sam",))
    guided(script)
    script.start()
    assert script.play_until(lambda s: s.state().hand == 2 and bidding_now(s))
    page = local_page(browser, served, script, **PHONE)
    hint = page.inner_text("#hint")
    bid = re.match(r"💡 Bid (\d+):", hint).group(1)
    tipped = page.query_selector_all(".tipped")
    assert [el.get_attribute("data-action") for el in tipped] == [f"bid:{bid}"]
    assert script.play_until(your_roll)
    drawn(page, script.table.version)
    hint = page.inner_text("#hint")
    tipped = page.query_selector_all("#private .tipped")
    assert len(tipped) == 1 and tipped[0].get_attribute("data-action").startswith("roll:")
    kind = tipped[0].get_attribute("data-colour") or tipped[0].get_attribute("data-creature")
    assert re.match(r"💡 Roll your \S+ " + kind, hint, re.IGNORECASE), (hint, kind)


def your_roll(script: Script) -> bool:
    state = script.state()
    return state.phase == "trick" and script.seat_of() in script.game.rules.to_act(state)


def bidding_now(script: Script) -> bool:
    state = script.state()
    return state.phase == "bid" and script.seat_of() in script.game.rules.to_act(state)


def test_the_end_puts_every_place_first_and_says_the_winner_once(browser, served):  # noqa: F811
    script = scene(served.store, served.clock, "mino_dice", "over")
    page = local_page(browser, served, script, **PHONE)
    art = page.eval_on_selector(
        "#moment .moment-art", "el => [...el.children].map(c => c.className)"
    )
    assert art[0] == "mino-final" and "mino-results" in art, art
    places = page.query_selector_all("#moment .mino-final li")
    assert len(places) == len(script.table.seats)
    winner = page.inner_text("#moment .banner")
    story = page.inner_text("#moment #story")
    assert "wins" in winner and "wins the game" not in story, (winner, story)
    assert page.inner_text("#moment .mino-results-head") == f"Hand {script.state().hand}"


def test_the_bids_fold_away_once_the_first_trick_has_a_roll(browser, served):  # noqa: F811
    script = Script(served.store, served.clock, "mino_dice", preset="quick", names=("Sam",))
    script.start()

    def first_trick_rolled(s: Script) -> bool:
        state = s.state()
        return state.phase == "trick" and not state.tricks and len(state.trick) == 1

    assert script.play_until(lambda s: s.state().hand == 2 and first_trick_rolled(s))
    page = local_page(browser, served, script, **PHONE)
    assert not page.is_visible("#moment")  # each seat's badge says its bid
    assert page.inner_text("#me .mino-badge span >> nth=0").startswith("bid ")


def test_a_seats_counters_explain_themselves_on_a_tap(browser, served):  # noqa: F811
    script = Script(served.store, served.clock, "mino_dice", preset="quick", names=("Sam",))
    script.start()
    assert script.play_until(lambda s: s.state().hand == 2 and your_roll(s))
    page = local_page(browser, served, script, **PHONE)
    badge = page.query_selector("#seats .mino-badge")
    assert badge.get_attribute("role") == "button"
    badge.click()
    note = page.wait_for_selector("#game-area .seat-note")
    state = script.state()
    seat = int(page.eval_on_selector("#seats .seat", "el => el.dataset.seat"))
    bid, won = state.bids[seat], state.won[seat]
    assert re.fullmatch(
        rf".+: bid {bid}, won {won} so far · \S+ points in all\.", note.inner_text()
    )
    assert badge.get_attribute("aria-expanded") == "true"
    assert audit(page) == []
    page.focus("#seats .mino-badge")
    page.keyboard.press("Enter")
    page.wait_for_selector("#game-area .seat-note", state="detached")


def test_a_single_die_while_bidding_has_no_reason_line_under_it(browser, served):  # noqa: F811
    script = Script(served.store, served.clock, "mino_dice", preset="quick", names=("Sam",))
    script.start()
    page = local_page(browser, served, script, **PHONE)
    page.wait_for_selector('#private .item[data-waiting="bids"]')
    assert len(page.query_selector_all("#private .item")) == 1  # hand 1: one die
    assert not page.is_visible("#private .item .reason")  # the status line says it


def test_a_rolled_dies_faces_close_on_a_tap_and_when_the_trick_moves_on(browser, served):  # noqa: F811
    """The faces of a die on the felt sit over the trick's foot (nothing shifts), close on a
    tap on them or anywhere else, and never outlive the trick they were opened on."""
    script = Script(served.store, served.clock, "mino_dice", preset="quick", names=("Sam",))
    script.start()
    assert script.play_until(lambda s: s.state().hand == 2 and your_roll(s) and s.state().trick)
    page = local_page(browser, served, script, **PHONE)
    below = page.eval_on_selector("#private", "el => el.getBoundingClientRect().top")
    page.click("#game-area .mino-explain")
    note = page.wait_for_selector("#game-area .trick-note:not([hidden])")
    assert " die: " in note.inner_text()
    assert page.eval_on_selector("#private", "el => el.getBoundingClientRect().top") == below
    note.click()  # a tap on it closes it
    page.wait_for_selector("#game-area .trick-note", state="hidden")
    page.click("#game-area .mino-explain")
    page.wait_for_selector("#game-area .trick-note:not([hidden])")
    page.click("#lines")  # a tap anywhere else closes it too
    page.wait_for_selector("#game-area .trick-note", state="hidden")
    assert page.get_attribute("#game-area .mino-explain", "aria-expanded") == "false"
    page.click("#game-area .mino-explain")
    page.wait_for_selector("#game-area .trick-note:not([hidden])")
    trick = len(script.state().tricks)
    assert script.play_until(lambda s: len(s.state().tricks) != trick and bool(s.state().trick))
    drawn(page, script.table.version)
    assert not page.query_selector("#game-area .trick-note:not([hidden])")


def bid_nothing_then_roll_high(script: Script, seat: int, view: dict) -> str:
    """A seat that bids 0 and then rolls its last legal die: it soon takes a trick too many."""
    return "bid:0" if view["phase"] == "bid" else view["legal_actions"][-1]


def test_a_trick_that_takes_you_over_your_bid_reads_as_bad_news(browser, served):  # noqa: F811
    script = Script(served.store, served.clock, "mino_dice", preset="quick", names=("Sam",))
    script.start()
    you = script.seat_of()

    def over_between_tricks(s: Script) -> bool:
        state = s.state()
        return (
            state.phase == "trick"
            and not state.trick
            and bool(state.tricks)
            and state.tricks[-1].get("winner") == you
            and state.won[you] > state.bids[you]
        )

    assert script.play_until(over_between_tricks, policy=bid_nothing_then_roll_high)
    page = local_page(browser, served, script, **PHONE)
    over = script.state().won[you] - script.state().bids[you]
    banner = page.inner_text("#moment .banner")
    word = "one" if over == 1 else str(over)
    assert banner == f"🎲 You take the trick: {word} over your bid.", banner
    assert "tone-loss" in page.get_attribute("#moment", "class")
