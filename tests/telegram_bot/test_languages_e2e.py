"""A group set to Japanese plays a whole game and sees no English; a Gujarati speaker's Mini
App shows no English. "English" here is any longer word of the English catalog."""

from __future__ import annotations

import re

import pytest
import redis
from babel.messages.pofile import read_po

from tables.table.store import TableStore
from tests.support.bot_process import TOKEN
from tests.support.browser import chromium
from tests.support.telegram_web_app_stub import TelegramWebAppStub
from tests.telegram_bot.group_chat import GroupChat, keyboard, table_version
from tests.webapp.conftest import WebServer
from translations import LOCALE_DIR, SUPPORTED_LANGUAGES
from webapp.app import create_app
from webapp.config import WebConfig

GROUP = -100333
ALICE, BOB = 1, 2
NAMES = {"Aiko": ALICE, "Bunta": BOB}
ALLOWED = {"verify", "mia", "claim"}  # a command is a command in every language;
# "Cup & Claim" is the product's name, the same in every language


def english_words() -> set[str]:
    with (LOCALE_DIR / "messages.pot").open("rb") as handle:
        catalog = read_po(handle)
    words: set[str] = set()
    for message in catalog:
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            text = re.sub(r"\{[a-z_0-9]*\}", " ", text or "")
            words |= {w.lower() for w in re.findall(r"(?<![/\w])[A-Za-z]{5,}(?!\w)", text)}
    return words - ALLOWED


def english_in(text: str, words: set[str]) -> list[str]:
    text = re.sub(r"SHA-256\([^)]*\)", "", text)  # the proof's text is data, not words
    found = re.findall(r"(?<![/\w.|])[A-Za-z]{5,}(?![\w|])", text)
    return [w for w in found if w.lower() in words]


def buttons(message: dict) -> dict[str, str]:
    """callback payload -> callback data: the test reads buttons by meaning, not by label."""
    return {
        b["callback_data"].split(":", 3)[3]: b["callback_data"]
        for row in keyboard(message)
        for b in row
        if "callback_data" in b and b["callback_data"].count(":") >= 3
    }


def acting(message: dict) -> int | None:
    match = re.search(r"^▶️ (\w+)", message["text"], re.MULTILINE)
    return NAMES.get(match[1]) if match else None


@pytest.fixture
def japanese_group(bot_api):
    if "ja" not in SUPPORTED_LANGUAGES:
        pytest.fail("Japanese is not offered yet (translations.SUPPORTED_LANGUAGES)")
    bot_api.add_user(ALICE, "Aiko", language_code="ja")
    bot_api.add_user(BOB, "Bunta", language_code="ja")
    bot_api.add_chat(GROUP, admins=[ALICE], members=[BOB])
    return GroupChat(bot_api, GROUP)


