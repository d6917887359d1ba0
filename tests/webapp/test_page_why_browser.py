"""Every outcome says why and every piece explains itself (issue 29), in Chromium against the
real server and Redis at 390×844: a trick's and a reveal's "Why:" line, Mia's dice told
apart from the claim, a die's faces on a tap (and by keyboard), your Mino dice while bidding
drawn as dice you hold, what a chance does, the phase-2 trick chip, the collection's name,
one minus sign, and axe-core finding nothing serious."""

from __future__ import annotations

import re

from tests.support.axe import audit
from tests.support.pages import drawn, new_page, wait_until
from tests.support.scenes import Script, scene
from tests.webapp.test_page_browser import browser, local_page, served  # noqa: F401
from tests.webapp.test_page_told_browser import latest

PHONE = {"width": 390, "height": 844}


def between_tricks(script: Script) -> bool:
    state = script.state()
    return state.phase == "trick" and not state.trick and bool(state.tricks)


def test_a_mino_trick_says_why_and_a_tapped_die_shows_its_faces(browser, served):  # noqa: F811
    script = Script(served.store, served.clock, "mino_dice", preset="quick")
    script.start()
    assert script.play_until(lambda s: latest(s, "trick_won") is not None and between_tricks(s))
    problems: list[str] = []
    page = local_page(browser, served, script, problems, **PHONE)
    why = page.inner_text("#moment #why")
    assert re.match(r"Why: (.+ beats .+|.+ is the only number|Only flags were rolled)", why), why
    # The last trick stays on the felt: tap one of its dice, read its faces under it.
    button = page.query_selector("#game-area .mino-explain")
    label = button.get_attribute("aria-label")
    assert label.endswith(": show its faces") and button.get_attribute("aria-expanded") == "false"
    button.click()
    note = page.wait_for_selector("#game-area .mino-note:not([hidden])")
    assert re.fullmatch(r"\S.* die: .+", note.inner_text()), note.inner_text()
    assert button.get_attribute("aria-expanded") == "true"
    if any(word in note.inner_text() for word in ("Minotaur", "Griffin", "Mermaid")):
        assert "beats" in note.inner_text() and "loses to" in note.inner_text()
    assert audit(page) == []
    page.keyboard.press("Enter")  # the tapped die keeps focus: a key closes the note again
    page.wait_for_selector("#game-area .mino-note[hidden]", state="attached")
    assert problems == []


def test_mino_dice_held_while_bidding_are_not_rolled_dice(browser, served):  # noqa: F811
    script = scene(served.store, served.clock, "mino_dice", "turn")
    if script.state().phase != "bid":  # the scene's first turn of yours: play to a bid
        assert script.play_until(lambda s: s.state().phase == "bid" and s.seat_of() in
                                 s.game.rules.to_act(s.state()))  # fmt: skip
    page = local_page(browser, served, script, **PHONE)
    held = page.query_selector_all('#private .item[data-waiting="bids"]')
    assert held and len(held) == len(script.state().held[script.seat_of()])
    for item in held:
        die = item.query_selector(".mino-die")
        assert "held" in die.get_attribute("class") and not die.query_selector("i")
        hatch = item.evaluate(
            "el => getComputedStyle(el.firstElementChild, '::before').display"
        )  # fmt: skip
        assert hatch == "none"  # not barred: only waiting for the bids
        faces = item.query_selector(".mino-faces").inner_text()
        assert re.fullmatch(r"[\d⚑🐂🦅🧜\s]+", faces) and faces.strip(), faces
        assert " ".join(faces.split()) in item.get_attribute("aria-label")  # its name says them


def test_the_mino_badges_and_story_use_one_minus_sign(browser, served):  # noqa: F811
    script = Script(served.store, served.clock, "mino_dice", preset="quick")
    script.start()
    assert script.play_until(lambda s: latest(s, "hand_scored") is not None)
    page = local_page(browser, served, script, **PHONE)
    text = page.inner_text("#table")
    assert not re.search(r"(?<![\w-])-\d", text), "a hyphen for a minus"
    chips = page.eval_on_selector_all(".mino-badge span[title]", "els => els.map(e => e.title)")
    assert any(title.startswith("Points: ") for title in chips)


