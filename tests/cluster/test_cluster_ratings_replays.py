"""Ratings, seasons, replays and My games on a real Redis Cluster: every key tagged by its
table, person or chat, each script in one slot, reads across slots on the lean sockets."""

from __future__ import annotations

from redis.crc import key_slot

from tables.engine.fastread import FastReads
from tables.fairness.replay import load
from tables.profiles import my_games, ratings, seasons, standings
from tables.table.model import FINISHED, ChatRef
from tables.table.store import TableStore
from tests.support.games_played import play_moves, seated

GROUP = ChatRef(-100990)
PEOPLE = [(41, "Ann"), (42, "Ben"), (43, "Cy")]


def test_a_game_on_a_cluster_is_rated_replayed_and_listed(cluster_client):
    store = TableStore(cluster_client)
    table = play_moves(store, seated(store, GROUP, "mino_dice", PEOPLE, cpus=1).id, "cluster")
    assert table.status == FINISHED
    changes = ratings.changes(table)
    assert sorted(c.user_id for c in changes) == [41, 42, 43]
    slots = {key_slot(ratings.person_key(user, "mino_dice").encode()) for user, _ in PEOPLE}
    assert len(slots) == 3  # each person's rating in a slot of its own: no hot key
    for change in changes:
        held = standings.person_ratings(cluster_client, change.user_id)["mino_dice"]
        assert held.games == 1 and held.points == change.after_points
    assert len(standings.chat_standings(cluster_client, GROUP.chat_id, "mino_dice")) == 3
    assert seasons.start_season(cluster_client, GROUP.chat_id, 1, seasons.RESET, 1.0)
    assert standings.chat_standings(cluster_client, GROUP.chat_id, "mino_dice") == []
    assert len(standings.chat_standings(cluster_client, GROUP.chat_id, "mino_dice", season=1)) == 3

    replay = load(FastReads(store.committer), store.load(table.id), table.id, 1)
    assert replay.finished and replay.faithful and len(replay.steps) > 10
    played = my_games.played_games(store, 41)
    assert [p.replay_id for p in played] == [f"{table.id}-1"]
