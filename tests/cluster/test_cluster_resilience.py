"""The cluster changing under a game: the table's slot migrated to another master while
people play, and the master holding a table killed (``kill -9``) mid-game. The game goes on
and no move a player was told had succeeded is lost."""

from __future__ import annotations

import threading

import pytest
from redis.crc import key_slot

from tables.engine import codec, keys
from tables.engine.cluster import make_cluster_client
from tables.table import lobby
from tables.table.model import ChatRef
from tables.table.store import TableStore
from tests.cluster.conftest import cluster_env
from tests.cluster.miniapp_player import play_game
from tests.telegram_bot.test_workers_e2e import WebWorker


def new_game(store: TableStore, chat: int, lives: int = 3) -> str:
    table = store.create(ChatRef(chat), 11, "P11", game="mia").table
    store.change(table.id, lambda t: lobby.join(t, 12, "P12"))
    store.change(table.id, lambda t: lobby.change_setting(t, 11, "turn_timer", 0))
    store.change(table.id, lambda t: lobby.change_setting(t, 11, "lives", lives))
    store.change(table.id, lambda t: lobby.start(t, 11, store.rng))
    return table.id


def logged_versions(client, table_id: str) -> set[int]:
    entries = client.lrange(keys.game_log(table_id, 1), 0, -1)
    return {codec.unpack_entry(entry)[0] for entry in entries}


@pytest.fixture
def web(redis_cluster, cluster_client, tmp_path):
    worker = WebWorker(redis_cluster.url, tmp_path / "web.log", extra=cluster_env(redis_cluster))
    worker.wait_ready()
    yield worker
    worker.stop()


def test_the_table_slot_migrates_to_another_master_during_play(redis_cluster, cluster_client, web):
    store = TableStore(cluster_client)
    table_id = new_game(store, -100801)
    slot = key_slot(keys.table(table_id).encode())
    source = redis_cluster.node_for_slot(slot)
    target = next(n for n in redis_cluster.master_nodes() if n.port != source.port)
    migration = threading.Thread(
        target=redis_cluster.migrate_slot, args=(slot, target, 0.3), daemon=True
    )

    during: list[int] = []

    def after_move(count: int) -> None:
        if count == 2:
            migration.start()  # the keys move one by one while the game goes on
        elif migration.is_alive():
            during.append(count)

    acknowledged = play_game([web.url], table_id, [11, 12], after_move=after_move)
    migration.join(60)
    assert len(during) >= 2  # moves were made while the slot was half-way
    assert redis_cluster.node_for_slot(slot).port == target.port
    final = store.load(table_id)
    assert final.status == "finished"
    assert set(acknowledged) <= logged_versions(cluster_client, table_id)
    assert len(acknowledged) > 3


def test_killing_the_master_of_a_table_mid_game_loses_no_acknowledged_move(own_cluster, tmp_path):
    client = make_cluster_client(own_cluster.url)
    store = TableStore(client)
    table_id = new_game(store, -100802, lives=5)
    web = WebWorker(own_cluster.url, tmp_path / "web.log", extra=cluster_env(own_cluster))
    try:
        web.wait_ready()
        master = own_cluster.node_for_slot(key_slot(keys.table(table_id).encode()))
        with master.client() as node:
            replica_ports = {
                int(v["port"])
                for k, v in node.info("replication").items()
                if k.startswith("slave") and isinstance(v, dict)
            }
        killed = threading.Event()

        def after_move(count: int) -> None:
            if count == 4:
                own_cluster.kill(master)  # kill -9, right after a move was acknowledged
                killed.set()

        refused: list[int] = []
        acknowledged = play_game(
            [web.url], table_id, [11, 12], after_move=after_move, refused=refused
        )
        assert killed.is_set()
        new_master = own_cluster.node_for_slot(key_slot(keys.table(table_id).encode()))
        assert new_master.port in replica_ports  # the replica took over
        final = store.load(table_id)
        assert final.status == "finished" and final.version >= acknowledged[-1]
        assert set(acknowledged) <= logged_versions(client, table_id)
        assert "Traceback" not in web.log_path.read_text()
    finally:
        web.stop()
        client.close()
