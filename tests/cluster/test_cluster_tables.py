"""Tables on a Redis Cluster: every key of a table in its slot, the global indexes split in
partitions spread over every master, notices by sharded pub/sub, the update stream read
across partitions, deadlines found in every partition."""

from __future__ import annotations

import threading

from redis.crc import key_slot

from games.mia import GAME
from tables.engine import keys
from tables.engine.watch import watcher_for
from tables.profiles import stats
from tables.table import lobby, play, updates
from tables.table.model import ChatRef
from tables.table.store import TableStore


def playing(store: TableStore, chat: int):
    table = store.create(ChatRef(chat), 1, "Alice", game="mia").table
    store.change(table.id, lambda t: lobby.join(t, 2, "Bob"))
    return store.change(table.id, lambda t: lobby.start(t, 1, store.rng)).table


def any_move(store: TableStore, table):
    seat = table.state["to_act"]
    legal = GAME.rules.legal_actions(GAME.rules.load(table.state), seat)
    action = "challenge" if "challenge" in legal else legal[0]
    user = table.seats[seat].user_id
    return store.change(
        table.id, lambda t: play.move(t, user, action, store.rng), table.version
    ).table


def test_the_partitions_of_the_global_keys_are_spread_over_every_master(
    cluster_client, redis_cluster
):
    layout = keys.layout_of(cluster_client)
    assert layout.cluster and layout.partitions == keys.PARTITIONS
    owners = {
        redis_cluster.node_for_slot(key_slot(layout.updates(p).encode())).port for p in layout.all()
    }
    assert owners == {node.port for node in redis_cluster.master_nodes()}
    for partition in layout.all():  # each partition's keys share one slot
        slots = {key_slot(k.encode()) for k in (layout.active(partition),
                 layout.deadlines(partition), layout.updates(partition))}  # fmt: skip
        assert len(slots) == 1


def test_every_key_of_a_table_lives_in_the_table_slot(cluster_client):
    store = TableStore(cluster_client)
    table = any_move(store, playing(store, -1))
    slot = key_slot(keys.table(table.id).encode())
    table_keys = [
        k.decode()
        for node in cluster_client.get_primaries()
        for k in cluster_client.get_redis_connection(node).keys(f"*{{{table.id}}}*")
    ]
    assert keys.game_log(table.id, table.game_no) in table_keys
    assert {key_slot(k.encode()) for k in table_keys} == {slot}
    assert key_slot(keys.CLUSTERED.changes_channel(table.id).encode()) == slot


def test_games_on_many_tables_are_moved_indexed_and_announced(cluster_client):
    store = TableStore(cluster_client)
    updates.ensure_group(cluster_client)
    tables = [playing(store, -100 - n) for n in range(24)]
    tables = [any_move(store, table) for table in tables]
    partitions = {store.layout.partition(t.id) for t in tables}
    assert len(partitions) > 4  # spread over partitions (and so over nodes)
    seen: dict[str, int] = {}
    for _ in range(20):
        entries = updates.read(cluster_client, "worker", block_ms=100)
        updates.ack(cluster_client, [entry for entry, _ in entries])
        for _, table_id in entries:
            seen[table_id] = seen.get(table_id, 0) + 1
        if len(seen) == len(tables) and all(n >= 4 for n in seen.values()):
            break
    assert set(seen) == {t.id for t in tables}
    assert all(count >= 4 for count in seen.values())  # create, join, start, move
    assert updates.read(cluster_client, "other", block_ms=10) == []
    active = set()
    for partition in store.layout.all():
        active |= {m.decode() for m in cluster_client.smembers(store.layout.active(partition))}
    assert active == {t.id for t in tables}


def test_due_deadlines_are_found_in_every_partition(cluster_client):
    store = TableStore(cluster_client)
    tables = [playing(store, -200 - n) for n in range(12)]
    due = store.due_tables(now=max(t.deadline for t in tables) + 1, limit=100)
    assert set(due) == {t.id for t in tables}


