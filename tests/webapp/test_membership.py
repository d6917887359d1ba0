"""Only a group's members sit at its table from the Mini App; others watch only if the table
lets anyone with the link watch. Asked of the (fake) Bot API with getChatMember, cached."""

from __future__ import annotations

import pytest

from tables.engine.redis_server import free_port
from tables.table import lobby
from tables.table.model import ChatRef
from tables.table.store import TableStore
from tests.webapp.conftest import TOKEN, USERS, auth
from webapp.app import create_app
from webapp.config import WebConfig
from webapp.membership import BotApiMembership, MembershipUnknown, cache_key

GROUP = -100246
ALICE, BOB, CAROL, DAVE = 1, 2, 3, 4  # Dave is not in the group


@pytest.fixture
def world(bot_api, redis_client):
    for user_id, user in USERS.items():
        bot_api.add_user(user_id, user["first_name"])
    bot_api.add_chat(GROUP, members=[ALICE, BOB, CAROL])
    store = TableStore(redis_client)
    config = WebConfig(bot_token=TOKEN, api_base_url=bot_api.base_url)
    client = create_app(store, config).test_client()
    table = store.create(ChatRef(GROUP), ALICE, "Alice", game="mia").table
    yield store, client, table
    bot_api.assert_clean()


def asked(bot_api) -> int:
    return len(bot_api.calls_to("getChatMember"))


def code(response) -> str:
    return response.get_json()["error"]["code"]


def test_a_member_may_watch_and_an_outsider_may_not(world, bot_api):
    _store, client, table = world
    watching = client.get(f"/api/tables/{table.id}", headers=auth(CAROL))
    assert watching.status_code == 200 and watching.get_json()["you"] is None
    refused = client.get(f"/api/tables/{table.id}", headers=auth(DAVE))
    assert refused.status_code == 403 and code(refused) == "not_member"
    waiting = client.get(f"/api/tables/{table.id}/wait?after=0", headers=auth(DAVE))
    assert waiting.status_code == 403 and code(waiting) == "not_member"


def test_only_members_sit_down(world):
    store, client, table = world
    refused = client.post(
        f"/api/tables/{table.id}/lobby", json={"verb": "join"}, headers=auth(DAVE)
    )
    assert refused.status_code == 403 and code(refused) == "not_member"
    assert store.load(table.id).version == table.version  # nothing changed
    joined = client.post(f"/api/tables/{table.id}/lobby", json={"verb": "join"}, headers=auth(BOB))
    assert joined.status_code == 200 and joined.get_json()["you"] == 1


def test_a_table_open_to_anyone_lets_outsiders_watch_but_not_sit(world):
    store, client, table = world
    store.change(table.id, lambda t: lobby.change_setting(t, ALICE, "spectators", "anyone"))
    watching = client.get(f"/api/tables/{table.id}", headers=auth(DAVE))
    assert watching.status_code == 200 and watching.get_json()["you"] is None
    refused = client.post(
        f"/api/tables/{table.id}/lobby", json={"verb": "join"}, headers=auth(DAVE)
    )
    assert refused.status_code == 403 and code(refused) == "not_member"


def test_the_answer_is_cached_briefly_and_seated_people_are_never_asked(
    world, bot_api, redis_client
):
    _store, client, table = world
    for _ in range(3):
        assert client.get(f"/api/tables/{table.id}", headers=auth(ALICE)).status_code == 200
    assert asked(bot_api) == 0  # Alice is seated
    for _ in range(3):
        assert client.get(f"/api/tables/{table.id}", headers=auth(DAVE)).status_code == 403
        assert client.get(f"/api/tables/{table.id}", headers=auth(CAROL)).status_code == 200
    assert asked(bot_api) == 2  # once each
    assert 0 < redis_client.ttl(cache_key(GROUP, DAVE)) <= 60
    assert redis_client.get(cache_key(GROUP, CAROL)) == b"1"


def test_a_practice_table_belongs_to_its_one_person(bot_api, redis_client):
    store = TableStore(redis_client)
    config = WebConfig(bot_token=TOKEN, api_base_url=bot_api.base_url)
    client = create_app(store, config).test_client()
    table = store.create(ChatRef(ALICE), ALICE, "Alice", game="mia").table
    assert client.get(f"/api/tables/{table.id}", headers=auth(BOB)).status_code == 403
    assert asked(bot_api) == 0


def test_when_telegram_cannot_be_asked_the_answer_is_unavailable_not_a_guess(redis_client):
    store = TableStore(redis_client)
    closed = f"http://127.0.0.1:{free_port()}/bot"
    client = create_app(store, WebConfig(bot_token=TOKEN, api_base_url=closed)).test_client()
    table = store.create(ChatRef(GROUP), ALICE, "Alice", game="mia").table
    response = client.get(f"/api/tables/{table.id}", headers=auth(CAROL))
    assert response.status_code == 503 and code(response) == "unavailable"
    assert redis_client.get(cache_key(GROUP, CAROL)) is None  # not remembered


def answering(status: int, body: object):
    def post(url: str, data: dict) -> tuple[int, object]:
        assert url.endswith("/getChatMember") and set(data) == {"chat_id", "user_id"}
        return status, body

    return post


@pytest.mark.parametrize(
    ("status", "body", "member"),
    [
        (200, {"ok": True, "result": {"status": "creator"}}, True),
        (200, {"ok": True, "result": {"status": "administrator"}}, True),
        (200, {"ok": True, "result": {"status": "member"}}, True),
        (200, {"ok": True, "result": {"status": "restricted", "is_member": True}}, True),
        (200, {"ok": True, "result": {"status": "restricted", "is_member": False}}, False),
        (200, {"ok": True, "result": {"status": "left"}}, False),
        (200, {"ok": True, "result": {"status": "kicked"}}, False),
        (
            400,
            {"ok": False, "error_code": 400, "description": "Bad Request: user not found"},
            False,
        ),
        (403, {"ok": False, "error_code": 403, "description": "Forbidden: bot was kicked"}, False),
        (429, {"ok": False, "error_code": 429, "description": "Too Many Requests"}, None),
        (502, {"ok": False}, None),
        (200, {"ok": True, "result": []}, None),
        (200, ["not", "an", "object"], None),
    ],
)
def test_what_counts_as_a_member(redis_client, status, body, member):
    membership = BotApiMembership(
        redis_client, TOKEN, "https://api.example/bot", post=answering(status, body)
    )
    if member is None:
        with pytest.raises(MembershipUnknown):
            membership.is_member(GROUP, 77)
    else:
        assert membership.is_member(GROUP, 77) is member
