"""The census an owner's /status and the open-tables gauge read."""

from __future__ import annotations

from tables.table import census, lobby
from tables.table.model import ChatRef
from tables.table.store import TableStore


def test_open_tables_are_counted_by_game_and_status_and_closed_ones_are_not(redis_client):
    store = TableStore(redis_client)
    store.create(ChatRef(-1), 1, "Ann", game="mia")
    playing = store.create(ChatRef(-2), 1, "Ann", game="myllymatti").table
    store.change(playing.id, lambda t: lobby.join(t, 2, "Bob"))
    store.change(playing.id, lambda t: lobby.start(t, 1, store.rng))
    cancelled = store.create(ChatRef(-3), 1, "Ann", game="mia").table
    store.change(cancelled.id, lambda t: lobby.cancel(t, 1))
    assert census.open_tables(store) == {("mia", "lobby"): 1, ("myllymatti", "playing"): 1}


def test_changes_of_the_last_minute_are_read_from_the_update_stream(redis_client):
    store = TableStore(redis_client)
    table = store.create(ChatRef(-1), 1, "Ann", game="mia").table
    store.change(table.id, lambda t: lobby.join(t, 2, "Bob"))
    assert census.changes_last_minute(store) == 2  # opened, joined
    assert census.changes_last_minute(store, now=store.clock() + 120) == 0


def test_redis_facts_say_it_answers_and_its_version(redis_client):
    facts = census.redis_facts(TableStore(redis_client))
    assert facts.answers and facts.version.count(".") == 2 and facts.memory