def test_a_waiter_is_woken_by_the_table_sharded_notice(cluster_client):
    store = TableStore(cluster_client)
    store.watcher = watcher_for(cluster_client)
    try:
        table = playing(store, -300)
        done = threading.Event()
        result: list[int] = []

        def wait() -> None:
            result.append(store.wait_for_change(table.id, table.version, timeout=20))
            done.set()

        threading.Thread(target=wait, daemon=True).start()
        moved = any_move(store, table)
        assert done.wait(20)
        assert result == [moved.version]
    finally:
        store.watcher.stop()


def test_several_waiters_of_one_table_share_one_watch(cluster_client):
    store = TableStore(cluster_client)
    store.watcher = watcher_for(cluster_client)
    try:
        table = playing(store, -301)
        results: list[int] = []
        threads = [
            threading.Thread(
                target=lambda: results.append(store.wait_for_change(table.id, table.version, 20))
            )
            for _ in range(5)
        ]
        for thread in threads:
            thread.start()
        moved = any_move(store, table)
        for thread in threads:
            thread.join(25)
        assert results == [moved.version] * 5
        assert list(store.watcher._tables) == [table.id]  # one watch, one subscription
    finally:
        store.watcher.stop()


def test_finished_games_are_counted_on_whichever_node_holds_each_counter(cluster_client):
    """A finished game's statistics and the chat's last game go out in one write per node:
    people and chats hash to every master, and each counter lands exactly once."""
    store = TableStore(cluster_client)
    chats = [-300 - n for n in range(8)]
    for chat in chats:
        table = store.create(ChatRef(chat), 9001, "Alice", game="mia").table
        store.change(table.id, lambda t: lobby.join(t, 9002, "Bob"))
        table = store.change(table.id, lambda t: lobby.start(t, 9001, store.rng)).table
        while table.status == "playing":
            table = any_move(store, table)
        assert cluster_client.get(keys.chat_last_game(ChatRef(chat))).decode() == table.id
        standings = stats.chat_leaderboard(cluster_client, chat)
        assert sorted((s.user_id, s.games) for s in standings) == [(9001, 1), (9002, 1)]
        assert sum(s.wins for s in standings) == 1
    for user in (9001, 9002):
        assert stats.user_stats(cluster_client, user, "mia")["games"] == len(chats)
    wins = sum(stats.user_stats(cluster_client, u, "mia")["wins"] for u in (9001, 9002))
    assert wins == len(chats)


def test_reads_follow_a_slot_that_moved_and_learn_its_new_node(redis_cluster, cluster_client):
    """A read sent by the old slot map meets MOVED: redis-py answers it, and the lean
    sockets' map is read again, so the next read goes straight to the new owner."""
    store = TableStore(cluster_client)
    table = playing(store, -400)
    key = keys.table(table.id)
    slot = key_slot(key.encode())
    link = store.committer._committer.link
    assert store.load(table.id).version == table.version  # routed, and the slot remembered
    source = redis_cluster.node_for_slot(slot)
    target = next(n for n in redis_cluster.master_nodes() if n.port != source.port)
    redis_cluster.migrate_slot(slot, target)
    assert link.node_for(key)[1] == source.port  # still the old map
    assert store.load(table.id).version == table.version
    assert link.node_for(key)[1] == target.port


def test_hints_follow_a_partition_slot_that_moved_and_learn_its_new_node(
    redis_cluster, cluster_client
):
    """A move's hints go to its partition's node; when that slot moved, the hint meets MOVED,
    lands through redis-py, and the map is read again for the next move."""
    store = TableStore(cluster_client)
    table = playing(store, -401)
    partition_key = store.layout.updates(store.layout.partition(table.id))
    slot = key_slot(partition_key.encode())
    link = store.committer._committer.link
    source = redis_cluster.node_for_slot(slot)
    link.node_for(partition_key)  # the old map remembers the partition's node
    target = next(n for n in redis_cluster.master_nodes() if n.port != source.port)
    redis_cluster.migrate_slot(slot, target)
    before = cluster_client.xlen(partition_key)
    table = any_move(store, table)
    assert cluster_client.xlen(partition_key) == before + 1  # the notice landed
    assert link.node_for(partition_key)[1] == target.port
