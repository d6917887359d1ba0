"""What the page tells a player, in Chromium against the real server and Redis: every trick
and every chance taken as a moment (the right card ringed), the trick's own number, a
legend for the seat chips, your move scrolled into view, notices where you look, your turn
and each reveal in the live region, names for the cup, dice and cards, a safe player told
so, and avatars cut by grapheme."""

from __future__ import annotations

import re

from tables.table import lobby
from tables.table.model import ChatRef
from tests.support.pages import drawn, new_page, open_as, wait_until
from tests.support.scenes import Script, like_a_cpu, scene
from tests.webapp.test_page_browser import browser, local_page, served  # noqa: F401

RANKS = "23456789tjqka"


def in_view(page, selector: str) -> bool:
    box = page.query_selector(selector).bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def latest(script: Script, kind: str) -> dict | None:
    """The newest change's event of ``kind``, when the newest change is a moment."""
    moment = script.moment()
    if moment is None or moment["version"] != script.table.version:
        return None
    found = [event for event in moment["events"] if event["type"] == kind]
    return found[-1] if found else None


def test_every_myllymatti_trick_is_a_moment_with_its_winner_ringed(browser, served):  # noqa: F811
    script = Script(served.store, served.clock, "myllymatti")
    script.start()
    page = local_page(browser, served, script)
    for _ in range(3):  # three tricks in a row, each told as it happens
        won = wait_until(lambda: latest(script, "trick_won") or (script.step() and None))
        if won["tied"]:
            continue
        drawn(page, script.table.version)
        winner_card = max(won["cards"], key=lambda card: RANKS.index(card[0]))
        ringed = page.get_attribute("#moment .myl-played.won .myl-card", "data-card")
        assert ringed == winner_card
        mine = won["seat"] == script.seat_of()  # your own page says "you"
        winner = "You beat" if mine else script.table.display_names()[won["seat"]]
        assert winner in page.inner_text("#story")
        assert not page.query_selector(f'#moment .myl-played:not(.won) [data-card="{ringed}"]')
        script.step()


def test_opponents_see_a_chance_taken(browser, served):  # noqa: F811
    def chancy(script, seat, view):
        legal = view["legal_actions"]
        return "chance" if "chance" in legal else like_a_cpu()(script, seat, view)

    script = Script(served.store, served.clock, "myllymatti", people=2, cpus=())
    script.start()
    page = local_page(browser, served, script)
    mine = script.seat_of(0)

    def theirs(s):
        played = latest(s, "played")
        return played is not None and played.get("chance") and played["seat"] != mine

    assert script.play_until(theirs, chancy)
    drawn(page, script.table.version)
    assert "takes a chance" in page.inner_text("#story")
    # Its card is drawn once, labelled 🍀 as the stock's: on the felt while its trick is open
    # (the moment does not draw it again), else in the trick's outcome.
    card = latest(script, "played")["card"]
    cells = page.query_selector_all(f'#table .myl-played:has([data-card="{card}"]) small')
    assert [cell.inner_text()[:2] for cell in cells] == ["🍀 "]


def test_a_player_out_and_safe_is_told_so(browser, served):  # noqa: F811
    script = scene(served.store, served.clock, "myllymatti", "out")
    page = local_page(browser, served, script)
    assert page.inner_text("#pill") == "🏁 You are out, and safe!"


def test_mino_dice_names_the_past_trick_and_explains_its_chips(browser, served):  # noqa: F811
    script = Script(served.store, served.clock, "mino_dice", preset="quick")
    script.start()

    def between_tricks(s):
        state = s.state()
        return state.phase == "trick" and not state.trick and len(state.tricks) == 1

    assert script.play_until(lambda s: s.state().hand == 2 and between_tricks(s))
    page = local_page(browser, served, script)
    assert page.inner_text("#game-area .mino-head .chip") == "Trick 1 of 2"
    # The chips say what they count in words ("bid 1 · won 0"): no legend after the first hand.
    assert not page.query_selector("#game-area .mino-legend")
    badge = page.inner_text("#me .mino-badge span >> nth=0")
    assert re.fullmatch(r"bid \d · won \d", badge), badge
    # The trick just taken lies on the felt, drawn once: not again in the result card.
    rolls = page.query_selector_all("#game-area .mino-trick.past .mino-roll")
    assert len(rolls) == len(script.table.seats)  # every die of that trick, no other
    assert page.query_selector_all("#moment .mino-roll") == []
    winner = script.state().tricks[0]["winner"]
    won = page.query_selector("#game-area .mino-roll.won")
    assert (won is not None) is (winner is not None)
    labels = page.eval_on_selector_all(  # a die, or the button you tap to read its faces
        "#game-area .mino-roll .mino-die",
        "els => els.map((el) => el.closest('[aria-label]').getAttribute('aria-label'))",
    )
    named = r"((yellow|red|blue|black) \d+|[A-Z]\w+|\w+ flag)(: show its faces)?"
    assert labels and all(re.fullmatch(named, x) for x in labels), labels


