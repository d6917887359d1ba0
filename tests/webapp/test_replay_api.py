"""GET /api/replays/<table>-<n>: a game step by step. Public only while it runs; once it is
over, every hidden value at the step it was decided, each reveal beside the commitment shown
before it (a reveal changed afterwards no longer matches); and /api/my-games."""

from __future__ import annotations

import hashlib
import re

import httpx
import pytest

from games.registry import GAMES
from tables.engine import codec, keys
from tables.fairness import seal
from tables.fairness.replay_keys import played_key, replay_key
from tables.table.model import FINISHED, ChatRef
from tests.support.games_played import play_moves, seated
from tests.webapp.conftest import TOKEN, WebServer, auth
from webapp.app import create_app
from webapp.config import WebConfig

GROUP = ChatRef(-100444)
PEOPLE = [(1, "Alice"), (2, "Bob")]


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_finished_game_replays_every_step_with_its_secrets_verified(store, http, game):
    table = play_moves(store, seated(store, GROUP, game, PEOPLE, cpus=1).id, f"r-{game}")
    assert table.status == FINISHED
    response = http.get(f"/api/replays/{table.id}-1", headers=auth(2))
    assert response.status_code == 200, response.text
    replay = response.json()
    assert replay["finished"] and replay["faithful"] and replay["hidden"]
    assert replay["you"] == 1 and replay["seats"][1]["you"]
    steps = replay["steps"]
    assert len(steps) > 5
    reveals = [r for step in steps for r in step["reveals"]]
    sealed = [r for step in steps for r in step["sealed"]]
    assert reveals and sealed
    assert all(sha(r["text"]) == r["commitment"] for r in reveals + sealed)
    assert not replay["mismatch"] and not any(step["mismatch"] for step in steps)
    # Each seat's secrets appear as they were dealt; and the game ends as it ended.
    assert any(step["hidden"] for step in steps)
    assert steps[-1]["story"] and replay["ranking"][0]["place"] == 1
    assert {r["name"] for r in replay["ratings"]} == {"Alice", "Bob"}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_running_game_replays_only_what_was_public(store, http, game):
    table = play_moves(store, seated(store, GROUP, game, PEOPLE).id, "running", limit=6)
    assert table.status == "playing"
    response = http.get(f"/api/replays/{table.id}-1", headers=auth(1))
    assert response.status_code == 200, response.text
    replay = response.json()
    assert not replay["finished"] and not replay["hidden"]
    assert all(set(step) >= {"public", "story"} for step in replay["steps"])
    assert not any({"hidden", "sealed", "decisions"} & set(step) for step in replay["steps"])
    rules = GAMES[game].rules
    hidden = rules.sealed_proofs(rules.load(table.state))
    assert hidden  # something is committed and still secret...
    for text, _digest in hidden:  # ...and nothing of it leaves: not even its salt
        assert text not in response.text and text.rsplit("|", 1)[1] not in response.text


def test_a_reveal_changed_afterwards_no_longer_matches_its_commitment(store, http, redis_client):
    table = play_moves(store, seated(store, GROUP, "mia", PEOPLE).id, "tamper")
    log_key = keys.game_log(table.id, 1)
    entries = [codec.unpack_entry(e) for e in redis_client.lrange(log_key, 0, -1)]
    index = next(i for i, (_, items) in enumerate(entries) if any(e[0] == "x" for e in items))
    version, items = entries[index]  # a challenge's reveal
    reveal = next(item for item in items if item[0] == "x")
    reveal[4] = [6, 6] if reveal[4] != [6, 6] else [2, 1]  # other dice than were rolled
    redis_client.lset(log_key, index, codec.pack_entry(version, items))
    steps = http.get(f"/api/replays/{table.id}-1", headers=auth(1)).json()["steps"]
    step = next(s for s in steps if s["v"] == version)
    assert any(sha(r["text"]) != r["commitment"] for r in step["reveals"])


def edit_log(redis_client, table_id: str, code: str, edit) -> int:
    """Edit the first logged change holding an event of ``code`` as ``edit`` does (it gets
    the change's items and that event); the change's version."""
    log_key = keys.game_log(table_id, 1)
    entries = [codec.unpack_entry(e) for e in redis_client.lrange(log_key, 0, -1)]
    index = next(i for i, (_, items) in enumerate(entries) if any(e[0] == code for e in items))
    version, items = entries[index]
    edit(items, next(item for item in items if item[0] == code))
    redis_client.lset(log_key, index, codec.pack_entry(version, items))
    return version


def other_claim(item: list) -> None:
    item[2] = "66" if item[2] != "66" else "55"


def other_dice(item: list) -> None:
    item[4] = [6, 6] if item[4] != [6, 6] else [2, 1]


EDITS = {
    "a challenge deleted": ("x", lambda items, item: items.remove(item)),
    "a claim changed": ("c", lambda items, item: other_claim(item)),
    "a challenged roll's dice changed": ("x", lambda items, item: other_dice(item)),
}


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_a_log_edited_afterwards_shows_its_step_as_a_mismatch(store, http, redis_client, edit):
    table = play_moves(store, seated(store, GROUP, "mia", PEOPLE).id, "edited")
    code, change = EDITS[edit]
    version = edit_log(redis_client, table.id, code, change)
    replay = http.get(f"/api/replays/{table.id}-1", headers=auth(1)).json()
    assert replay["mismatch"] and replay["faithful"]  # the record itself is whole
    flagged = [step["v"] for step in replay["steps"] if step["mismatch"]]
    assert flagged == [version]
    step = next(s for s in replay["steps"] if s["v"] == version)
    if code == "x":  # the roll that was challenged: its reveal no longer verifies
        assert any(r["text"] is None or sha(r["text"]) != r["commitment"] for r in step["reveals"])


