"""Tables in a real redis-server: lobby, seats, atomic versioned moves, expiry."""

from __future__ import annotations

import threading

import pytest

from games.errors import NotYourTurn
from tables.engine import keys
from tables.fairness import seal
from tables.table import lobby, play
from tables.table.errors import (
    AlreadySeated,
    NoSuchTable,
    NotAllowed,
    NotEnoughPlayers,
    NotInLobby,
    NotSeated,
    StaleMove,
    TableExists,
    TableFull,
)
from tables.table.model import CANCELLED, EXPIRED, FINISHED, LOBBY, PLAYING, ChatRef
from tables.table.store import TableConfig, TableStore
from tests.games.mia.scripted import ScriptedRng

GROUP = ChatRef(-100123)
ALICE, BOB, CAROL = 1, 2, 3


@pytest.fixture
def store(redis_client, clock):
    return TableStore(redis_client, clock=clock, rng=ScriptedRng(starter=0))


def open_table(store, chat=GROUP, players=((ALICE, "Alice"), (BOB, "Bob"))):
    table = store.create(chat, players[0][0], players[0][1], game="mia").table
    for user_id, name in players[1:]:
        table = store.change(table.id, lambda t, u=user_id, n=name: lobby.join(t, u, n)).table
    return table


def started(store, **kwargs):
    table = open_table(store, **kwargs)
    return store.change(table.id, lambda t: lobby.start(t, ALICE, store.rng)).table


# --- lobby -------------------------------------------------------------------------------


def test_creating_a_table_opens_a_lobby_with_its_creator_seated(store):
    table = store.create(GROUP, ALICE, "Alice", game="mia").table
    loaded = store.load(table.id)
    assert loaded.status == LOBBY and loaded.version == 1
    assert [seat.name for seat in loaded.seats] == ["Alice"]
    assert loaded.settings["lives"] == 3
    assert store.find_open(GROUP).id == table.id


def test_a_chat_has_one_open_table(store):
    first = store.create(GROUP, ALICE, "Alice", game="mia").table
    with pytest.raises(TableExists) as raised:
        store.create(GROUP, BOB, "Bob", game="mia")
    assert raised.value.table_id == first.id


def test_tables_in_other_chats_and_forum_topics_do_not_interfere(store):
    a = store.create(GROUP, ALICE, "Alice", game="mia").table
    b = store.create(ChatRef(-100999), ALICE, "Alice", game="mia").table
    c = store.create(ChatRef(-100123, thread_id=7), BOB, "Bob", game="mia").table
    assert len({a.id, b.id, c.id}) == 3
    store.change(a.id, lambda t: lobby.cancel(t, ALICE))
    assert store.find_open(ChatRef(-100999)).id == b.id
    assert store.find_open(ChatRef(-100123, thread_id=7)).id == c.id


def test_a_closed_table_frees_its_chat_for_a_new_one(store):
    table = store.create(GROUP, ALICE, "Alice", game="mia").table
    store.change(table.id, lambda t: lobby.cancel(t, ALICE))
    assert store.find_open(GROUP) is None
    assert store.create(GROUP, BOB, "Bob", game="mia").table.id != table.id


def test_join_leave_and_rejoin(store):
    table = open_table(store)
    with pytest.raises(AlreadySeated):
        store.change(table.id, lambda t: lobby.join(t, BOB, "Bob"))
    table = store.change(table.id, lambda t: lobby.leave(t, BOB)).table
    assert [s.name for s in table.seats] == ["Alice"]
    with pytest.raises(NotSeated):
        store.change(table.id, lambda t: lobby.leave(t, BOB))


def test_a_table_seats_at_most_ten(store):
    table = store.create(GROUP, 100, "P0", game="mia").table
    for user in range(101, 110):
        table = store.change(table.id, lambda t, u=user: lobby.join(t, u, f"P{u}")).table
    with pytest.raises(TableFull):
        store.change(table.id, lambda t: lobby.join(t, 200, "Late"))


