"""Learning in the page: what each preset means and How to play (the rules for the chosen
settings) in the reader's language, in the setup form and at a table, and the guided
tutorial with its tips and progress."""

from __future__ import annotations

import pytest

from games.registry import GAMES, get_game
from tables.table.ticker import fire_due
from tests.support.browser import chromium
from tests.support.pages import drawn, new_page, open_as
from tests.support.scenes import scene
from translations import render, tr


@pytest.fixture
def browser():
    with chromium() as running:
        yield running


def test_presets_and_how_to_play_in_the_setup_form(browser, local_web):
    page = new_page(browser, language="de")
    page.goto(local_web.url + "/")
    page.wait_for_selector("#setup:not([hidden]) #cpus")
    game = get_game("mino_dice")
    page.select_option("#game", index=list(GAMES).index("mino_dice"))
    described = "#fields .preset-description"
    assert page.inner_text(described) == tr("de", game.presentation.preset_descriptions["standard"])
    page.select_option("#preset", index=1)
    assert page.inner_text(described) == tr("de", game.presentation.preset_descriptions["quick"])
    page.click("#setup-rules summary")
    page.wait_for_selector("#setup-rules .rules-lines p")
    lines = page.eval_on_selector_all(
        "#setup-rules .rules-lines p", "ps => ps.map(p => p.textContent)"
    )
    expected = [
        render(line, "de")
        for line in game.presentation.describe_rules(
            game.rules.normalize_settings(game.rules.presets["quick"])
        )
    ]
    assert lines == expected
    preset = tr("de", "Rules: {preset}", preset=tr("de", "quick"))
    assert page.inner_text("#setup-rules .preset") == preset
    page.select_option("#preset", index=2)  # while open, it follows the preset chosen
    variant = [
        render(line, "de")
        for line in game.presentation.describe_rules(
            game.rules.normalize_settings(game.rules.presets["variant"])
        )
    ]
    for _ in range(400):
        shown = page.eval_on_selector_all(
            "#setup-rules .rules-lines p", "ps => ps.map(p => p.textContent)"
        )
        if shown == variant:
            break
        page.wait_for_timeout(50)
    assert shown == variant


def test_how_to_play_at_the_table(browser, local_web, local_store, clock):
    script = scene(local_store, clock, "myllymatti", "turn")
    page = new_page(browser, language="nl")
    user = dict(script.users[0], language_code="nl")
    secret = local_web.server.app.extensions["webapp"].bot_token
    open_as(page, local_web.url, secret, user, script.table_id)
    drawn(page, script.table.version)
    assert page.is_hidden("#rules-body p")
    page.click("#rules summary")
    page.wait_for_selector("#rules-body .rules-lines p")
    game = get_game("myllymatti")
    count = page.eval_on_selector_all("#rules-body .rules-lines p", "ps => ps.length")
    assert count == len(
        game.presentation.describe_rules(game.rules.normalize_settings(script.table.settings))
    )
    assert page.inner_text("#rules-body .description") == tr(
        "nl", game.presentation.preset_descriptions["standard"]
    )
    assert page.eval_on_selector_all("#rules-body dt", "d => d.length") == len(
        game.rules.settings_specs
    )


def test_the_tutorial_in_the_page(browser, local_web, local_store, clock):
    page = new_page(browser)
    page.goto(local_web.url + "/")
    page.wait_for_selector("#setup:not([hidden]) #cpus")
    page.fill("#name", "Alice")
    page.select_option("#game", index=list(GAMES).index("myllymatti"))
    assert page.inner_text("#tutorial-go") == "🎓 Learn with a guided game"
    page.click("#tutorial-go")
    page.wait_for_selector('#table:not([hidden])[data-drawn="game"] #me li.you')
    table_id = page.url.split("table=")[1]
    table = local_store.load(table_id)
    assert table.tutorial and [seat.cpu for seat in table.seats[1:]] == ["easy", "easy"]
    for _ in range(100):
        table = local_store.load(table_id)
        if table.state["to_act"] == 0:
            break
        clock.now += 2
        fire_due(local_store)
    drawn(page, table.version)
    hint = page.inner_text("#hint")
    assert hint.startswith("💡")
    # The tip's card is marked in your hand: one card, the one the tip names.
    marked = page.eval_on_selector_all(
        "#private .myl-hinted", "els => els.map((e) => e.dataset.item)"
    )
    assert len(marked) == 1, (hint, marked)
    card = marked[0]
    label = {"t": "10", "j": "J", "q": "Q", "k": "K", "a": "A"}.get(card[0], card[0])
    assert label + {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}[card[1]] in hint
    assert page.inner_text("#tutorial") == ("🎓 Tutorial · games finished: 0 · won: 0")


def test_a_guided_mia_tip_waits_until_you_have_lifted_your_cup(
    browser, local_web, local_store, clock
):
    """The tip names your dice ("claim 61, the truth"): shown only once you have looked."""
    page = new_page(browser)
    page.goto(local_web.url + "/")
    page.wait_for_selector("#setup:not([hidden]) #cpus")
    page.fill("#name", "Alice")
    page.select_option("#game", index=list(GAMES).index("mia"))
    page.click("#tutorial-go")
    page.wait_for_selector('#table:not([hidden])[data-drawn="game"] #me li.you')
    table_id = page.url.split("table=")[1]
    for _ in range(200):
        table = local_store.load(table_id)
        state = table.state
        if state["to_act"] == 0 and state["phase"] == "claim" and state["dice"] is not None:
            break
        clock.now += 2
        fire_due(local_store)
    else:
        raise AssertionError("Alice never came to claim")
    drawn(page, table.version)
    page.wait_for_selector("#private.covered")
    assert page.is_hidden("#hint")
    page.click("#private")
    page.wait_for_selector("#private:not(.covered)")
    assert page.inner_text("#hint").startswith("💡")
