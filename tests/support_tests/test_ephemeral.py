"""The fake Bot API server's ephemeral messages (Bot API 10.2-10.3), as Telegram documents them:
one member sees them, ids are 0 and ``ephemeral_message_id``, a press's ``callback_query_id``
answers only that press's user within 15 s, disabled buttons do nothing, a budget per receiver.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from telegram import Bot, Update

from tests.support import FakeBotApi, FloodLimits

TOKEN = "123456789:TEST-token_abc"
GROUP = -100_777
ANN, BOB, CAT = 31, 32, 33
_http = httpx.Client(timeout=10)


def world(server: FakeBotApi) -> FakeBotApi:
    for user, name in ((ANN, "Ann"), (BOB, "Bob"), (CAT, "Cat")):
        server.add_user(user, name)
    server.add_chat(GROUP, title="Table", creator=ANN, members=[BOB, CAT])
    return server


@pytest.fixture
def api() -> Iterator[FakeBotApi]:
    with FakeBotApi(TOKEN) as server:
        yield world(server)


def call(server: FakeBotApi, method: str, **params: Any) -> httpx.Response:
    data = {
        name: json.dumps(value) if isinstance(value, dict | list) else str(value)
        for name, value in params.items()
    }
    return _http.post(f"{server.base_url}{TOKEN}/{method}", data=data)


def table(server: FakeBotApi) -> int:
    markup = {"inline_keyboard": [[{"text": "👀", "callback_data": "look"}]]}
    sent = call(server, "sendMessage", chat_id=GROUP, text="The table", reply_markup=markup)
    return sent.json()["result"]["message_id"]


def panel(server: FakeBotApi, receiver: int, query: str | None, text: str = "⚀ ⚃", **more: Any):
    parameters: dict[str, Any] = {"receiver_user_id": receiver}
    if query is not None:
        parameters["callback_query_id"] = query
    markup = {
        "inline_keyboard": [
            [{"text": "Roll ⚃", "callback_data": "roll:4"}, {"text": "⚀", "disabled": {}}]
        ]
    }
    return call(
        server,
        "sendMessage",
        chat_id=GROUP,
        text=text,
        reply_markup=markup,
        ephemeral_message_parameters=parameters,
        **more,
    )


def test_a_press_answered_with_a_message_only_its_presser_sees(api: FakeBotApi) -> None:
    message_id = table(api)
    query = api.press(BOB, message_id, GROUP, "look")
    sent = panel(api, BOB, query, text="Your dice: ⚀ ⚃")
    result = sent.json()["result"]
    assert result["message_id"] == 0 and result["ephemeral_message_id"] == 1
    assert result["receiver_user"]["id"] == BOB and result["from"]["is_bot"] is True
    assert [m["text"] for m in api.messages(GROUP)] == ["The table"]  # not in the history
    (seen,) = api.ephemeral_messages(GROUP, BOB)
    assert seen["text"] == "Your dice: ⚀ ⚃" and seen["callback_query_id"] == query
    assert api.ephemeral_messages(GROUP, ANN) == []
    assert "⚀ ⚃" in api.member_view(BOB, GROUP)
    assert "⚀ ⚃" not in api.member_view(ANN, GROUP) + api.member_view(CAT, GROUP)
    assert all("⚀" not in json.dumps(u) for u in api.pending_updates())  # no update holds it
    stats = api.stats
    assert stats["per_chat"][GROUP] == {"sendMessage": 1}  # the group's call: the table only
    assert stats["ephemeral_per_chat"][GROUP] == {"sendMessage": 1}
    assert call(api, "answerCallbackQuery", callback_query_id=query).json()["ok"]
    api.assert_clean()


def test_a_press_answers_only_its_own_user_and_only_for_15_seconds(api: FakeBotApi) -> None:
    message_id = table(api)
    query = api.press(BOB, message_id, GROUP, "look")
    refused = panel(api, ANN, query)  # someone else's press
    assert refused.status_code == 400 and "QUERY_ID_INVALID" in refused.json()["description"]
    assert len(api.take_violations()) == 1
    with api._cond:
        api._queries[query].pressed_at -= 16  # the press was 16 s ago
    late = panel(api, BOB, query)
    assert late.status_code == 400 and "QUERY_ID_INVALID" in late.json()["description"]
    assert api.take_violations() == []  # a slow bot meets it: not a misuse, but refused
    assert api.ephemeral_messages(GROUP, BOB) == []
    assert panel(api, BOB, None).json()["ok"]  # without a press, to a member, it goes


def test_only_groups_and_their_members_receive_them(api: FakeBotApi) -> None:
    api.add_user(44, "Dan")  # not in the group
    refused = panel(api, 44, None)
    assert "USER_NOT_PARTICIPANT" in refused.json()["description"]
    private = call(
        api,
        "sendMessage",
        chat_id=ANN,
        text="x",
        ephemeral_message_parameters={"receiver_user_id": ANN},
    )
    assert private.status_code in (400, 403)
    api.take_violations()


def test_edit_delete_and_an_id_given_again(api: FakeBotApi) -> None:
    first = panel(api, BOB, None).json()["result"]["ephemeral_message_id"]
    where = {"chat_id": GROUP, "receiver_user_id": BOB, "ephemeral_message_id": first}
    edited = call(api, "editEphemeralMessageText", text="⚀ ⚄", **where)  # (no markup: none)
    assert edited.json() == {"ok": True, "result": True}
    same = call(api, "editEphemeralMessageText", text="⚀ ⚄", **where)
    assert "message is not modified" in same.json()["description"]
    markup = {"inline_keyboard": [[{"text": "Done", "disabled": {}}]]}
    assert call(api, "editEphemeralMessageReplyMarkup", reply_markup=markup, **where).json()["ok"]
    record = api.ephemeral_message(GROUP, BOB, first)
    assert record["text"] == "⚀ ⚄" and record["edits"] == ["⚀ ⚃"] and record["markup_edits"] == 2
    wrong = {**where, "receiver_user_id": CAT}  # the id is the chat's, the receiver Bob's
    assert "not found" in call(api, "editEphemeralMessageText", text="y", **wrong).text
    assert call(api, "deleteEphemeralMessage", **where).json()["result"] is True
    gone = call(api, "editEphemeralMessageText", text="late", **where)
    assert gone.status_code == 400 and "message to edit not found" in gone.text
    again = panel(api, CAT, None).json()["result"]["ephemeral_message_id"]
    assert again == first  # the id of a deleted message is given to another one
    assert api.take_violations() == []


def test_an_expired_message_is_gone_for_its_bot_too() -> None:
    with FakeBotApi(TOKEN, ephemeral_lifetime=0.2) as server:
        world(server)
        sent = panel(server, BOB, None).json()["result"]["ephemeral_message_id"]
        server.wait_for(lambda: not server.ephemeral_messages(GROUP, BOB), timeout=5)
        where = {"chat_id": GROUP, "receiver_user_id": BOB, "ephemeral_message_id": sent}
        assert "not found" in call(server, "editEphemeralMessageText", text="x", **where).text
        assert server.ephemeral_messages(GROUP, BOB, gone=True)[0]["deleted"] is True
        assert server.take_violations() == []


def test_presses_on_an_ephemeral_message_reach_the_bot_from_its_receiver(api: FakeBotApi) -> None:
    eid = panel(api, BOB, None).json()["result"]["ephemeral_message_id"]
    with pytest.raises(AssertionError, match="sees no ephemeral message"):
        api.press_ephemeral(ANN, GROUP, eid, "roll:4")  # Ann does not see it
    with pytest.raises(AssertionError, match="no live button"):
        api.press_ephemeral(BOB, GROUP, eid, "⚀")  # the disabled button does nothing
    query = api.press_ephemeral(BOB, GROUP, eid, "roll:4")
    (update,) = [u for u in api.pending_updates() if "callback_query" in u]
    message = update["callback_query"]["message"]
    assert message["message_id"] == 0 and message["ephemeral_message_id"] == eid
    assert message["receiver_user"]["id"] == BOB
    again = panel(api, BOB, query)  # a reply to a press on a panel is another panel...
    assert again.json()["ok"]
    replace = panel(api, BOB, query, text="z")
    assert replace.json()["ok"]
    wrong = call(
        api,
        "sendMessage",
        chat_id=GROUP,
        text="in place",
        ephemeral_message_parameters={
            "receiver_user_id": BOB,
            "callback_query_id": query,
            "replace_callback_query_message": True,  # ...never in place of it
        },
    )
    assert wrong.status_code == 400 and len(api.take_violations()) == 1


def test_a_disabled_button_is_a_button_of_its_own_kind(api: FakeBotApi) -> None:
    both = {"inline_keyboard": [[{"text": "x", "callback_data": "x", "disabled": {}}]]}
    sent = call(api, "sendMessage", chat_id=GROUP, text="t", reply_markup=both)
    assert "exactly one of the optional fields" in sent.json()["description"]
    assert len(api.take_violations()) == 1


def test_a_budget_per_receiver_outside_the_groups() -> None:
    limits = FloodLimits(per_receiver_burst=2, global_per_second=100)
    with FakeBotApi(TOKEN, flood_limits=True, limits=limits) as server:
        world(server)
        assert panel(server, BOB, None).json()["ok"] and panel(server, BOB, None).json()["ok"]
        third = panel(server, BOB, None)
        assert third.status_code == 429 and third.json()["parameters"]["retry_after"] >= 1
        assert panel(server, CAT, None).json()["ok"]  # another receiver has their own
        for _ in range(3):  # the group's budget is untouched
            assert call(server, "sendMessage", chat_id=GROUP, text="t").json()["ok"]
        assert server.take_violations() == []


def test_an_older_server_knows_none_of_it() -> None:
    with FakeBotApi(TOKEN, ephemeral="unknown") as server:
        world(server)
        probe = call(
            server, "deleteEphemeralMessage", chat_id=1, receiver_user_id=1, ephemeral_message_id=1
        )
        assert probe.status_code == 404
        leaked = panel(server, BOB, None, text="Bob's dice")
        assert leaked.json()["result"]["message_id"] > 0  # the unknown field is ignored...
        assert "Bob's dice" in server.member_view(ANN, GROUP)  # ...and everyone sees it
        assert server.take_violations() == []


def test_a_server_that_refuses_them() -> None:
    with FakeBotApi(TOKEN, ephemeral="refuse") as server:
        world(server)
        refused = panel(server, BOB, None)
        assert refused.status_code == 400 and server.take_violations() == []
        assert server.messages(GROUP) == []


def test_python_telegram_bot_speaks_it_through_do_api_request(api: FakeBotApi) -> None:
    message_id = table(api)
    query = api.press(BOB, message_id, GROUP, "look")

    async def scenario() -> tuple[Any, Any, Any]:
        async with Bot(TOKEN, base_url=api.base_url) as bot:
            sent = await bot.send_message(  # PTB 22.8 passes the fields it does not know
                GROUP,
                "Your dice",
                api_kwargs={
                    "reply_markup": {"inline_keyboard": [[{"text": "⚀", "disabled": {}}]]},
                    "ephemeral_message_parameters": {
                        "receiver_user_id": BOB,
                        "callback_query_id": query,
                    },
                },
            )
            await bot.answer_callback_query(query)
            eid = sent.api_kwargs["ephemeral_message_id"]
            pressed = api.press_ephemeral
            markup = {"inline_keyboard": [[{"text": "Go", "callback_data": "go"}]]}
            await bot.do_api_request(
                "edit_ephemeral_message_reply_markup",
                api_kwargs={
                    "chat_id": GROUP,
                    "receiver_user_id": BOB,
                    "ephemeral_message_id": eid,
                    "reply_markup": markup,
                },
            )
            pressed(BOB, GROUP, eid, "go")
            updates = await bot.get_updates(offset=-1)
            return sent, updates[-1], eid

    sent, update, eid = asyncio.run(scenario())
    assert isinstance(update, Update) and update.callback_query is not None
    message = update.callback_query.message
    assert message.message_id == 0
    assert message.api_kwargs["ephemeral_message_id"] == eid
    assert message.api_kwargs["receiver_user"]["id"] == BOB
    assert sent.message_id == 0 and sent.api_kwargs["receiver_user"]["id"] == BOB