def test_your_move_comes_into_view_at_320_px_with_ten_players(browser, served):  # noqa: F811
    script = Script(served.store, served.clock, "mia", cpus=("normal",) * 9)
    script.start()
    page = local_page(browser, served, script, width=320)
    page.evaluate("window.scrollTo(0, 0)")
    for _ in range(3):  # three turns of yours, each after others moved (and a reveal or two)
        assert script.play_until(lambda s: s.state().to_act != s.seat_of())
        assert script.play_until(lambda s: s.state().to_act == s.seat_of())
        drawn(page, script.table.version)
        wait_until(lambda: in_view(page, "#actions .row"), what="the buttons in view")
        page.evaluate("window.scrollTo(0, 0)")
        script.step()


def test_notices_show_where_the_player_looks(browser, served):  # noqa: F811
    script = Script(served.store, served.clock, "mia", cpus=())  # a lobby of one
    page = local_page(browser, served, script, width=320)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.click('button[data-action="lobby:start"]')
    page.wait_for_selector("#notice.error:not(:empty)")
    assert page.inner_text("#notice") == "At least two players are needed to start."
    assert in_view(page, "#notice")
    # The setup form: a missing or invisible name is said under the name, which gets focus.
    form = new_page(browser, width=320)
    form.goto(served.local.url + "/")
    form.wait_for_selector("#setup:not([hidden]) #cpus")
    for name in ("", "\u200b\u2800 "):
        form.fill("#name", name)
        form.click("#go")
        form.wait_for_selector("#name-error:not([hidden])")
        assert form.inner_text("#name-error") == "Please enter your name."
        assert form.evaluate("document.activeElement.id") == "name"
        assert form.get_attribute("#name", "aria-invalid") == "true"


def test_your_turn_and_each_reveal_are_announced_once(browser, served):  # noqa: F811
    script = Script(served.store, served.clock, "mia", cpus=("hard", "hard"))
    script.start()
    problems: list[str] = []
    page = local_page(browser, served, script, problems)
    said: list[str] = []
    page.expose_function("heard", lambda text: said.append(text))
    page.evaluate(
        "new MutationObserver(() => { const t = document.getElementById('announce')"
        ".textContent; if (t) window.heard(t); }).observe(document.getElementById('announce'),"
        " {childList: true, characterData: true, subtree: true})"
    )
    assert script.play_until(lambda s: latest(s, "challenged") is not None)
    drawn(page, script.table.version)
    assert script.play_until(lambda s: s.state().to_act == s.seat_of())
    drawn(page, script.table.version)
    wait_until(lambda: any("Your turn" in text for text in said), what=f"your turn said: {said}")
    reveals = [text for text in said if "The dice" in text or "🔍" in text]
    assert reveals, said
    assert all(len(text) < 400 for text in said)  # a sentence or three, not the whole page
    assert page.get_attribute("#lines", "aria-live") is None
    assert not problems, problems


def test_the_cup_dice_and_cards_have_names(browser, served):  # noqa: F811
    script = scene(served.store, served.clock, "mia", "turn")
    page = local_page(browser, served, script)
    assert page.get_attribute("#private .cover-button", "aria-label") == "Your dice: Tap to look"
    page.focus("#private .cover-button")
    page.keyboard.press("Enter")
    page.wait_for_selector("#private:not(.covered)")
    names = page.eval_on_selector_all(
        "#private .item", "els => els.map((el) => el.getAttribute('aria-label'))"
    )
    assert names == [str(face) for face in script.table.state["dice"]]
    assert page.get_attribute("#private .items", "aria-label") == "Your dice"
    cards = scene(served.store, served.clock, "myllymatti", "turn")
    page = local_page(browser, served, cards)
    names = page.eval_on_selector_all(
        "#private .item", "els => els.map((el) => el.getAttribute('aria-label'))"
    )
    pattern = r"(\d+|[JQKA]) of (clubs|diamonds|hearts|spades)(, trump)?( — .+)?"
    assert names and all(re.fullmatch(pattern, name) for name in names), names


def test_an_avatar_is_a_whole_grapheme(browser, served):  # noqa: F811
    user = {"id": 2**52 + 777, "first_name": "👨‍👩‍👧 Fam", "language_code": "en"}
    chat = ChatRef(-(2**52) - 777)
    table = served.store.create(chat, user["id"], user["first_name"], game="mia").table
    served.store.change(table.id, lambda t: lobby.add_cpu(t, user["id"], "easy"))
    page = new_page(browser)
    open_as(page, served.local.url, served.secret, user, table.id)
    drawn(page)
    assert page.inner_text("#me .avatar") == "👨‍👩‍👧"


def test_a_fifth_tab_of_one_person_follows_without_crying_wolf(browser, served):  # noqa: F811
    """The server lets a person keep 4 long polls: a fifth tab is answered 429 and reads the
    table instead, saying nothing of a lost connection (the connection is fine)."""
    script = Script(served.store, served.clock, "mia", cpus=("normal",))
    script.start()
    tabs = [local_page(browser, served, script) for _ in range(5)]
    for _ in range(2):
        script.step()
        for tab in tabs:
            drawn(tab, script.table.version)
    assert [tab.inner_text("#notice") for tab in tabs] == [""] * 5
