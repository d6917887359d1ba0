"""A game's key (tables.fairness.salts: every salt of its commitments is derived from it) reaches no
door: not a player's page, not the running game's replay, not the public log; and once the
game is over its replay shows each salt inside its preimage, as before, never the key."""

from __future__ import annotations

import pytest

from games.registry import GAMES
from tables.table.model import FINISHED, PLAYING, ChatRef
from tests.support.games_played import play_moves, seated
from tests.webapp.conftest import auth

GROUP = ChatRef(-100999)
PEOPLE = [(1, "Alice"), (2, "Bob")]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_key_never_leaves_while_the_game_runs_nor_after(store, http, game):
    table = play_moves(store, seated(store, GROUP, game, PEOPLE).id, "key", limit=6)
    assert table.status == PLAYING and table.salt_key
    answers = [http.get(f"/api/tables/{table.id}", headers=auth(user)) for user, _ in PEOPLE]
    answers += [http.get(f"/api/replays/{table.id}-1", headers=auth(1))]
    answers += [http.get("/api/my-games", headers=auth(2))]
    assert all(answer.status_code == 200 for answer in answers)
    assert not any(table.salt_key in answer.text for answer in answers)
    log = [event for batch in store.log.game_log(table, 1) for event in batch]
    assert table.salt_key not in repr(log)
    table = play_moves(store, table.id, "key, to the end")
    assert table.status == FINISHED
    finished = http.get(f"/api/replays/{table.id}-1", headers=auth(1))
    assert finished.json()["hidden"] and table.salt_key not in finished.text
