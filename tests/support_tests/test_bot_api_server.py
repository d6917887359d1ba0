"""Tests for the fake Telegram Bot API server used by the end-to-end tests.

The fake is only useful if (a) python-telegram-bot really works against it and (b) it refuses
exactly what Telegram refuses, so both are checked here: with raw HTTP requests (to pin the
wire format) and with a real ``telegram.Bot``.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from telegram import (
    Bot,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    MenuButtonWebApp,
    Update,
    WebAppInfo,
)
from telegram.error import BadRequest, Forbidden, RetryAfter

from tests.support import FakeBotApi, FloodLimits

TOKEN = "123456789:TEST-token_abc"
GROUP = -100_123
FORUM = -100_456
ANN = 11  # group creator, has started the bot
BOB = 12  # group member, never talked to the bot privately
TOO_OLD = "Bad Request: query is too old and response timeout expired or query ID is invalid"


@pytest.fixture
def api() -> Iterator[FakeBotApi]:
    with FakeBotApi(TOKEN) as server:
        populate(server)
        yield server


def populate(server: FakeBotApi) -> None:
    server.add_user(ANN, "Ann", username="ann", started_bot=True)
    server.add_user(BOB, "Bob")
    server.add_chat(GROUP, title="Mia table", creator=ANN, members=[BOB])
    server.add_chat(FORUM, title="Forum", is_forum=True, admins=[ANN])


_http = httpx.Client(timeout=10)  # keep-alive keeps the many small requests fast


def call(server: FakeBotApi, method: str, **params: Any) -> httpx.Response:
    """POST form-encoded like python-telegram-bot: complex values as JSON strings."""
    data = {
        name: json.dumps(value) if isinstance(value, dict | list) else str(value)
        for name, value in params.items()
    }
    return _http.post(f"{server.base_url}{TOKEN}/{method}", data=data)


def keyboard(*rows: list[dict[str, Any]]) -> dict[str, Any]:
    return {"inline_keyboard": list(rows)}


def button(text: str = "Go", **action: Any) -> dict[str, Any]:
    return {"text": text, **(action or {"callback_data": "go"})}


def assert_rejected(
    response: httpx.Response, description: str, server: FakeBotApi, *, violation: bool = True
) -> None:
    body = response.json()
    assert response.status_code == 400, body
    assert body["ok"] is False and body["error_code"] == 400
    assert body["description"].startswith(description), body["description"]
    violations = server.take_violations()
    if violation:
        assert len(violations) == 1, violations
    else:
        assert violations == []


def run(coroutine_factory: Any) -> Any:
    return asyncio.run(coroutine_factory())


# ---------------------------------------------------------------------- protocol basics


def test_get_me_with_case_insensitive_method(api: FakeBotApi) -> None:
    response = httpx.get(f"{api.base_url}{TOKEN}/GETME")
    assert response.status_code == 200
    me = response.json()["result"]
    assert me["id"] == 123456789 and me["is_bot"] is True
    assert me["username"] == "mia_test_bot"
    assert me["can_read_all_group_messages"] is False
    assert api.calls == [("getMe", {})]


def test_wrong_token_unknown_method_and_paths(api: FakeBotApi) -> None:
    response = httpx.get(f"{api.base_url}654321:nope/getMe")
    assert response.status_code == 401
    assert response.json() == {"ok": False, "error_code": 401, "description": "Unauthorized"}

    response = call(api, "sendSticker", chat_id=GROUP, sticker="x")
    assert response.status_code == 404
    assert response.json()["description"] == "Not Found"
    assert "unknown or unimplemented method sendSticker" in api.take_violations()[0]
    assert api.stats["http_401"] == 1 and api.stats["http_404"] == 1


def test_parameter_encodings_are_normalised(api: FakeBotApi) -> None:
    url = f"{api.base_url}{TOKEN}/sendMessage"
    assert httpx.get(url, params={"chat_id": str(GROUP), "text": "[1, 2]"}).json()["ok"]
    assert httpx.post(
        url, json={"chat_id": GROUP, "text": "json", "reply_markup": keyboard([button()])}
    ).json()["ok"]
    assert call(api, "sendMessage", chat_id=GROUP, text="{x}", reply_markup=keyboard([button()]))
    files = {"document": ("scores.csv", b"a,b\r\n1,2\r\n", "text/csv")}
    response = httpx.post(
        f"{api.base_url}{TOKEN}/sendDocument",
        data={"chat_id": str(ANN), "caption": "Scores"},
        files=files,
    )
    assert response.json()["result"]["document"]["file_name"] == "scores.csv"

    sent = api.calls_to("sendMessage")
    assert [params["chat_id"] for params in sent] == [GROUP, GROUP, GROUP]
    assert [params["text"] for params in sent] == ["[1, 2]", "json", "{x}"]
    assert sent[2]["reply_markup"] == keyboard([button()])
    assert api.documents == [
        {
            "chat_id": ANN,
            "message_id": 1,
            "filename": "scores.csv",
            "bytes": b"a,b\r\n1,2\r\n",
            "caption": "Scores",
            "mime_type": "text/csv",
        }
    ]
    assert api.stats["per_chat"][GROUP] == {"sendMessage": 3}
    api.assert_clean()


# ---------------------------------------------------------------------- python-telegram-bot


def test_ptb_send_press_answer_edit_round_trip(api: FakeBotApi) -> None:
    async def scenario() -> None:
        async with Bot(TOKEN, base_url=api.base_url) as bot:
            assert bot.username == "mia_test_bot"
            markup = InlineKeyboardMarkup([[InlineKeyboardButton("Join 🎲", callback_data="join")]])
            sent = await bot.send_message(
                GROUP, "<b>Table</b> &amp; dice", parse_mode="HTML", reply_markup=markup
            )
            assert sent.text == "Table & dice"
            assert sent.entities[0].type == "bold" and sent.from_user.is_bot

            # Long polling: the press arrives while getUpdates is blocked and wakes it.
            threading.Timer(0.2, api.press, (BOB, sent.message_id, GROUP, "join")).start()
            started = time.monotonic()
            updates = await bot.get_updates(timeout=5)
            assert time.monotonic() - started < 3
            query = updates[0].callback_query
            assert query.data == "join" and query.from_user.id == BOB
            assert query.message.reply_markup == markup
            await query.answer("Welcome!")

            edited = await bot.edit_message_text(
                "Table: Bob", chat_id=GROUP, message_id=sent.message_id, reply_markup=markup
            )
            assert edited.edit_date is not None
            await bot.get_updates(offset=updates[-1].update_id + 1)

    run(scenario)
    query_id = api.calls_to("answerCallbackQuery")[0]["callback_query_id"]
    assert api.wait_answer(query_id, timeout=1)["text"] == "Welcome!"
    [record] = api.messages(GROUP)
    assert record["text"] == "Table: Bob" and record["edits"] == ["Table & dice"]
    assert record["raw_text"] == "Table: Bob" and not record["deleted"]
    assert api.pending_updates() == []
    api.assert_clean()


def test_ptb_parses_users_chats_members_documents(api: FakeBotApi) -> None:
    async def scenario() -> None:
        async with Bot(TOKEN, base_url=api.base_url) as bot:
            chat = await bot.get_chat(FORUM)
            assert chat.is_forum and chat.title == "Forum"
            assert (await bot.get_chat_member(GROUP, ANN)).status == "creator"
            assert (await bot.get_chat_member(GROUP, BOB)).status == "member"
            assert (await bot.get_chat_member(FORUM, BOB)).status == "left"
            admins = await bot.get_chat_administrators(FORUM)
            assert [admin.user.id for admin in admins] == [ANN]
            topic = await bot.send_message(FORUM, "in topic", message_thread_id=7)
            assert topic.message_thread_id == 7 and topic.is_topic_message
            document = await bot.send_document(ANN, b"log", filename="game.txt", caption="Log")
            assert document.document.file_name == "game.txt" and document.caption == "Log"
            assert await bot.send_chat_action(ANN, "typing")
            await bot.set_my_commands([("newgame", "Start a game")], language_code="de")
            assert [c.command for c in await bot.get_my_commands(language_code="de")] == ["newgame"]
            await bot.set_chat_menu_button(
                ANN, MenuButtonWebApp("Play", WebAppInfo("https://example.org/app"))
            )
            assert (await bot.get_chat_menu_button(ANN)).text == "Play"
            assert await bot.close() and await bot.log_out()

    run(scenario)
    assert api.documents[0]["bytes"] == b"log"
    assert api.commands(language_code="de")[0]["command"] == "newgame"
    assert api.messages(FORUM, thread_id=7)[0]["text"] == "in topic"
    api.assert_clean()


def test_user_messages_commands_and_privacy_mode(api: FakeBotApi) -> None:
    command = api.send_message(BOB, GROUP, "/newgame@mia_test_bot 3")
    assert command["entities"] == [{"type": "bot_command", "offset": 0, "length": 21}]
    api.send_message(BOB, GROUP, "hello everyone")  # privacy mode: the bot never sees this
    api.send_message(BOB, GROUP, "/start@other_bot")
    api.send_message(ANN, ANN, "hi bot")
    topic = api.send_message(ANN, FORUM, "/join", message_thread_id=3)
    assert topic["is_topic_message"] and topic["message_thread_id"] == 3

    updates = call(api, "getUpdates").json()["result"]
    texts = [update["message"]["text"] for update in updates]
    assert texts == ["/newgame@mia_test_bot 3", "hi bot", "/join"]
    assert [m["text"] for m in api.undelivered] == ["hello everyone", "/start@other_bot"]
    parsed = Update.de_json(updates[0], None)
    assert parsed.message.chat.id == GROUP and parsed.message.from_user.first_name == "Bob"
    assert updates[0]["update_id"] < updates[1]["update_id"] < updates[2]["update_id"]

    bot_message = call(api, "sendMessage", chat_id=GROUP, text="Who plays?").json()["result"]
    reply = api.send_message(BOB, GROUP, "me", reply_to_message_id=bot_message["message_id"])
    assert reply["reply_to_message"]["text"] == "Who plays?"
    updates = call(api, "getUpdates", offset=updates[-1]["update_id"] + 1).json()["result"]
    assert [update["message"]["text"] for update in updates] == ["me"]


def test_get_updates_offset_limit_allowed_updates_and_timeout(api: FakeBotApi) -> None:
    for text in ("/a", "/b", "/c"):
        api.send_message(ANN, ANN, text)
    first = call(api, "getUpdates", limit=2).json()["result"]
    assert [u["message"]["text"] for u in first] == ["/a", "/b"]
    rest = call(api, "getUpdates", offset=first[1]["update_id"] + 1).json()["result"]
    assert [u["message"]["text"] for u in rest] == ["/c"]
    assert len(api.pending_updates()) == 1

    sent = call(api, "sendMessage", chat_id=ANN, text="x", reply_markup=keyboard([button()]))
    api.press(ANN, sent.json()["result"]["message_id"], ANN, "go")
    only_queries = call(
        api, "getUpdates", offset=rest[0]["update_id"] + 1, allowed_updates=["callback_query"]
    ).json()["result"]
    assert list(only_queries[0]) == ["update_id", "callback_query"]

    started = time.monotonic()
    empty = call(api, "getUpdates", offset=only_queries[0]["update_id"] + 1, timeout="0.3")
    assert empty.json()["result"] == [] and time.monotonic() - started >= 0.25
    call(api, "answerCallbackQuery", callback_query_id=only_queries[0]["callback_query"]["id"])
    api.assert_clean()


def test_concurrent_get_updates_is_a_conflict(api: FakeBotApi) -> None:
    results: list[httpx.Response] = []
    poller = threading.Thread(target=lambda: results.append(call(api, "getUpdates", timeout=5)))
    poller.start()
    api.wait_for(lambda: api.is_polling, timeout=2)
    assert call(api, "getUpdates").json()["ok"]
    poller.join(timeout=3)
    assert results[0].status_code == 409
    assert "terminated by other getUpdates request" in results[0].json()["description"]
    assert "running twice" in api.take_violations()[0]


# ---------------------------------------------------------------------- limits: text and markup


def test_text_length_and_emptiness(api: FakeBotApi) -> None:
    assert call(api, "sendMessage", chat_id=GROUP, text="x" * 4096).json()["ok"]
    html = "<b>" + "x" * 4096 + "</b>"
    assert call(api, "sendMessage", chat_id=GROUP, text=html, parse_mode="HTML").json()["ok"]
    assert_rejected(
        call(api, "sendMessage", chat_id=GROUP, text="x" * 4097),
        "Bad Request: message is too long",
        api,
    )
    assert_rejected(
        call(api, "sendMessage", chat_id=GROUP, text=" \n "),
        "Bad Request: message text is empty",
        api,
    )
    assert_rejected(
        call(api, "sendMessage", chat_id=GROUP, text="<b></b>", parse_mode="HTML"),
        "Bad Request: message text is empty",
        api,
    )


@pytest.mark.parametrize(
    "text",
    [
        "<b>unclosed",
        "stray</b>",
        "line<br>break",
        "a < b",
        "Tom & Jerry",
        "&nbsp;",
        "<span>not a spoiler</span>",
        "<b><i>crossed</b></i>",
        '<a href="https://x.org">link',
        "<div>block</div>",
    ],
)
def test_bad_html_is_rejected(api: FakeBotApi, text: str) -> None:
    response = call(api, "sendMessage", chat_id=GROUP, text=text, parse_mode="HTML")
    assert_rejected(response, "Bad Request: can't parse entities: ", api)


def test_good_html_gives_plain_text_and_utf16_entities(api: FakeBotApi) -> None:
    text = (
        '🎲 <b>Ann</b> &lt;3 <a href="https://x.org/?a=1&amp;b=2">link</a> '
        '<tg-spoiler>s</tg-spoiler> <span class="tg-spoiler">t</span> <blockquote expandable>q'
        '</blockquote> <pre><code class="language-python">x = 1</code></pre> &#127922;'
    )
    result = call(api, "sendMessage", chat_id=GROUP, text=text, parse_mode="HTML").json()
    message = result["result"]
    assert message["text"] == "🎲 Ann <3 link s t q x = 1 🎲"
    assert message["entities"][0] == {"offset": 3, "length": 3, "type": "bold"}
    assert {"offset": 10, "length": 4, "type": "text_link", "url": "https://x.org/?a=1&b=2"} in (
        message["entities"]
    )
    assert {"offset": 19, "length": 1, "type": "expandable_blockquote"} in message["entities"]
    assert {"offset": 21, "length": 5, "type": "pre", "language": "python"} in message["entities"]
    record = api.messages(GROUP)[0]
    assert record["parse_mode"] == "HTML" and record["raw_text"] == text
    markdown = call(api, "sendMessage", chat_id=GROUP, text="*b* \\.", parse_mode="MarkdownV2")
    assert markdown.json()["result"]["text"] == "b ."  # accepted without deep validation
    api.assert_clean()


def test_callback_data_is_limited_to_64_bytes(api: FakeBotApi) -> None:
    ok = keyboard([button(callback_data="x" * 64)], [button(callback_data="é" * 32)])
    assert call(api, "sendMessage", chat_id=GROUP, text="ok", reply_markup=ok).json()["ok"]
    for data in ("x" * 65, "é" * 33, ""):
        markup = keyboard([button(callback_data=data)])
        response = call(api, "sendMessage", chat_id=GROUP, text="t", reply_markup=markup)
        assert_rejected(response, "Bad Request: BUTTON_DATA_INVALID", api)


def test_keyboard_shape_and_button_kinds(api: FakeBotApi) -> None:
    cases = [
        (keyboard([button(str(i), callback_data=str(i)) for i in range(9)]), "BUTTONS_TOO_MUCH"),
        (keyboard(*[[button()] * 8 for _ in range(13)]), "BUTTONS_TOO_MUCH"),
        (keyboard([{"text": "no action"}]), "can't parse inline keyboard button"),
        (keyboard([button(callback_data="a", url="https://x.org")]), "can't parse inline"),
        (keyboard([button(text="", callback_data="a")]), "BUTTON_TEXT_INVALID"),
        (keyboard([button(url="ftp://x.org/file")]), "inline keyboard button URL"),
        (keyboard([button(web_app={"url": "https://x.org/app"})]), "BUTTON_TYPE_INVALID"),
    ]
    for markup, description in cases:
        response = call(api, "sendMessage", chat_id=GROUP, text="t", reply_markup=markup)
        assert_rejected(response, f"Bad Request: {description}", api)

    web_app = keyboard([button(web_app={"url": "https://x.org/app"})], [button(url="tg://x")])
    assert call(api, "sendMessage", chat_id=ANN, text="t", reply_markup=web_app).json()["ok"]
    http_app = keyboard([button(web_app={"url": "http://x.org/app"})])
    response = call(api, "sendMessage", chat_id=ANN, text="t", reply_markup=http_app)
    assert_rejected(response, "Bad Request: inline keyboard button Web App URL", api)
    assert call(api, "sendMessage", chat_id=GROUP, text="t", reply_markup=keyboard()).json()["ok"]
    assert api.messages(GROUP)[-1]["reply_markup"] is None  # empty keyboard == no keyboard


def test_an_object_without_a_keyboard_is_no_reply_markup(api: FakeBotApi) -> None:
    # python-telegram-bot encodes an empty InlineKeyboardMarkup([]) as {}; the Bot API server
    # reads an object without any keyboard field as "no reply markup" (edits drop the keyboard).
    sent = call(api, "sendMessage", chat_id=GROUP, text="t", reply_markup=keyboard([button()]))
    edit = {"chat_id": GROUP, "message_id": sent.json()["result"]["message_id"]}
    result = call(api, "editMessageText", **edit, text="u", reply_markup={}).json()["result"]
    assert "reply_markup" not in result and api.messages(GROUP)[0]["reply_markup"] is None
    assert call(api, "sendMessage", chat_id=GROUP, text="v", reply_markup={}).json()["ok"]
    remove = call(api, "editMessageText", **edit, text="w", reply_markup={"remove_keyboard": True})
    assert_rejected(remove, "Bad Request: inline keyboard expected", api)
    api.assert_clean()


def test_ptb_sees_bad_requests_as_exceptions(api: FakeBotApi) -> None:
    async def scenario() -> None:
        async with Bot(TOKEN, base_url=api.base_url) as bot:
            markup = InlineKeyboardMarkup([[InlineKeyboardButton("x", callback_data="y" * 65)]])
            with pytest.raises(BadRequest, match=r"(?i)button_data_invalid"):
                await bot.send_message(GROUP, "t", reply_markup=markup)
            with pytest.raises(BadRequest, match="Message is too long"):
                await bot.send_message(GROUP, "x" * 4097)
            with pytest.raises(BadRequest, match="Can't parse entities"):
                await bot.send_message(GROUP, "<b>x", parse_mode="HTML")

    run(scenario)
    assert len(api.violations) == 3
    with pytest.raises(AssertionError, match="BUTTON_DATA_INVALID"):
        api.assert_clean()


# ---------------------------------------------------------------------- limits: callback queries


def test_callback_query_answer_rules(api: FakeBotApi) -> None:
    message = call(api, "sendMessage", chat_id=GROUP, text="t", reply_markup=keyboard([button()]))
    message_id = message.json()["result"]["message_id"]
    with pytest.raises(AssertionError, match="no button with callback_data 'nope'"):
        api.press(BOB, message_id, GROUP, "nope")

    first = api.press(BOB, message_id, GROUP, "go")
    assert api.unanswered_queries() == [first]
    with pytest.raises(AssertionError, match=f"unanswered callback query {first}"):
        api.assert_clean()
    response = call(api, "answerCallbackQuery", callback_query_id=first, text="x" * 201)
    assert_rejected(response, "Bad Request: MESSAGE_TOO_LONG", api)
    ok = call(api, "answerCallbackQuery", callback_query_id=first, text="x" * 200, show_alert=True)
    assert ok.json() == {"ok": True, "result": True}
    assert api.wait_answer(first, timeout=1) == {"text": "x" * 200, "show_alert": True}
    assert_rejected(call(api, "answerCallbackQuery", callback_query_id=first), TOO_OLD, api)
    assert_rejected(call(api, "answerCallbackQuery", callback_query_id="42"), TOO_OLD, api)

    api.callback_answer_timeout = 0.1
    late = api.press(ANN, message_id, GROUP, "go")
    time.sleep(0.15)
    assert_rejected(call(api, "answerCallbackQuery", callback_query_id=late), TOO_OLD, api)
    with pytest.raises(AssertionError, match=f"callback query {late} was not answered"):
        api.wait_answer(late, timeout=0.05)


# ---------------------------------------------------------------------- limits: edits and deletes


def test_edit_and_delete_rules(api: FakeBotApi) -> None:
    markup = keyboard([button()])
    sent = call(api, "sendMessage", chat_id=GROUP, text="<b>a</b>", parse_mode="HTML")
    message_id = sent.json()["result"]["message_id"]
    edit = {"chat_id": GROUP, "message_id": message_id}

    same = call(api, "editMessageText", **edit, text="<b>a</b>", parse_mode="HTML")
    assert_rejected(same, "Bad Request: message is not modified", api, violation=False)
    assert api.not_modified_count == 1
    assert call(api, "editMessageText", **edit, text="a").json()["ok"]  # entities differ
    assert call(api, "editMessageText", **edit, text="a", reply_markup=markup).json()["ok"]
    same_markup = call(api, "editMessageReplyMarkup", **edit, reply_markup=markup)
    assert_rejected(same_markup, "Bad Request: message is not modified", api, violation=False)
    # editMessageText without reply_markup removes the keyboard, like Telegram does.
    result = call(api, "editMessageText", **edit, text="b").json()["result"]
    assert "reply_markup" not in result and result["edit_date"] >= result["date"]
    record = api.message(GROUP, message_id)
    assert record["edits"] == ["a", "a"] and record["markup_edits"] == 2
    with pytest.raises(AssertionError, match="no button"):
        api.press(ANN, message_id, GROUP, "go")

    missing = call(api, "editMessageText", chat_id=GROUP, message_id=999, text="x")
    assert_rejected(missing, "Bad Request: message to edit not found", api)
    user_message = api.send_message(BOB, GROUP, "/mine")
    foreign = {"chat_id": GROUP, "message_id": user_message["message_id"]}
    assert_rejected(
        call(api, "editMessageText", **foreign, text="x"),
        "Bad Request: message can't be edited",
        api,
    )
    assert_rejected(
        call(api, "deleteMessage", **foreign),
        "Bad Request: message can't be deleted",
        api,
        violation=False,
    )

    assert call(api, "deleteMessage", **edit).json()["result"] is True
    assert api.message(GROUP, message_id)["deleted"] is True
    again = call(api, "deleteMessage", **edit)
    assert_rejected(again, "Bad Request: message to delete not found", api, violation=False)
    after = call(api, "editMessageReplyMarkup", **edit, reply_markup=markup)
    assert_rejected(after, "Bad Request: message to edit not found", api)


def test_delete_messages_takes_many_at_once_and_needs_admin_rights_for_others(
    api: FakeBotApi,
) -> None:
    mine = call(api, "sendMessage", chat_id=GROUP, text="t").json()["result"]["message_id"]
    theirs = api.send_message(BOB, GROUP, "/mine")["message_id"]
    both = call(api, "deleteMessages", chat_id=GROUP, message_ids=[mine, theirs])
    assert_rejected(both, "Bad Request: message can't be deleted", api, violation=False)
    assert not api.message(GROUP, mine)["deleted"]  # nothing was deleted
    too_many = call(api, "deleteMessages", chat_id=GROUP, message_ids=list(range(1, 102)))
    assert_rejected(too_many, "Bad Request: message_ids must be a list of 1-100", api)
    api.add_chat(-100_788, bot_is_admin=True, members=[BOB])
    own = call(api, "sendMessage", chat_id=-100_788, text="t").json()["result"]["message_id"]
    post = api.send_message(BOB, -100_788, "/mine")["message_id"]
    done = call(api, "deleteMessages", chat_id=-100_788, message_ids=[own, post, 999])
    assert done.json()["result"] is True  # the missing one is skipped
    assert api.message(-100_788, own)["deleted"] and api.message(-100_788, post)["deleted"]


def test_pinning_needs_admin_rights_in_groups(api: FakeBotApi) -> None:
    message_id = call(api, "sendMessage", chat_id=GROUP, text="t").json()["result"]["message_id"]
    response = call(api, "pinChatMessage", chat_id=GROUP, message_id=message_id)
    assert_rejected(response, "Bad Request: not enough rights", api, violation=False)
    api.add_chat(-100_789, bot_is_admin=True)
    pinned_id = call(api, "sendMessage", chat_id=-100_789, text="p").json()["result"]["message_id"]
    assert call(api, "pinChatMessage", chat_id=-100_789, message_id=pinned_id).json()["result"]
    assert api.message(-100_789, pinned_id)["pinned"] is True
    chat = call(api, "getChat", chat_id=-100_789).json()["result"]
    assert chat["pinned_message"]["text"] == "p"
    assert call(api, "unpinChatMessage", chat_id=-100_789).json()["result"] is True
    assert api.message(-100_789, pinned_id)["pinned"] is False


# ---------------------------------------------------------------------- limits: chats and threads


def test_chat_and_thread_rules(api: FakeBotApi) -> None:
    assert_rejected(
        call(api, "sendMessage", chat_id=-999, text="t"), "Bad Request: chat not found", api
    )
    assert_rejected(
        call(api, "sendMessage", chat_id=GROUP, text="t", message_thread_id=3),
        "Bad Request: message thread not found",
        api,
    )
    assert call(api, "sendMessage", chat_id=FORUM, text="t", message_thread_id=3).json()["ok"]

    async def scenario() -> None:
        async with Bot(TOKEN, base_url=api.base_url) as bot:
            with pytest.raises(Forbidden, match="can't initiate conversation"):
                await bot.send_message(BOB, "psst, your dice")
            api.send_message(BOB, BOB, "/start")
            assert (await bot.send_message(BOB, "psst, your dice")).chat.first_name == "Bob"

    run(scenario)
    assert api.stats["http_403"] == 1
    api.assert_clean()


# ---------------------------------------------------------------------- flood control


# PTB itself warns about RetryAfter.retry_after becoming a timedelta; not our concern here.
@pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")
def test_flood_limits_return_429_with_retry_after() -> None:
    with FakeBotApi(TOKEN, flood_limits=True) as server:
        populate(server)

        async def scenario() -> None:
            async with Bot(TOKEN, base_url=server.base_url) as bot:
                first = await bot.send_message(ANN, "1")
                await bot.send_message(ANN, "2")
                await bot.edit_message_text("1!", chat_id=ANN, message_id=first.message_id)
                with pytest.raises(RetryAfter) as excinfo:
                    await bot.send_message(ANN, "4")
                assert "Retry in" in str(excinfo.value)
                await bot.send_message(GROUP, "other chats are not affected")

        run(scenario)
        raw = call(server, "sendMessage", chat_id=ANN, text="5")
        assert raw.status_code == 429
        body = raw.json()
        assert body["error_code"] == 429 and body["parameters"]["retry_after"] >= 1
        assert (
            body["description"]
            == f"Too Many Requests: retry after {body['parameters']['retry_after']}"
        )
        assert server.stats["http_429"] == 2
        assert [m["text"] for m in server.messages(ANN)] == ["1!", "2"]
        server.assert_clean()  # 429 is flood control, not a violation


def test_group_flood_limit_is_20_per_minute() -> None:
    limits = FloodLimits(per_chat_per_second=100, per_chat_burst=100)
    with FakeBotApi(TOKEN, flood_limits=True, limits=limits) as server:
        populate(server)
        for index in range(20):
            assert call(server, "sendMessage", chat_id=GROUP, text=str(index)).status_code == 200
        response = call(server, "sendMessage", chat_id=GROUP, text="21st")
        assert response.status_code == 429
        assert response.json()["parameters"]["retry_after"] == 3
        assert call(server, "sendMessage", chat_id=ANN, text="private is fine").status_code == 200


# ---------------------------------------------------------------------- commands, menu, webhook


def test_commands_and_menu_button_validation(api: FakeBotApi) -> None:
    bad = [{"command": "NewGame", "description": "x"}]
    assert_rejected(
        call(api, "setMyCommands", commands=bad), "Bad Request: BOT_COMMAND_INVALID", api
    )
    good = [{"command": "newgame", "description": "Start a game"}]
    scope = {"type": "all_group_chats"}
    assert call(api, "setMyCommands", commands=good, scope=scope).json()["result"] is True
    assert api.commands(scope) == good and api.commands() == []
    assert call(api, "deleteMyCommands", scope=scope).json()["result"] is True
    assert api.commands(scope) == []

    http_app = {"type": "web_app", "text": "Play", "web_app": {"url": "http://x.org"}}
    response = call(api, "setChatMenuButton", chat_id=ANN, menu_button=http_app)
    assert_rejected(response, "Bad Request: BUTTON_URL_INVALID", api)
    assert api.menu_button(ANN) == {"type": "commands"}


def test_webhook_settings_and_delivery(api: FakeBotApi) -> None:
    received: list[tuple[str | None, dict[str, Any]]] = []

    class Receiver(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["Content-Length"]))
            received.append((self.headers.get("X-Telegram-Bot-Api-Secret-Token"), json.loads(body)))
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            pass

    receiver = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=receiver.serve_forever, args=(0.05,), daemon=True).start()
    try:
        url = f"http://127.0.0.1:{receiver.server_address[1]}/hook"
        bad = call(api, "setWebhook", url="http://example.org/hook")
        assert_rejected(bad, "Bad Request: bad webhook", api)
        assert call(api, "setWebhook", url=url, secret_token="s3cret_-").json()["result"]
        assert call(api, "getWebhookInfo").json()["result"]["url"] == url
        conflict = call(api, "getUpdates")
        assert conflict.status_code == 409
        api.take_violations()

        api.send_message(ANN, ANN, "/start")
        assert api.deliver_via_webhook() == 1
        assert received[0][0] == "s3cret_-"
        assert received[0][1]["message"]["text"] == "/start"
        assert call(api, "getWebhookInfo").json()["result"]["pending_update_count"] == 0
        assert call(api, "deleteWebhook", drop_pending_updates=True).json()["result"] is True
        assert api.webhook == {"url": ""}
    finally:
        receiver.shutdown()
        receiver.server_close()


def test_wait_for_times_out_with_a_useful_dump(api: FakeBotApi) -> None:
    call(api, "sendMessage", chat_id=GROUP, text="hello", reply_markup=keyboard([button()]))
    threading.Timer(0.05, call, (api, "sendMessage"), {"chat_id": GROUP, "text": "late"}).start()
    found = api.wait_for(lambda: [m for m in api.messages(GROUP) if m["text"] == "late"], timeout=2)
    assert found[0]["message_id"] == 2
    with pytest.raises(AssertionError) as excinfo:
        api.wait_for(lambda: False, timeout=0.05)
    dump = str(excinfo.value)
    assert "#1 bot: 'hello'" in dump and "'Go'->callback_data='go'" in dump
    assert "last calls:" in dump and "sendMessage(" in dump


def test_a_request_dropped_before_its_body_is_no_call_and_no_misuse(api: FakeBotApi) -> None:
    """A send cancelled between its headers and its body (a bot shutting down) never reaches
    Telegram: the server must not take it for a call with no parameters."""
    address = urlsplit(api.base_url)
    with socket.create_connection((address.hostname, address.port)) as sock:
        sock.sendall(
            f"POST /bot{TOKEN}/sendMessage HTTP/1.1\r\nHost: x\r\n"
            'Content-Type: application/json\r\nContent-Length: 40\r\n\r\n{"chat'.encode()
        )
        sock.shutdown(socket.SHUT_WR)
        assert sock.recv(100) == b""  # closed without an answer
    assert api.take_violations() == []
    assert api.calls == []
