"""A move whose reply is lost after Redis applied it: the answer is the truth (it happened),
not "stale" and not a second application. The connection is cut by a proxy right after Redis
answered the check-and-set, through the fast link and through redis-py's pipeline."""

from __future__ import annotations

import httpx
import pytest

from tables.engine.connection import make_client
from tables.table import lobby, play
from tables.table.model import ChatRef
from tables.table.store import TableStore
from tests.webapp.conftest import TOKEN, WebServer, auth
from webapp.app import create_app
from webapp.config import WebConfig

GROUP = ChatRef(-100555)


@pytest.fixture(params=["fast link", "redis-py pipeline"])
def store(request, proxy) -> TableStore:
    store = TableStore(make_client(proxy.url))
    if request.param == "redis-py pipeline":
        store.committer._link._usable = False  # as with TLS or a unix socket
    return store


def playing(store: TableStore):
    table = store.create(GROUP, 1, "Alice", game="mia").table
    store.change(table.id, lambda t: lobby.join(t, 2, "Bob"))
    return store.change(table.id, lambda t: lobby.start(t, 1, store.rng)).table


def test_a_move_whose_reply_is_lost_reports_that_it_happened(store, proxy, redis_client):
    table = playing(store)
    seat = table.state["to_act"]
    user = table.seats[seat].user_id
    decision = play.decision_of(table, seat)
    proxy.lose_next_reply(b"EVALSHA")
    outcome = store.change(
        table.id,
        lambda t: play.move(t, user, "claim:31", store.rng, decision=decision),
        expected_version=table.version,
    )
    assert proxy.lost == 1
    assert outcome.table.version == table.version + 1
    assert int(redis_client.hget(f"table:{{{table.id}}}", "v")) == table.version + 1  # once
    assert store.load(table.id).state == outcome.table.state


def test_a_lobby_join_whose_reply_is_lost_is_not_applied_twice(store, proxy):
    table = store.create(GROUP, 1, "Alice", game="mia").table
    proxy.lose_next_reply(b"EVALSHA")
    outcome = store.change(table.id, lambda t: lobby.join(t, 2, "Bob"))  # no AlreadySeated
    assert proxy.lost == 1
    assert [seat.user_id for seat in outcome.table.seats] == [1, 2]
    assert store.load(table.id).version == table.version + 1


def test_a_real_race_is_still_stale(store, proxy, redis_client):
    table = playing(store)
    seat = table.state["to_act"]
    user = table.seats[seat].user_id
    decision = play.decision_of(table, seat)
    other = TableStore(redis_client)
    other.change(table.id, lambda t: play.move(t, user, "claim:31", other.rng, decision=decision))
    with pytest.raises(Exception) as refused:
        store.change(
            table.id,
            lambda t: play.move(t, user, "claim:32", store.rng, decision=decision),
            expected_version=table.version,
        )
    assert getattr(refused.value, "code", None) == "stale"


def test_the_mini_app_answers_200_when_the_reply_of_its_move_was_lost(store, proxy):
    table = playing(store)
    seat = table.state["to_act"]
    user = table.seats[seat].user_id
    web = WebServer(create_app(store, WebConfig(bot_token=TOKEN))).start()
    try:
        proxy.lose_next_reply(b"EVALSHA")
        response = httpx.post(
            f"{web.url}/api/tables/{table.id}/moves",
            json={"action": "claim:31", "decision": play.decision_of(table, seat)},
            headers=auth(user),
            timeout=30,
        )
    finally:
        web.stop()
    assert proxy.lost == 1
    assert response.status_code == 200, response.text
    assert response.json()["version"] == table.version + 1