def test_only_the_creator_or_an_admin_changes_settings_kicks_and_starts(store):
    table = open_table(store)
    for change in (
        lambda t: lobby.change_setting(t, BOB, "lives", 5),
        lambda t: lobby.kick(t, BOB, 0),
        lambda t: lobby.start(t, BOB, store.rng),
        lambda t: lobby.cancel(t, BOB),
    ):
        with pytest.raises(NotAllowed):
            store.change(table.id, change)
    assert store.load(table.id).version == table.version  # nothing changed
    table = store.change(table.id, lambda t: lobby.change_setting(t, BOB, "lives", 5, True)).table
    assert table.settings["lives"] == 5
    table = store.change(table.id, lambda t: lobby.kick(t, ALICE, 1)).table
    assert [s.name for s in table.seats] == ["Alice"]


def test_choosing_a_preset_then_changing_one_setting(store):
    table = open_table(store)
    table = store.change(table.id, lambda t: lobby.choose_preset(t, ALICE, "classic")).table
    assert table.settings["lives"] == 6 and table.settings["fold_on_mia"] is True
    table = store.change(table.id, lambda t: lobby.change_setting(t, ALICE, "lives", 3)).table
    assert table.settings["doubles"] == "11-high" and table.settings["lives"] == 3


def test_the_creator_leaving_hands_the_table_on(store):
    table = open_table(store)
    table = store.change(table.id, lambda t: lobby.leave(t, ALICE)).table
    assert table.creator_id == BOB and table.status == LOBBY


def test_the_last_person_leaving_cancels_the_lobby(store):
    table = store.create(GROUP, ALICE, "Alice", game="mia").table
    table = store.change(table.id, lambda t: lobby.leave(t, ALICE)).table
    assert table.status == CANCELLED and store.find_open(GROUP) is None


def test_a_game_needs_two_seats_to_start(store):
    table = store.create(GROUP, ALICE, "Alice", game="mia").table
    with pytest.raises(NotEnoughPlayers):
        store.change(table.id, lambda t: lobby.start(t, ALICE, store.rng))


def test_names_are_cleaned_for_shared_messages(store):
    table = store.create(GROUP, ALICE, "  Alice\n\nthe   Great " + "x" * 40, game="mia").table
    assert "\n" not in table.seats[0].name and len(table.seats[0].name) <= 32


# --- moves -------------------------------------------------------------------------------


def test_starting_deals_a_game_and_the_lobby_closes_to_joins(store):
    table = started(store)
    assert table.status == PLAYING and table.state["to_act"] == 0
    with pytest.raises(NotInLobby):
        store.change(table.id, lambda t: lobby.join(t, CAROL, "Carol"))


def test_a_move_applies_once_and_a_second_click_on_the_old_version_changes_nothing(store):
    table = started(store)
    version, seen = table.version, play.decision_of(table, 0)
    after = store.change(
        table.id, lambda t: play.move(t, ALICE, "claim:43", store.rng, decision=seen)
    )
    assert after.table.version == version + 1
    assert [e["type"] for e in after.events] == ["claimed"]
    with pytest.raises(StaleMove):
        store.change(table.id, lambda t: play.move(t, ALICE, "claim:43", store.rng, decision=seen))
    assert store.load(table.id).version == version + 1


def test_a_move_out_of_turn_is_refused_and_changes_nothing(store):
    table = started(store)
    with pytest.raises(NotYourTurn):
        store.change(table.id, lambda t: play.move(t, BOB, "claim:43", store.rng))
    with pytest.raises(NotSeated):
        store.change(table.id, lambda t: play.move(t, CAROL, "claim:43", store.rng))
    assert store.load(table.id).to_dict() == table.to_dict()