def test_a_mia_reveal_tells_the_dice_from_the_claim_in_english_and_german(browser, served):  # noqa: F811
    for language, pattern, why in (
        ("en", r"Dice (\d\d|Mia) · claim (\d\d|Mia)", r"Why: \S+ is (below|at least) "),
        (
            "de",
            r"Würfel (\d\d|Mäxchen) · Ansage (\d\d|Mäxchen)",
            r"Warum: \S+ (liegt unter|ist mindestens) ",
        ),
    ):
        script = Script(served.store, served.clock, "mia", language=language)
        script.start()
        assert script.play_until(lambda s: latest(s, "challenged") is not None)
        page = local_page(browser, served, script, language=language, **PHONE)
        verdict = page.inner_text("#moment .mia-verdict .vs")
        assert re.fullmatch(pattern, verdict), verdict
        # On your move the reveal is one line: a tap opens it, the why and the dice inside.
        folded = page.query_selector("#moment .mia-last")
        if folded:
            assert not page.is_visible("#moment .mia-last-body")
            page.click("#moment .mia-last > summary")
        said = page.inner_text("#moment .mia-last .why-line" if folded else "#moment #why")
        assert re.match(why, said), said
        assert len(page.query_selector_all("#moment .mia-die")) == 2
        page.context.close()


def test_myllymatti_explains_a_chance_and_the_trick_chip(browser, served):  # noqa: F811
    script = Script(served.store, served.clock, "myllymatti")
    script.start()

    def chance_offered(s):
        return s.seat_of() in s.game.rules.to_act(s.state()) and "chance" in (
            s.game.rules.legal_actions(s.state(), s.seat_of())
        )

    assert script.play_until(chance_offered)
    page = local_page(browser, served, script, **PHONE)
    # Nothing is explained until tapped: the table stays compact. The stock, wearing the
    # chance's 🍀, says on a tap what a chance does; a second tap folds it away.
    assert not page.is_visible("#game-area .myl-note")
    assert page.query_selector("#game-area .myl-stock.chance")
    page.click('#game-area button[data-explain="stock"]')
    note = page.inner_text("#game-area .myl-note")
    assert note.startswith("Stock: ") and "🍀 Take a chance plays its top card unseen" in note
    page.click('#game-area button[data-explain="stock"]')
    assert not page.is_visible("#game-area .myl-note")
    page.click('#seats button[data-explain="counters"]')  # the seats' counters, too
    assert page.inner_text("#game-area .myl-note").startswith("🃏 cards in hand · 📥 cards won")
    assert script.play_until(lambda s: s.state().phase == "shed" and bool(s.state().trick))
    drawn(page, script.table.version)
    chip = page.wait_for_selector('#game-area button[data-explain="fill"]')
    assert re.fullmatch(r"Trick: \d of \d cards", chip.inner_text())
    page.click('#game-area button[data-explain="trump"]')
    assert page.inner_text("#game-area .myl-note").startswith("Trump ")


def test_the_page_names_the_collection(browser, served):  # noqa: F811
    script = scene(served.store, served.clock, "mia", "turn")
    page = local_page(browser, served, script, **PHONE)
    wait_until(lambda: page.title().endswith("Mia · Cup & Claim"), what="the tab's title")
    assert page.inner_text("#collection") == "🎲 Cup & Claim"


def test_how_to_play_is_brief_and_the_setup_says_each_thing_once(browser, served):  # noqa: F811
    script = scene(served.store, served.clock, "mino_dice", "turn")
    page = local_page(browser, served, script, **PHONE)
    page.click("#rules summary")
    page.wait_for_selector("#rules-body .rules-lines p")
    shown = [p for p in page.query_selector_all("#rules-body .rules-lines p") if p.is_visible()]
    assert len(shown) == 4  # the rest, and every setting, under "All the rules and settings"
    assert not page.is_visible("#rules-body .settings-list")
    page.click("#rules-body .rules-more summary")
    assert page.is_visible("#rules-body .settings-list")
    faces = page.inner_text("#rules-body .settings-list")
    assert "house" not in faces and "yellow can roll a 7" in faces
    # The setup form: the summary and the preset's description once each, not again inside.
    form = new_page(browser, **PHONE)
    form.goto(served.local.url + "/")
    form.wait_for_selector("#setup:not([hidden]) #cpus")
    form.click("#setup-rules summary")
    form.wait_for_selector("#setup-rules .rules-lines p")
    assert not form.query_selector("#setup-rules .description")
    assert not form.query_selector("#setup-rules .summary")
    assert form.inner_text("#fields .preset-description")


def test_new_game_clears_what_the_screen_reader_was_told(browser, served):  # noqa: F811
    script = scene(served.store, served.clock, "mia", "over")
    page = local_page(browser, served, script, **PHONE)
    page.evaluate("document.getElementById('announce').textContent = 'old words'")
    page.click('button[data-action="new_game"]')
    page.wait_for_selector("#setup:not([hidden])")
    assert page.inner_text("#announce") == ""
