"""Bad input of any kind on the Mini App API: never a 5xx, never a traceback, always a JSON
error with a code, and the table unchanged."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tables.table import lobby
from tables.table.model import ChatRef
from tables.table.store import TableStore
from tests.webapp.conftest import TOKEN, USERS
from webapp.app import create_app
from webapp.config import WebConfig
from webapp.init_data import sign_user
from webapp.local import LocalMode

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=50),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=12,
)
HEADERS = st.one_of(
    st.none(),
    # Any header an HTTP client can send: latin-1, no line breaks.
    st.text(max_size=300).map(
        lambda t: (
            t.encode("latin-1", "replace").decode("latin-1").replace("\r", "").replace("\n", "")
        )
    ),
    st.builds(lambda t: "tma " + t, st.text(alphabet="abc=&%0123456789hashuser", max_size=200)),
    st.just("tma " + sign_user(TOKEN, USERS[1])),
)


@pytest.fixture
def setup(redis_client):
    store = TableStore(redis_client)
    table = store.create(ChatRef(-100123), 1, "Alice", game="mia").table
    store.change(table.id, lambda t: lobby.join(t, 2, "Bob"))
    table = store.change(table.id, lambda t: lobby.start(t, 1, store.rng)).table
    # Thousands of requests from one account: the input is under test, not the rate limit.
    config = WebConfig(
        bot_token=TOKEN,
        long_poll_seconds=0,
        request_rate_per_person=10**6,
        request_burst_per_person=10**6,
    )
    client = create_app(store, config).test_client()
    return store, table, client


def check(response) -> None:
    assert response.status_code < 500, response.data
    body = response.get_json(silent=True)
    assert body is not None, response.data
    if response.status_code >= 400:
        assert set(body) == {"error"} and body["error"]["code"] and body["error"]["message"]
    assert b"Traceback" not in response.data


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    method=st.sampled_from(["GET", "POST", "PUT", "DELETE", "PATCH"]),
    path=st.sampled_from(
        [
            "/api/me",
            "/api/tables/{t}",
            "/api/tables/{t}/moves",
            "/api/tables/{t}/lobby",
            "/api/tables/{t}/wait",
            "/api/tables/x",
            "/api/tables/{t}/wait?after=-1",
            "/api/tables/{t}/wait?after=abc",
            "/api/nope",
            "/api/tables/%00/moves",
            "/api/tables/{t}/wait?after=²",
            "/api/tables/{t}/wait?timeout=¹",
            "/api/tables/{t}/wait?after=١٢&timeout=٣",
            "/api/replays/{t}-1",
            "/api/replays/{t}-١",
            "/api/replays/{t}-1%0a",
            "/api/replays/%00",
            "/api/replays/{t}-99999999999999999999",
            "/api/my-games",
        ]
    ),
    header=HEADERS,
    body=st.one_of(
        JSON_VALUES.map(json.dumps), st.binary(max_size=300).map(lambda b: b.decode("latin-1"))
    ),
    content_type=st.sampled_from(["application/json", "text/plain", None]),
)
def test_any_request_gets_a_clear_answer_and_changes_nothing(
    setup, method, path, header, body, content_type
):
    store, table, client = setup
    headers = {} if header is None else {"Authorization": header}
    if content_type:
        headers["Content-Type"] = content_type
    response = client.open(path.format(t=table.id), method=method, headers=headers, data=body)
    check(response)
    current = store.load(table.id)
    if response.status_code != 200 or method == "GET":
        assert current.version == table.version


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(body=JSON_VALUES)
def test_any_json_move_body_from_a_seated_player_is_answered(setup, body):
    store, table, client = setup
    actor = table.seats[table.state["to_act"]].user_id
    headers = {"Authorization": "tma " + sign_user(TOKEN, USERS[actor])}
    response = client.post(f"/api/tables/{table.id}/moves", json=body, headers=headers)
    check(response)
    legal = isinstance(body, dict) and body.get("version") == table.version
    if not legal:
        assert store.load(table.id).version == table.version


# Digits of every script pass str.isdigit() ("²", "١", "५"), and some of them int() refuses.
UNICODE_NUMBERS = st.text(
    alphabet=st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=12
)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(name=st.sampled_from(["after", "timeout"]), value=UNICODE_NUMBERS | st.text(max_size=12))
def test_any_number_in_a_wait_query_is_answered(setup, name, value):
    _store, table, client = setup
    headers = {"Authorization": "tma " + sign_user(TOKEN, USERS[1])}
    response = client.get(
        f"/api/tables/{table.id}/wait", query_string={name: value}, headers=headers
    )
    check(response)
    if not (value.isascii() and value.isdigit()):
        assert response.status_code == 400, value


# Each within the 4096 bytes a body may have: the nesting, not the size, is the trouble.
NESTED = ["[" * 4000, "{" * 4000, '{"a":' * 800, "[" * 2000 + "]" * 2000, '{"verb":' + "[" * 4000]


@pytest.mark.parametrize("body", NESTED, ids=["list", "object", "keys", "closed", "value"])
@pytest.mark.parametrize("path", ["/api/tables/{t}/moves", "/api/tables/{t}/lobby"])
def test_deeply_nested_json_is_a_bad_request(setup, path, body):
    store, table, client = setup
    headers = {
        "Authorization": "tma " + sign_user(TOKEN, USERS[1]),
        "Content-Type": "application/json",
    }
    response = client.post(path.format(t=table.id), data=body, headers=headers)
    check(response)
    assert response.status_code == 400 and response.get_json()["error"]["code"] == "bad_request"
    assert store.load(table.id).version == table.version


@pytest.mark.parametrize("body", NESTED, ids=["list", "object", "keys", "closed", "value"])
@pytest.mark.parametrize("path", ["/local/session", "/local/tables"])
def test_deeply_nested_json_is_a_bad_request_in_local_mode(redis_client, path, body):
    local = LocalMode.new()
    app = create_app(TableStore(redis_client), WebConfig.from_env({}, local=True), local=local)
    client = app.test_client()
    user = {"id": 2**52 + 1, "first_name": "Alice"}
    headers = {
        "Authorization": "tma " + sign_user(local.secret, user),
        "Content-Type": "application/json",
    }
    response = client.post(path, data=body, headers=headers)
    check(response)
    assert response.status_code == 400