def test_many_identical_clicks_at_once_apply_the_move_once(store, redis_client):
    table = started(store)
    seen = play.decision_of(table, 0)
    results: list[str] = []

    def click():
        other = TableStore(redis_client, rng=ScriptedRng(None))
        try:
            other.change(table.id, lambda t: play.move(t, ALICE, "claim:43", other.rng, seen))
            results.append("applied")
        except StaleMove:
            results.append("stale")

    threads = [threading.Thread(target=click) for _ in range(30)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results.count("applied") == 1 and results.count("stale") == 29
    assert len(store.log.events_after(store.load(table.id), table.version)) == 1


def test_concurrent_joins_all_get_a_seat(store, redis_client):
    table = store.create(GROUP, 100, "Host", game="mia").table

    def join(user):
        TableStore(redis_client).change(table.id, lambda t: lobby.join(t, user, f"P{user}"))

    threads = [threading.Thread(target=join, args=(u,)) for u in range(101, 110)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(store.load(table.id).seats) == 10


def test_the_event_stream_holds_each_versions_public_game_events(store):
    table = started(store)
    store.change(table.id, lambda t: play.move(t, ALICE, "claim:43", store.rng))
    versions = store.log.events_after(store.load(table.id), 0)
    # Lobby chatter (joins) is not kept; the game's events are, by version, compactly.
    assert [v for v, _ in versions] == [table.version, table.version + 1]
    assert [e["type"] for e in versions[0][1]] == ["started", "game_started", "round_started"]
    assert versions[-1][1] == [{"type": "claimed", "seat": 0, "claim": "43"}]
    assert store.log.events_after(store.load(table.id), table.version + 1) == []
    assert "salt" not in str(versions) and "dice" not in str(versions)  # nothing secret


def test_a_finished_game_closes_the_table_and_frees_the_chat(store):
    table = started(store)
    for _ in range(3):
        current = store.load(table.id)
        seat = current.state["to_act"]
        user = current.seats[seat].user_id
        store.change(table.id, lambda t, u=user: play.move(t, u, "claim:21", store.rng))
        other = current.seats[1 - seat].user_id
        store.change(table.id, lambda t, u=other: play.move(t, u, "challenge", store.rng))
    final = store.load(table.id)
    assert final.status == FINISHED and store.find_open(GROUP) is None


def test_leaving_a_running_game_resigns_the_seat(store):
    table = started(store, players=((ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol")))
    table = store.change(table.id, lambda t: play.resign(t, CAROL, store.rng)).table
    assert table.state["lives"][2] == 0 and table.status == PLAYING


def test_unknown_and_malformed_table_ids_are_no_such_table(store):
    for table_id in ("nosuchtab1", "", "../../etc", "x" * 200, "{abc}"):
        with pytest.raises(NoSuchTable):
            store.load(table_id)


# --- keys, expiry --------------------------------------------------------------------------


def test_every_key_of_a_table_carries_its_hash_tag(store, redis_client):
    table = started(store)
    own = [k.decode() for k in redis_client.keys(f"*{table.id}*")]
    # The table, its game's public log, and its sealed record (the replay's, tables.fairness.seal).
    expected = [keys.table(table.id), keys.game_log(table.id, 1), seal.seal_key(table.id, 1)]
    assert sorted(own) == sorted(expected)
    assert all(f"{{{table.id}}}" in key for key in own)
    assert 0 < redis_client.ttl(keys.table(table.id)) <= TableConfig().open_key_ttl


def test_a_tables_hash_stays_compact_with_its_document(store, redis_client):
    """The document is the one long value of the hash: within the limit every Redis of the
    project runs with (tables.engine.redis_server), the hash stays a listpack (bench.memory)."""
    table = started(store, players=((ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol")))
    store.change(table.id, lambda t: play.move(t, ALICE, "claim:31", store.rng))
    encoding = redis_client.object("encoding", keys.table(table.id))
    assert encoding in (b"listpack", b"ziplist"), encoding


def test_an_abandoned_lobby_expires_after_an_hour_exactly_once(store, redis_client, clock):
    table = open_table(store)
    clock.now += 3599
    assert store.due_tables() == []
    clock.now += 2
    assert store.due_tables() == [table.id]
    second_worker = TableStore(redis_client, clock=clock)
    outcomes = [store.fire_deadline(table.id), second_worker.fire_deadline(table.id)]
    fired = [o for o in outcomes if o is not None]
    assert len(fired) == 1 and fired[0].events == [{"type": "expired", "phase": "lobby"}]
    assert store.load(table.id).status == EXPIRED
    assert store.due_tables() == [] and store.find_open(GROUP) is None


def test_activity_pushes_the_lobby_deadline_back(store, clock):
    table = open_table(store)
    clock.now += 3000
    store.change(table.id, lambda t: lobby.join(t, CAROL, "Carol"))
    clock.now += 1000
    assert store.fire_deadline(table.id) is None
    assert store.load(table.id).status == LOBBY


def test_an_idle_game_expires_after_a_day(store, clock):
    table = open_table(store)
    store.change(table.id, lambda t: lobby.change_setting(t, ALICE, "turn_timer", 0))
    table = store.change(table.id, lambda t: lobby.start(t, ALICE, store.rng)).table
    clock.now += 86400 + 1
    assert store.fire_deadline(table.id).events == [{"type": "expired", "phase": "game"}]
