"""Log entries as MessagePack (tables.engine.codec): the same events as JSON gave back, smaller, and
the entries a table wrote as JSON before still read, mixed with the new ones."""

from __future__ import annotations

import orjson
import pytest

from games.registry import GAMES
from games.rng import DeterministicRng
from tables.engine import codec, keys
from tables.table.log import TableLog
from tables.table.model import ChatRef
from tables.table.store import TableStore
from tests.support.games_played import play_moves, seated

GROUP = ChatRef(-100888)
PEOPLE = [(1, "Alice"), (2, "Bob")]


@pytest.fixture
def store(redis_client):
    return TableStore(redis_client, rng=DeterministicRng("log entries"))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_entry_reads_back_as_json_gave_it_and_takes_less_room(store, redis_client, game):
    table = play_moves(store, seated(store, GROUP, game, PEOPLE, cpus=1).id, game)
    raw = redis_client.lrange(keys.game_log(table.id, 1), 0, -1)
    entries = [codec.unpack_entry(entry) for entry in raw]
    as_json = [orjson.dumps(list(entry)) for entry in entries]
    assert [tuple(orjson.loads(text)) for text in as_json] == entries
    assert sum(map(len, raw)) < 0.75 * sum(map(len, as_json))


def test_a_log_begun_as_json_reads_on_with_the_new_entries(store, redis_client):
    table = seated(store, GROUP, "mia", PEOPLE)
    key = keys.game_log(table.id, 1)
    first = codec.unpack_entry(redis_client.lindex(key, 0))
    redis_client.lset(key, 0, orjson.dumps(list(first)))  # as the code before wrote it
    table = play_moves(store, table.id, "mixed", limit=3)
    log = TableLog(redis_client)
    assert redis_client.lindex(key, 0).startswith(b"[") and len(log.game_log(table, 1)) > 1
    assert log.events_after(table, 0)[0][0] == first[0]
    assert log.game_log(table, 1)[0] == codec.decode(first[1], GAMES["mia"].rules.event_fields)


def test_the_changes_after_a_version_stop_at_the_table_read_not_at_the_log_end(store):
    """A change committed after the table was read is not told with it (the group's message
    told a game's end twice: once beside the older table, once with the finished one)."""
    table = play_moves(store, seated(store, GROUP, "mia", PEOPLE).id, "stale", limit=3)
    newer = play_moves(store, table.id, "stale more", limit=1)
    assert newer.version > table.version
    log = TableLog(store.redis)
    assert max(changed for changed, _ in log.events_after(table, 0)) == table.version
    assert max(changed for changed, _ in log.events_after(newer, 0)) == newer.version
