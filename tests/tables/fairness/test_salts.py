"""Salts derived from one secret key per game (tables.fairness.salts): the sealed record keeps
none of them, yet every commitment published while a game ran is matched, at its end, by the
replay's preimage and by what /verify checks; a wrong key would show."""

from __future__ import annotations

import hashlib
import hmac
import re

import orjson
import pytest

from games.fairness import verify_text
from games.mia.actions import SALT_BYTES
from games.registry import GAMES, get_game
from games.rng import DeterministicRng
from tables.fairness import replay as replays
from tables.fairness import salts, seal, seal_codec
from tables.fairness.replay_keys import replay_key
from tables.table.model import FINISHED, PLAYING, ChatRef, Table
from tables.table.store import TableStore
from tests.support.games_played import play_moves, seated

GROUP = ChatRef(-100777)
PEOPLE = [(1, "Alice"), (2, "Bob")]
HASH = re.compile(rb"\b[0-9a-f]{64}\b")


@pytest.fixture
def store(redis_client):
    return TableStore(redis_client, rng=DeterministicRng("salts"))


def sealed_draws(store: TableStore, table_id: str, game_no: int) -> list:
    raw = store.redis.lrange(seal.seal_key(table_id, game_no), 0, -1)
    entries = [seal_codec.entry(entry) for entry in raw]
    return [draw for _, calls in entries for call in calls for draw in call[3]]


def test_a_game_gets_a_key_its_salts_come_from_and_the_record_keeps_no_salt(store):
    table = seated(store, GROUP, "mia", PEOPLE)
    key = table.salt_key
    assert key is not None and re.fullmatch(r"[0-9a-f]{32}", key)
    # The roll that started the game: the first salt of the first call of that change.
    assert table.state["salt"] == salts.salt(key, table.version, 0, 0, SALT_BYTES)
    table = play_moves(store, table.id, "keyed")
    assert table.status == FINISHED and table.salt_key == key
    draws = sealed_draws(store, table.id, 1)
    assert draws and all(isinstance(draw, int) for draw in draws)  # dice only, no salt
    rematch = store.rematch(table.id, 1).table
    assert rematch.salt_key not in (None, key)  # each game its own key


def test_the_salts_are_hmac_sha256_of_the_key_and_the_place():
    for key in ("00" * salts.KEY_BYTES, "a7" * salts.KEY_BYTES, "5c" * 80):  # 80: hashed first
        for label in (b"1.0.0", b"77.2.3.1"):
            expected = hmac.digest(bytes.fromhex(key), label, hashlib.sha256)
            assert salts.hmac_sha256(key, label) == expected
    key = "a7" * salts.KEY_BYTES
    assert salts.salt(key, 77, 2, 3, 8) == salts.hmac_sha256(key, b"77.2.3")[:8].hex()


def test_salts_longer_than_one_hash_and_apart_from_each_other():
    key = "00" * salts.KEY_BYTES
    long = salts.salt(key, 7, 0, 0, 40)
    assert len(long) == 80 and long[:64] == salts.salt(key, 7, 0, 0, 32)
    seen = {salts.salt(key, v, c, d, 16) for v in (1, 2) for c in (0, 1) for d in (0, 1)}
    assert len(seen) == 8


def published_commitments(
    store: TableStore, table_id: str, seed: str, moves: int = 10**6
) -> tuple[set, Table]:
    """Play ``moves`` moves (or to the game's end), noting every commitment anyone could see
    meanwhile: in the public view before each move, and in the public log."""
    published: set[bytes] = set()
    table = store.load(table_id)
    while table.status == PLAYING and moves > 0:
        game = get_game(table.game)
        published.update(
            HASH.findall(orjson.dumps(game.rules.public_view(game.rules.load(table.state))))
        )
        table = play_moves(store, table_id, f"{seed}-{table.version}", limit=1)
        moves -= 1
    for entry in store.log.game_log(table, 1):
        published.update(HASH.findall(orjson.dumps(entry)))
    return {c.decode() for c in published}, table


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_commitment_published_while_playing_is_verified_by_what_the_end_reveals(store, game):
    table = seated(store, GROUP, game, PEOPLE, cpus=1)
    published, table = published_commitments(store, table.id, game)
    assert published and table.status == FINISHED
    kept = replays.load(store.fast, store.load(table.id), table.id, 1)
    assert kept.finished and kept.faithful
    revealed = [pair for step in kept.steps for pair in step.reveals + step.sealed]
    texts = [text for text, _ in revealed]
    for commitment in published:  # /verify <commitment> <text>, for each one shown
        assert any(verify_text(commitment, text) for text in texts), commitment
    for text, digest in revealed:  # and the page's check: each preimage hashes to its own
        assert verify_text(digest, text) and digest in published
    # What the public log itself reveals (the chat's 🔐 lines) checks the same way.
    events = [e for batch in store.log.game_log(table, 1) for e in batch]
    assert all(
        verify_text(digest, text) for text, digest in get_game(game).presentation.proofs(events)
    )


def test_with_another_key_the_published_commitments_no_longer_match(store, redis_client):
    table = seated(store, GROUP, "mia", PEOPLE)
    published, table = published_commitments(store, table.id, "other-key")
    doc = orjson.loads(redis_client.get(replay_key(table.id, 1)))
    doc["salt_key"] = "11" * salts.KEY_BYTES
    redis_client.set(replay_key(table.id, 1), orjson.dumps(doc))
    kept = replays.load(store.fast, store.load(table.id), table.id, 1)
    texts = [text for step in kept.steps for text, _ in step.sealed]
    assert texts and not any(verify_text(c, text) for c in published for text in texts)
    # Each reveal, as the public log holds it, beside what the rules run again committed to:
    # the page shows the mismatch.
    reveals = [pair for step in kept.steps for pair in step.reveals]
    assert reveals and not any(verify_text(digest, text) for text, digest in reveals)


def test_a_game_begun_before_games_had_keys_replays_whole(store, monkeypatch):
    """A game running when this change is deployed: its first calls kept their salts in the
    record; from its first salt after that, the game has a key and its salts are derived."""
    keyless = seal.recording
    monkeypatch.setattr(seal, "recording", lambda version=None, key=None: keyless())
    table = seated(store, GROUP, "mia", PEOPLE)
    before, table = published_commitments(store, table.id, "before", moves=4)
    assert table.salt_key is None
    assert any(isinstance(draw, str) for draw in sealed_draws(store, table.id, 1))
    # What the code before wrote: text entries, each salt among its draws.
    key, client = seal.seal_key(table.id, 1), store.redis
    for index, raw in enumerate(client.lrange(key, 0, -1)):
        client.lset(key, index, seal.encode(*seal_codec.entry(raw)))
    monkeypatch.setattr(seal, "recording", keyless)
    after, table = published_commitments(store, table.id, "after")
    assert table.salt_key is not None and table.status == FINISHED
    assert client.lindex(key, 0)[:1].isdigit() and client.lindex(key, -1)[0] >= 0x80
    kept = replays.load(store.fast, store.load(table.id), table.id, 1)
    assert kept.finished and kept.faithful
    texts = [text for step in kept.steps for text, _ in step.reveals + step.sealed]
    for commitment in before | after:
        assert any(verify_text(commitment, text) for text in texts), commitment