def test_a_group_set_to_japanese_plays_a_whole_game_without_english(bot, bot_api, japanese_group):
    chat, words, answers = japanese_group, english_words(), []
    bot_api.send_message(ALICE, GROUP, "/language")
    chooser = bot_api.wait_for(
        lambda: next((m for m in bot_api.messages(GROUP) if m.get("reply_markup")), None)
    )
    data = next(
        b["callback_data"]
        for row in keyboard(chooser)
        for b in row
        if b["callback_data"].endswith(":ja")
    )
    answers.append(chat.press_data(ALICE, chooser["message_id"], data))
    bot_api.send_message(ALICE, GROUP, "/mia")
    lobby = chat.wait_table(lambda m: "join" in buttons(m))
    answers.append(chat.press_data(BOB, lobby["message_id"], buttons(lobby)["join"]))
    lobby = chat.wait_table(lambda m: table_version(m) > table_version(lobby))
    answers.append(chat.press_data(ALICE, lobby["message_id"], buttons(lobby)["start"]))
    message = chat.wait_table(lambda m: acting(m) is not None)
    for _ in range(200):
        if message is None:
            break
        user, options = acting(message), buttons(message)
        if "look" in options and user in (ALICE, BOB) and "challenge" not in options:
            answers.append(chat.press_data(user, message["message_id"], options["look"]))
        choice = options.get("challenge") or next(
            v for k, v in options.items() if k.startswith("claim:")
        )
        answers.append(chat.press_data(user, message["message_id"], choice))
        message = chat.wait_newer_than(table_version(message), timeout=20)
        if message is not None and acting(message) is None:
            message = None
    chat.wait_table(lambda m: list(buttons(m)) == ["rematch"], timeout=20)
    bot_api.send_message(BOB, GROUP, "/rules")
    bot_api.wait_for(
        lambda: (
            len(
                [
                    m
                    for m in bot_api.messages(GROUP)
                    if "31" in (m["text"] or "") and "<" in m["text"]
                ]
            )
            >= 1
        )
    )

    texts = [m["text"] for m in bot_api.messages(GROUP) if m.get("from_bot", True) and m["text"]]
    texts += [a["text"] for a in answers if a.get("text")]
    texts += [b["text"] for m in bot_api.messages(GROUP) for row in keyboard(m) for b in row]
    leaks = {text[:80]: english_in(text, words) for text in texts if english_in(text, words)}
    assert not leaks, leaks
    assert any(re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", t) for t in texts)  # Japanese shown


def test_a_gujarati_speakers_mini_app_shows_no_english(bot, bot_api, redis_server):
    if "gu" not in SUPPORTED_LANGUAGES:
        pytest.fail("Gujarati is not offered yet (translations.SUPPORTED_LANGUAGES)")
    bot_api.add_user(ALICE, "Aiko", language_code="gu")
    bot_api.add_user(BOB, "Bunta", language_code="gu")
    bot_api.add_chat(GROUP, members=[ALICE, BOB])
    chat = GroupChat(bot_api, GROUP)
    bot_api.send_message(ALICE, GROUP, "/mia")
    lobby = chat.wait_table(lambda m: "join" in buttons(m))
    chat.press_data(BOB, lobby["message_id"], buttons(lobby)["join"])
    lobby = chat.wait_table(lambda m: table_version(m) > table_version(lobby))
    chat.press_data(ALICE, lobby["message_id"], buttons(lobby)["start"])
    table = chat.wait_table(lambda m: acting(m) is not None)
    table_id = next(iter(buttons(table).values())).split(":")[0]
    store = TableStore(redis.Redis.from_url(redis_server.url))
    with TelegramWebAppStub(TOKEN) as stub:
        config = WebConfig(bot_token=TOKEN, telegram_js_url=stub.url)
        web = WebServer(create_app(store, config)).start()
        try:
            player = {"id": acting(table), "first_name": "Aiko", "language_code": "gu"}
            stub.set_user(player, start_param=table_id)
            with chromium() as browser:
                page = browser.new_page(viewport={"width": 360, "height": 640})
                page.goto(web.url + "/")
                page.wait_for_selector("#private.covered")
                page.click("#private")
                page.wait_for_selector("#private:not(.covered) .item")
                shown = page.inner_text("body")
        finally:
            web.stop()
    leaks = english_in(shown, english_words())
    assert not leaks, (leaks, shown)
    assert re.search(r"[\u0a80-\u0aff]", shown)  # Gujarati script on the page


def test_forged_or_unauthorised_language_buttons_change_nothing(bot, bot_api, redis_client):
    bot_api.add_user(ALICE, "Aiko", language_code="en")
    bot_api.add_user(BOB, "Bunta", language_code="en")
    bot_api.add_chat(GROUP, admins=[ALICE], members=[BOB])
    chat = GroupChat(bot_api, GROUP)
    bot_api.send_message(ALICE, GROUP, "/language")
    chooser = bot_api.wait_for(
        lambda: next((m for m in bot_api.messages(GROUP) if m.get("reply_markup")), None)
    )
    forged = chat.press_data(BOB, chooser["message_id"], "lang:c:xx", check=False)
    assert forged == {"text": "This button is not valid.", "show_alert": True}
    german = next(
        b["callback_data"]
        for row in keyboard(chooser)
        for b in row
        if b["callback_data"].endswith(":de")
    )
    refused = chat.press_data(BOB, chooser["message_id"], german)  # Bob is no admin
    assert refused == {"text": "Only a chat admin can change this.", "show_alert": True}
    assert redis_client.hget(f"prefs:chat:{{{GROUP}}}", "lang") is None
