"""The hooks count what happened, once, on real tables in the test Redis."""

from __future__ import annotations

import pytest
import redis
from prometheus_client import REGISTRY
from redis.backoff import NoBackoff

from games.errors import GameError
from ops import metrics
from tables.engine.connection import CountingRetry
from tables.engine.redis_server import free_port
from tables.table import lobby, play
from tables.table.errors import StaleMove
from tables.table.model import ChatRef
from tables.table.store import TableStore


def value(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


@pytest.fixture
def playing(redis_client):
    store = TableStore(redis_client)
    table = store.create(ChatRef(-4242), 1, "Ann", game="mia").table
    store.change(table.id, lambda t: lobby.join(t, 2, "Bob"))
    return store, store.change(table.id, lambda t: lobby.start(t, 1, store.rng)).table


def mover(table) -> int:
    return table.seats[table.state["to_act"]].user_id


def test_a_move_is_counted_applied_and_timed_and_a_repeat_refused_as_stale(playing):
    store, table = playing
    applied = value("cupclaim_moves_applied_total", game="mia")
    timed = value("cupclaim_move_seconds_count", game="mia")
    stale = value("cupclaim_moves_refused_total", game="mia", reason="stale")
    user = mover(table)
    store.change(table.id, lambda t: play.move(t, user, "claim:31", store.rng), table.version)
    with pytest.raises(StaleMove):
        store.change(table.id, lambda t: play.move(t, user, "claim:32", store.rng), table.version)
    assert value("cupclaim_moves_applied_total", game="mia") == applied + 1
    assert value("cupclaim_move_seconds_count", game="mia") == timed + 1
    assert value("cupclaim_moves_refused_total", game="mia", reason="stale") == stale + 1


def test_a_rule_refusal_is_counted_by_its_code_and_a_lobby_refusal_is_not_a_move(playing):
    store, table = playing
    other = 2 if mover(table) == 1 else 1
    before = value("cupclaim_moves_refused_total", game="mia", reason="not_your_turn")
    with pytest.raises(GameError):
        store.change(table.id, lambda t: play.move(t, other, "claim:31", store.rng))
    assert value("cupclaim_moves_refused_total", game="mia", reason="not_your_turn") == before + 1
    lobby_table = store.create(ChatRef(-4343), 1, "Ann", game="mia").table
    refused = sum_refused()
    with pytest.raises(Exception):  # noqa: B017 (not the creator: whatever the rule's error)
        store.change(lobby_table.id, lambda t: lobby.start(t, 3, store.rng))
    assert sum_refused() == refused


def sum_refused() -> float:
    return sum(
        sample.value
        for family in metrics.MOVES_REFUSED.collect()
        for sample in family.samples
        if sample.name.endswith("_total")
    )


def test_tables_are_counted_as_they_open_and_start(redis_client):
    store = TableStore(redis_client)
    opened = value("cupclaim_tables_total", game="mia", event="opened")
    started = value("cupclaim_tables_total", game="mia", event="started")
    table = store.create(ChatRef(-4444), 1, "Ann", game="mia").table
    store.change(table.id, lambda t: lobby.join(t, 2, "Bob"))
    store.change(table.id, lambda t: lobby.start(t, 1, store.rng))
    assert value("cupclaim_tables_total", game="mia", event="opened") == opened + 1
    assert value("cupclaim_tables_total", game="mia", event="started") == started + 1


def test_switched_off_the_hooks_count_nothing(playing):
    store, table = playing
    applied = value("cupclaim_moves_applied_total", game="mia")
    metrics.set_enabled(False)
    try:
        user = mover(table)
        store.change(table.id, lambda t: play.move(t, user, "claim:31", store.rng))
    finally:
        metrics.set_enabled(True)
    assert value("cupclaim_moves_applied_total", game="mia") == applied


def test_a_redis_that_is_not_there_is_counted_once_per_failed_attempt():
    retry = CountingRetry(NoBackoff(), retries=2, supported_errors=(redis.ConnectionError,))
    client = redis.Redis(port=free_port(), retry=retry, socket_connect_timeout=0.5)
    before = value("cupclaim_redis_errors_total", kind="connection")
    with pytest.raises(redis.ConnectionError) as failure:
        client.ping()
    counted = value("cupclaim_redis_errors_total", kind="connection") - before
    assert 1 <= counted <= 3  # the first try and its 2 retries, never twice for one error
    metrics.redis_error(failure.value)  # the front door that answers "unavailable"
    assert value("cupclaim_redis_errors_total", kind="connection") - before == counted