def test_a_log_entry_damaged_in_redis_is_a_mismatch_not_an_error(store, http, redis_client):
    table = play_moves(store, seated(store, GROUP, "mia", PEOPLE).id, "garbled")
    log_key = keys.game_log(table.id, 1)
    edited = edit_log(redis_client, table.id, "c", lambda items, item: item.__setitem__(0, "?"))
    version, _ = codec.unpack_entry(redis_client.lindex(log_key, -3))
    redis_client.lset(log_key, -3, b"garbage")
    response = http.get(f"/api/replays/{table.id}-1", headers=auth(1))
    assert response.status_code == 200, response.text
    flagged = [step["v"] for step in response.json()["steps"] if step["mismatch"]]
    assert flagged == sorted({edited, version})


def test_unknown_expired_or_malformed_replays_are_404(store, http, redis_client):
    table = play_moves(store, seated(store, GROUP, "mia", PEOPLE).id, "gone")
    for bad in ("nonsense", f"{table.id}-0", f"{table.id}-2", "abcdefghjk-1", f"{table.id}-1x"):
        response = http.get(f"/api/replays/{bad}", headers=auth(1))
        assert response.status_code == 404, bad
        assert response.json()["error"]["code"] == "no_such_replay"
    assert redis_client.ttl(replay_key(table.id, 1)) > 29 * 86400  # kept 30 days
    assert redis_client.ttl(seal.seal_key(table.id, 1)) > 29 * 86400
    assert redis_client.ttl(keys.game_log(table.id, 1)) > 29 * 86400
    redis_client.delete(replay_key(table.id, 1))  # what expiry does
    assert http.get(f"/api/replays/{table.id}-1", headers=auth(1)).status_code == 404
    assert http.get(f"/api/replays/{table.id}-1").status_code == 401


def test_my_games_lists_open_tables_with_whose_turn_and_finished_games(store, http):
    finished = play_moves(store, seated(store, GROUP, "mia", PEOPLE).id, "mine")
    running = seated(store, ChatRef(-100445), "mia", PEOPLE)
    acting = running.seats[running.state["to_act"]].name
    mine = http.get("/api/my-games", headers=auth(1)).json()
    assert [t["id"] for t in mine["tables"]] == [running.id]
    assert mine["tables"][0]["waiting_for"] == [acting]
    assert mine["tables"][0]["your_turn"] == (acting == "Alice")
    assert [p["replay"] for p in mine["played"]] == [f"{finished.id}-1"]
    assert mine["played"][0]["place"] in (1, 2) and mine["played"][0]["rating"]["before"] == 1500
    assert http.get("/api/my-games", headers=auth(3)).json() == {"tables": [], "played": []}
    assert store.redis.zcard(played_key(3)) == 0


def test_a_damaged_record_shows_only_what_was_public(store, http, redis_client):
    table = play_moves(store, seated(store, GROUP, "mia", PEOPLE).id, "damaged")
    key = seal.seal_key(table.id, 1)
    redis_client.lset(key, 3, b"garbage")
    redis_client.lset(key, 5, redis_client.lindex(key, 5).replace(b" x", b" 9 x"))
    response = http.get(f"/api/replays/{table.id}-1", headers=auth(1))
    assert response.status_code == 200, response.text
    replay = response.json()
    assert replay["finished"] and not replay["faithful"] and not replay["hidden"]
    assert not any({"hidden", "sealed"} & set(step) for step in replay["steps"])


class OnlyPlayers:
    """Nobody is a member of any group: only the people seated at a table may see it."""

    def is_member(self, chat_id: int, user_id: int) -> bool:
        return False


def test_a_replay_is_for_those_who_may_watch_its_table(store):
    table = play_moves(store, seated(store, GROUP, "mia", PEOPLE).id, "members")
    server = WebServer(create_app(store, WebConfig(bot_token=TOKEN), membership=OnlyPlayers()))
    server.start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as client:
            url = f"/api/replays/{table.id}-1"
            assert client.get(url, headers=auth(1)).status_code == 200  # a player
            refused = client.get(url, headers=auth(3))  # not in the group
            assert refused.status_code == 403
            assert refused.json()["error"]["code"] == "not_member"
            assert client.get(url, headers=auth(3)).status_code == 403  # cached or not
    finally:
        server.stop()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_replay_tells_its_reader_in_the_second_person(store, http, game):
    table = play_moves(store, seated(store, GROUP, game, PEOPLE, cpus=1).id, f"y-{game}")
    replay = http.get(f"/api/replays/{table.id}-1", headers=auth(2)).json()
    told = [line for step in replay["steps"] for line in step["story"] + step["lines"]]
    naming_bob = [line for line in told if re.search(r"\bBob\b", line)]
    print(game, "replay lines:", len(told), "naming the reader:", len(naming_bob))
    assert naming_bob == [], sorted(set(naming_bob))[:8]
    assert any(re.search(r"\bAlice\b", line) for line in told)  # the others keep their names
    assert any(re.search(r"\b(You|you)\b", line) for line in told)
