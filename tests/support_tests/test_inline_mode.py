"""Inline mode of the fake Bot API server: inline queries, answers, chosen results.

Driven over HTTP like a bot would (raw requests pin the wire format, python-telegram-bot
checks that a real client understands it), with the test side playing the users.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from telegram import (
    Bot,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InlineQueryResultsButton,
    InputTextMessageContent,
    Update,
)
from telegram.error import BadRequest

from tests.support import FakeBotApi
from tests.support_tests.test_bot_api_server import (
    ANN,
    BOB,
    FORUM,
    GROUP,
    TOKEN,
    TOO_OLD,
    assert_rejected,
    button,
    call,
    keyboard,
    populate,
    run,
)

BOT_USER = {
    "id": 123456789,
    "is_bot": True,
    "first_name": "Mia Test Bot",
    "username": "mia_test_bot",
}
CAROL = 13  # a group member in a basic group


@pytest.fixture
def api() -> Iterator[FakeBotApi]:
    with FakeBotApi(TOKEN) as server:
        populate(server)
        yield server


def article(result_id: str = "d1", text: str = "⚀ ⚁", **extra: Any) -> dict[str, Any]:
    return {
        "type": "article",
        "id": result_id,
        "title": f"Dice {result_id}",
        "input_message_content": {"message_text": text},
        **extra,
    }


def answer(server: FakeBotApi, query_id: str, results: Any = None, **params: Any) -> Any:
    params.setdefault("is_personal", True)
    params.setdefault("cache_time", 0)
    return call(
        server,
        "answerInlineQuery",
        inline_query_id=query_id,
        results=[article()] if results is None else results,
        **params,
    )


def updates(server: FakeBotApi, **params: Any) -> list[dict[str, Any]]:
    """Fetch and confirm every pending update (like a polling bot)."""
    result = call(server, "getUpdates", **params).json()["result"]
    if result:
        call(server, "getUpdates", offset=result[-1]["update_id"] + 1)
    return result


# ---------------------------------------------------------------------- getMe and the update


def test_get_me_reports_inline_mode() -> None:
    with FakeBotApi(TOKEN) as on, FakeBotApi(TOKEN, inline_mode=False) as off:
        assert call(on, "getMe").json()["result"]["supports_inline_queries"] is True
        assert call(off, "getMe").json()["result"]["supports_inline_queries"] is False


def test_inline_query_reaches_get_updates_with_telegrams_shape(api: FakeBotApi) -> None:
    api.add_user(CAROL, "Carol")
    api.add_chat(-4242, type="group", members=[CAROL])
    ids = [
        api.inline_query(BOB, "T1", chat_id=GROUP),
        api.inline_query(ANN, "T1", chat_id=ANN, offset="10"),
        api.inline_query(BOB, "", chat_id=ANN),
        api.inline_query(CAROL, "T2 x", chat_id=-4242),
        api.inline_query(ANN, "T3"),
        api.inline_query(ANN, "T4", chat_type="channel"),
    ]
    received = updates(api)
    assert [list(update) for update in received] == [["update_id", "inline_query"]] * 6
    queries = [update["inline_query"] for update in received]
    assert queries[0] == {
        "id": ids[0],
        "from": {"id": BOB, "is_bot": False, "first_name": "Bob", "language_code": "en"},
        "chat_type": "supergroup",
        "query": "T1",
        "offset": "",
    }
    assert [q.get("chat_type") for q in queries] == [
        "supergroup",
        "sender",
        "private",
        "group",
        None,
        "channel",
    ]
    assert [q["id"] for q in queries] == ids and len(set(ids)) == 6
    assert queries[1]["offset"] == "10" and queries[3]["query"] == "T2 x"
    parsed = Update.de_json(received[0], None)
    assert parsed.inline_query.query == "T1" and parsed.inline_query.from_user.id == BOB
    assert parsed.inline_query.chat_type == "supergroup"
    assert api.unanswered_inline_queries() == ids

    with pytest.raises(ValueError, match="at most 256"):
        api.inline_query(ANN, "x" * 257)
    with pytest.raises(ValueError, match="unknown chat"):
        api.inline_query(ANN, "T1", chat_id=-999)
    with pytest.raises(ValueError, match="chat_type must be one of"):
        api.inline_query(ANN, "T1", chat_type="secret")
    assert len(api.inline_query(ANN, "y" * 256)) > 0


def test_allowed_updates_without_inline_query_drops_it(api: FakeBotApi) -> None:
    assert call(api, "getUpdates", allowed_updates=["message"]).json()["result"] == []
    query_id = api.inline_query(ANN, "T1", chat_id=ANN)
    assert api.pending_updates() == []  # Telegram drops updates the bot did not ask for
    with pytest.raises(AssertionError, match="never delivered: allowed_updates excludes"):
        api.assert_clean()
    assert api.inline_queries()[0]["delivered"] is False
    assert api.unanswered_inline_queries() == [query_id]


# ---------------------------------------------------------------------- answering


def test_answer_is_recorded_and_returned_by_wait_inline_answer(api: FakeBotApi) -> None:
    query_id = api.inline_query(BOB, "T1", chat_id=GROUP)
    with pytest.raises(AssertionError, match=f"unanswered inline query {query_id} "):
        api.assert_clean()
    with pytest.raises(AssertionError, match=f"inline query {query_id} was not answered"):
        api.wait_inline_answer(query_id, timeout=0.05)
    results = [
        article("d1", "<b>⚀</b> ⚁", title="Your dice"),
        article("d2", "roll", reply_markup=keyboard([button("Again", callback_data="again")])),
    ]
    results[0]["input_message_content"]["parse_mode"] = "HTML"
    ok = answer(
        api,
        query_id,
        results,
        next_offset="2",
        button={"text": "Rules", "start_parameter": "rules-1"},
    )
    assert ok.json() == {"ok": True, "result": True}
    got = api.wait_inline_answer(query_id, timeout=1)
    assert got == {
        "results": results,
        "is_personal": True,
        "cache_time": 0,
        "next_offset": "2",
        "button": {"text": "Rules", "start_parameter": "rules-1"},
        "from_cache": False,
    }
    assert api.inline_answers() == {query_id: {k: v for k, v in got.items() if k != "from_cache"}}
    assert api.unanswered_inline_queries() == []
    api.assert_clean()

    defaults = api.inline_query(ANN, "T2", chat_id=ANN)
    assert call(api, "answerInlineQuery", inline_query_id=defaults, results=[]).json()["ok"]
    got = api.wait_inline_answer(defaults, timeout=1)
    assert got["results"] == [] and got["cache_time"] == 300
    assert got["is_personal"] is False and got["next_offset"] == "" and got["button"] is None


def test_ptb_answers_and_chooses_round_trip(api: FakeBotApi) -> None:
    table = call(
        api,
        "sendMessage",
        chat_id=GROUP,
        text="Table T1",
        reply_markup=keyboard([button("🎲 My dice", switch_inline_query_current_chat="T1")]),
    ).json()["result"]
    query_text = api.inline_button_query(GROUP, table["message_id"], "My dice")
    assert query_text == "T1"
    query_id = api.inline_query(BOB, query_text, chat_id=GROUP)

    async def answer_it() -> None:
        async with Bot(TOKEN, base_url=api.base_url) as bot:
            assert (await bot.get_me()).supports_inline_queries is True
            [update] = await bot.get_updates()
            inline = update.inline_query
            assert inline.id == query_id and inline.query == "T1"
            markup = InlineKeyboardMarkup([[InlineKeyboardButton("Peek", callback_data="peek")]])
            content = InputTextMessageContent("<b>Bob</b> plays ⚄", parse_mode="HTML")
            await inline.answer(
                [InlineQueryResultArticle("play-5", "Play ⚄", content, reply_markup=markup)],
                is_personal=True,
                cache_time=0,
                button=InlineQueryResultsButton("Rules", start_parameter="rules"),
            )
            await bot.get_updates(offset=update.update_id + 1)

    run(answer_it)
    assert api.wait_inline_answer(query_id, timeout=1)["results"][0]["id"] == "play-5"
    sent = api.choose_inline_result(BOB, query_id, "play-5", GROUP)
    assert sent["text"] == "Bob plays ⚄" and sent["via_bot"] == BOT_USER

    async def receive() -> None:
        async with Bot(TOKEN, base_url=api.base_url) as bot:
            message_update, chosen_update = await bot.get_updates()
            message = message_update.message
            assert message.via_bot.id == BOT_USER["id"] and message.from_user.id == BOB
            assert message.text == "Bob plays ⚄" and message.entities[0].type == "bold"
            chosen = chosen_update.chosen_inline_result
            assert (chosen.result_id, chosen.query, chosen.from_user.id) == ("play-5", "T1", BOB)
            assert chosen.inline_message_id
            await bot.get_updates(offset=chosen_update.update_id + 1)
            with pytest.raises(BadRequest, match="Query is too old"):
                await bot.answer_inline_query(query_id, [])

    run(receive)
    assert len(api.take_violations()) == 1  # the answer to an already answered query
    api.assert_clean()


def test_answer_refusals_for_the_query_itself(api: FakeBotApi) -> None:
    assert_rejected(answer(api, "42"), TOO_OLD, api)
    assert_rejected(answer(api, ""), TOO_OLD, api)
    callback_message = call(
        api, "sendMessage", chat_id=ANN, text="t", reply_markup=keyboard([button()])
    ).json()["result"]
    press = api.press(ANN, callback_message["message_id"], ANN, "go")
    assert_rejected(answer(api, press), TOO_OLD, api)  # a callback query id is not an inline one
    call(api, "answerCallbackQuery", callback_query_id=press)

    query_id = api.inline_query(ANN, "T1", chat_id=ANN)
    assert answer(api, query_id).json()["ok"]
    assert_rejected(answer(api, query_id), TOO_OLD, api)

    api.inline_answer_timeout = 0.1
    late = api.inline_query(ANN, "T2", chat_id=ANN)
    time.sleep(0.15)
    response = answer(api, late)
    assert response.json()["description"] == TOO_OLD
    [violation] = api.take_violations()
    assert f"inline query {late} answered 0." in violation and "(limit 0.1s)" in violation
    with pytest.raises(AssertionError, match=f"unanswered inline query {late}"):
        api.assert_clean()


def long_results(count: int) -> list[dict[str, Any]]:
    return [article(f"r{index}") for index in range(count)]


ITEM = "Bad Request: can't parse inline query result: "


@pytest.mark.parametrize(
    ("params", "description"),
    [
        ({"results": long_results(51)}, "Bad Request: too many inline query results specified"),
        ({"results": [article("a"), article("a")]}, "Bad Request: RESULT_ID_DUPLICATE"),
        ({"results": [article("x" * 65)]}, "Bad Request: RESULT_ID_INVALID"),
        ({"results": [article("é" * 33)]}, "Bad Request: RESULT_ID_INVALID"),
        ({"results": [article("")]}, "Bad Request: RESULT_ID_INVALID"),
        ({"results": [{"type": "article", "title": "t"}]}, ITEM + 'Can\'t find field "id"'),
        ({"results": [{**article(), "title": None}]}, ITEM + 'Can\'t find field "title"'),
        ({"results": [{**article(), "title": " "}]}, "Bad Request: ARTICLE_TITLE_EMPTY"),
        (
            {"results": [{"type": "article", "id": "1", "title": "t"}]},
            ITEM + "Can't find field \"mes",
        ),
        ({"results": [article(text="")]}, ITEM + "Input message content is not specified"),
        ({"results": [article(text=" \n ")]}, "Bad Request: text must be non-empty"),
        ({"results": [article(text="x" * 4097)]}, "Bad Request: MESSAGE_TOO_LONG"),
        ({"results": [article(text=4)]}, None),  # a JSON number is text for Telegram too
        ({"results": [{**article(), "type": "foo"}]}, ITEM + 'type "foo" is unsupported'),
        ({"results": [{**article(), "type": "photo"}]}, "Bad Request: inline query results of"),
        ({"results": ["article"]}, ITEM + "Inline query result must be an object"),
        ({"results": {"id": "1"}}, "Bad Request: expected an Array of inline query results"),
        ({"results": "nope"}, "Bad Request: can't parse JSON encoded inline query results"),
        ({"next_offset": "n" * 65}, "Bad Request: NEXT_OFFSET_INVALID"),
        ({"next_offset": "n" * 64}, None),
        ({"cache_time": -1}, "Bad Request: cache_time must be non-negative"),
        ({"cache_time": "soon"}, 'Bad Request: field "cache_time" must be of type Integer'),
        ({"is_personal": "maybe"}, 'Bad Request: field "is_personal" must be of type Boolean'),
    ],
)
def test_answer_refusals_for_results_and_parameters(
    api: FakeBotApi, params: dict[str, Any], description: str | None
) -> None:
    query_id = api.inline_query(ANN, "T1", chat_id=ANN)
    response = answer(api, query_id, **params)
    if description is None:
        assert response.json()["ok"], response.json()
        api.assert_clean()
    else:
        assert_rejected(response, description, api)
        assert api.unanswered_inline_queries() == [query_id]  # a refused answer answers nothing


@pytest.mark.parametrize(
    ("content", "description"),
    [
        ({"message_text": "<b>x", "parse_mode": "HTML"}, ITEM + "Can't parse entities: "),
        ({"message_text": "x", "parse_mode": "Bold"}, ITEM + "Unsupported parse_mode"),
        ({"message_text": "<b></b>", "parse_mode": "HTML"}, "Bad Request: text must be non-empty"),
        ({"message_text": "x", "link_preview_options": "no"}, ITEM + 'Field "link_preview_opt'),
        ({"latitude": 1.0, "longitude": 2.0}, "Bad Request: can't parse inline query result"),
        ("text", ITEM + 'Field "input_message_content" must be of type Object'),
    ],
)
def test_input_text_message_content_is_checked_like_a_message(
    api: FakeBotApi, content: Any, description: str
) -> None:
    query_id = api.inline_query(ANN, "T1", chat_id=ANN)
    result = {**article(), "input_message_content": content}
    assert_rejected(answer(api, query_id, [result]), description, api)


def test_text_limit_counts_after_entity_parsing(api: FakeBotApi) -> None:
    query_id = api.inline_query(ANN, "T1", chat_id=ANN)
    html = {"message_text": "<b>" + "x" * 4096 + "</b>", "parse_mode": "HTML"}
    ok = answer(api, query_id, [{**article(), "input_message_content": html}])
    assert ok.json()["ok"]
    sent = api.choose_inline_result(ANN, query_id, "d1", ANN)
    assert len(sent["text"]) == 4096 and sent["entities"][0]["type"] == "bold"


@pytest.mark.parametrize(
    ("markup", "description"),
    [
        (keyboard([button(callback_data="x" * 65)]), "Bad Request: BUTTON_DATA_INVALID"),
        (
            keyboard([button(web_app={"url": "https://x.org/app"})]),
            "Bad Request: BUTTON_TYPE_INVALID",
        ),
        (
            keyboard([button(callback_data="a", url="https://x.org")]),
            ITEM + "Can't parse inline keyboard button: exactly one of the optional fields",
        ),
        ({"keyboard": [["Yes"]]}, "Bad Request: inline keyboard expected"),
        ("buttons", ITEM + 'Field "reply_markup" must be of type Object'),
    ],
)
def test_result_reply_markup_is_validated(api: FakeBotApi, markup: Any, description: str) -> None:
    query_id = api.inline_query(ANN, "T1", chat_id=ANN)
    response = answer(api, query_id, [article(reply_markup=markup)])
    assert_rejected(response, description, api)


@pytest.mark.parametrize(
    ("results_button", "description"),
    [
        ({"text": "Go", "start_parameter": ""}, "Bad Request: can't use empty start_parameter"),
        ({"text": "Go", "start_parameter": "a b"}, "Bad Request: unallowed characters in start"),
        ({"text": "Go", "start_parameter": "a" * 65}, "Bad Request: too long start_parameter"),
        ({"text": "Go", "start_parameter": "a" * 64}, None),
        ({"text": "Go", "web_app": {"url": "https://x.org/app"}}, None),
        ({"text": "Go", "web_app": {"url": "http://x.org/app"}}, "Bad Request: inline query butt"),
        ({"text": "Go"}, "Bad Request: can't parse inline query results button: InlineQueryResu"),
        (
            {"text": "Go", "start_parameter": "a", "web_app": {"url": "https://x.org"}},
            "Bad Request: can't parse inline query results button: InlineQueryResultsButton must",
        ),
        ({"start_parameter": "a"}, "Bad Request: can't parse inline query results button: Can"),
        ({"text": " ", "start_parameter": "a"}, "Bad Request: SWITCH_PM_TEXT_EMPTY"),
        ("Go", "Bad Request: can't parse inline query results button: InlineQueryResultsButton"),
    ],
)
def test_results_button_is_validated(
    api: FakeBotApi, results_button: Any, description: str | None
) -> None:
    query_id = api.inline_query(ANN, "T1", chat_id=ANN)
    response = answer(api, query_id, button=results_button)
    if description is None:
        assert response.json()["ok"], response.json()
        assert api.wait_inline_answer(query_id, timeout=1)["button"] == results_button
    else:
        assert_rejected(response, description, api)


# ---------------------------------------------------------------------- Telegram's result cache


def test_cached_answers_are_shown_without_asking_the_bot(api: FakeBotApi) -> None:
    first = api.inline_query(ANN, "T1", chat_id=GROUP)
    assert answer(api, first, [article("ann-dice")], is_personal=False, cache_time=300).json()
    updates(api)
    # Another player types the same query: Telegram serves Ann's answer from its cache.
    second = api.inline_query(BOB, "T1", chat_id=GROUP)
    assert updates(api) == []
    got = api.wait_inline_answer(second, timeout=1)
    assert got["from_cache"] is True and got["results"][0]["id"] == "ann-dice"
    assert api.choose_inline_result(BOB, second, "ann-dice", GROUP)["from"]["id"] == BOB
    chosen = updates(api)[-1]["chosen_inline_result"]
    assert (chosen["result_id"], chosen["from"]["id"], chosen["query"]) == ("ann-dice", BOB, "T1")
    assert_rejected(answer(api, second), TOO_OLD, api)  # the bot never saw that query
    assert set(api.inline_answers()) == {first}

    personal = api.inline_query(ANN, "T2", chat_id=GROUP)
    assert answer(api, personal, [article("ann")], is_personal=True, cache_time=300).json()
    assert api.wait_inline_answer(api.inline_query(ANN, "T2", chat_id=GROUP))["from_cache"]
    bobs = api.inline_query(BOB, "T2", chat_id=GROUP)  # personal: never from Ann's cache
    paged = api.inline_query(ANN, "T2", chat_id=GROUP, offset="1")  # another page
    fresh = [update["inline_query"]["id"] for update in updates(api)]
    assert fresh == [personal, bobs, paged]
    assert answer(api, bobs, cache_time=0).json()["ok"]
    assert answer(api, paged, cache_time=0).json()["ok"]
    again = api.inline_query(BOB, "T2", chat_id=GROUP)  # cache_time=0: always asks the bot
    assert [update["inline_query"]["id"] for update in updates(api)] == [again]
    assert answer(api, again).json()["ok"]
    api.assert_clean()


# ---------------------------------------------------------------------- choosing a result


def test_choosing_posts_via_the_bot_and_delivers_chosen_inline_result(api: FakeBotApi) -> None:
    query_id = api.inline_query(BOB, "T1", chat_id=GROUP)
    updates(api)
    plain = article("plain", "⚀ ⚁")
    with_keyboard = article(
        "kb", "pick", reply_markup=keyboard([button("Peek", callback_data="p")])
    )
    assert answer(api, query_id, [plain, with_keyboard]).json()["ok"]

    sent = api.choose_inline_result(BOB, query_id, "plain", GROUP)
    assert sent["from"]["id"] == BOB and sent["via_bot"] == BOT_USER
    assert sent["chat"]["id"] == GROUP and "reply_markup" not in sent
    message_update, chosen_update = updates(api)
    assert message_update["message"] == sent  # privacy mode lets messages via the bot through
    assert chosen_update["chosen_inline_result"] == {
        "from": {"id": BOB, "is_bot": False, "first_name": "Bob", "language_code": "en"},
        "query": "T1",
        "result_id": "plain",
    }
    [record] = api.messages(GROUP)
    assert record["from_bot"] is False and record["via_bot"] == BOT_USER
    assert record["text"] == "⚀ ⚁" and record["message_id"] == sent["message_id"]
    assert record["method"] == "answerInlineQuery" and record["inline_message_id"] is None

    kb = api.choose_inline_result(BOB, query_id, "kb", GROUP)
    _, chosen_update = updates(api)
    inline_message_id = chosen_update["chosen_inline_result"]["inline_message_id"]
    assert isinstance(inline_message_id, str) and len(inline_message_id) >= 20
    assert kb["reply_markup"] == keyboard([button("Peek", callback_data="p")])
    assert api.messages(GROUP)[-1]["inline_message_id"] == inline_message_id
    assert api.inline_queries()[0]["chosen"] == ["plain", "kb"]
    assert "Bob via @mia_test_bot: 'pick'" in api.dump()
    api.assert_clean()


def test_choosing_in_the_private_chat_and_in_topics(api: FakeBotApi) -> None:
    query_id = api.inline_query(BOB, "T1", chat_id=BOB)
    assert answer(api, query_id).json()["ok"]
    sent = api.choose_inline_result(BOB, query_id, "d1", BOB)  # opens Bob's chat with the bot
    assert sent["chat"] == {"id": BOB, "type": "private", "first_name": "Bob"}
    assert call(api, "sendMessage", chat_id=BOB, text="ok").json()["ok"]

    topic_query = api.inline_query(ANN, "T1", chat_id=FORUM)
    assert answer(api, topic_query).json()["ok"]
    in_topic = api.choose_inline_result(ANN, topic_query, "d1", FORUM, message_thread_id=5)
    assert in_topic["message_thread_id"] == 5
    assert api.messages(FORUM, thread_id=5)[0]["via_bot"] == BOT_USER
    with pytest.raises(ValueError, match="forum"):
        api.choose_inline_result(BOB, query_id, "d1", BOB, message_thread_id=5)


def test_a_test_cannot_choose_what_the_bot_never_offered(api: FakeBotApi) -> None:
    with pytest.raises(AssertionError, match="unknown inline query id"):
        api.choose_inline_result(ANN, "42", "d1", GROUP)
    query_id = api.inline_query(ANN, "T1", chat_id=GROUP)
    with pytest.raises(AssertionError, match="never answered"):
        api.choose_inline_result(ANN, query_id, "d1", GROUP)
    assert answer(api, query_id, [article("d1")], is_personal=True).json()["ok"]
    with pytest.raises(AssertionError, match=r"has no result 'd9'; results: \['d1'\]"):
        api.choose_inline_result(ANN, query_id, "d9", GROUP)
    with pytest.raises(AssertionError, match=f"answered personally for user {ANN}"):
        api.choose_inline_result(BOB, query_id, "d1", GROUP)
    with pytest.raises(AssertionError, match="typed in chat"):
        api.choose_inline_result(ANN, query_id, "d1", ANN)

    shared = api.inline_query(ANN, "T2")  # no chat known: any simulated chat will do
    assert answer(api, shared, is_personal=False).json()["ok"]
    assert api.choose_inline_result(BOB, shared, "d1", GROUP)["from"]["id"] == BOB
    with pytest.raises(ValueError, match="not simulated"):
        api.choose_inline_result(ANN, shared, "d1", BOB)  # Ann's private chat with Bob
    api.assert_clean()


def test_inline_feedback_off_delivers_no_chosen_inline_result() -> None:
    with FakeBotApi(TOKEN, inline_feedback=False) as server:
        populate(server)
        query_id = server.inline_query(BOB, "T1", chat_id=GROUP)
        updates(server)
        assert answer(server, query_id).json()["ok"]
        server.choose_inline_result(BOB, query_id, "d1", GROUP)
        assert [list(update)[1] for update in updates(server)] == ["message"]
        server.assert_clean()


def test_allowed_updates_can_exclude_chosen_inline_result(api: FakeBotApi) -> None:
    call(api, "getUpdates", allowed_updates=["message", "inline_query"])
    query_id = api.inline_query(BOB, "T1", chat_id=GROUP)
    updates(api)
    assert answer(api, query_id).json()["ok"]
    api.choose_inline_result(BOB, query_id, "d1", GROUP)
    assert [list(update)[1] for update in api.pending_updates()] == ["message"]


def test_inline_mode_off() -> None:
    with FakeBotApi(TOKEN, inline_mode=False) as server:
        populate(server)
        with pytest.raises(AssertionError, match="inline mode off"):
            server.inline_query(ANN, "T1", chat_id=ANN)
        assert_rejected(
            answer(server, "4611686018427387905"), "Bad Request: USER_BOT_INVALID", server
        )
        assert server.inline_queries() == [] and server.unanswered_inline_queries() == []
        server.assert_clean()


# ---------------------------------------------------------------------- switch-inline buttons


def test_switch_inline_query_current_chat_buttons(api: FakeBotApi) -> None:
    markup = keyboard(
        [button("Mine", switch_inline_query_current_chat="T1")],
        [button("Empty", switch_inline_query_current_chat="")],
        [button("Long", switch_inline_query_current_chat="q" * 256)],
        [button("Share", switch_inline_query="T1")],
    )
    sent = call(api, "sendMessage", chat_id=GROUP, text="t", reply_markup=markup).json()["result"]
    message_id = sent["message_id"]
    assert api.inline_button_query(GROUP, message_id, "Mine") == "T1"
    assert api.inline_button_query(GROUP, message_id, "Empty") == ""
    with pytest.raises(AssertionError, match="no inline-query button labelled 'Share'"):
        api.inline_button_query(GROUP, message_id, "Share")  # switch_inline_query: another chat
    with pytest.raises(AssertionError, match="no inline-query button"):
        api.inline_button_query(GROUP, 999, "Mine")
    assert "'Mine'->switch_inline_query_current_chat='T1'" in api.dump()

    bad = [
        (button(switch_inline_query_current_chat="q" * 257), "Bad Request: BUTTON_DATA_INVALID"),
        (button(switch_inline_query="q" * 257), "Bad Request: BUTTON_DATA_INVALID"),
        (button(switch_inline_query_current_chat=True), "Bad Request: can't parse inline keyboa"),
        (button(switch_inline_query_current_chat={"q": 1}), 'Field "switch_inline_query_current'),
        (button(switch_inline_query_current_chat="T1", callback_data="x"), "exactly one"),
        (button(switch_inline_query_current_chat="T1", url="https://x.org"), "exactly one"),
        (button(switch_inline_query_current_chat="", callback_data="x"), "exactly one"),
        (button(switch_inline_query_chosen_chat="T1"), "Bad Request: can't parse inline keyboa"),
        (button(switch_inline_query_chosen_chat={"query": "q" * 257}), "BUTTON_DATA_INVALID"),
    ]
    for bad_button, description in bad:
        response = call(
            api, "sendMessage", chat_id=GROUP, text="t", reply_markup=keyboard([bad_button])
        )
        assert response.status_code == 400, bad_button
        assert description in response.json()["description"], (bad_button, response.json())
        assert len(api.take_violations()) == 1
    web_app = button(switch_inline_query_current_chat="T1", web_app={"url": "https://x.org/a"})
    response = call(api, "sendMessage", chat_id=ANN, text="t", reply_markup=keyboard([web_app]))
    assert_rejected(response, "Bad Request: can't parse inline keyboard button: exactly one", api)
    chosen = button(switch_inline_query_chosen_chat={"query": "T1", "allow_group_chats": True})
    assert call(
        api, "sendMessage", chat_id=GROUP, text="t", reply_markup=keyboard([chosen])
    ).json()["ok"]

    async def scenario() -> None:
        async with Bot(TOKEN, base_url=api.base_url) as bot:
            ptb_markup = InlineKeyboardMarkup(
                [[InlineKeyboardButton("Hand", switch_inline_query_current_chat="T9")]]
            )
            sent = await bot.send_message(GROUP, "table", reply_markup=ptb_markup)
            assert sent.reply_markup == ptb_markup
            assert api.inline_button_query(GROUP, sent.message_id, "Hand") == "T9"

    run(scenario)
    api.assert_clean()


def test_dump_lists_unanswered_inline_queries(api: FakeBotApi) -> None:
    query_id = api.inline_query(ANN, "T1", chat_id=ANN)
    assert f"unanswered inline queries: {query_id} ('T1')" in api.dump()
    with pytest.raises(AssertionError, match=f"inline query {query_id} was not answered"):
        api.wait_inline_answer(query_id, timeout=0.05)
    with pytest.raises(AssertionError, match="unknown inline query id"):
        api.wait_inline_answer("42", timeout=0.05)
