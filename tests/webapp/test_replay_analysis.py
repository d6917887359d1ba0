"""A finished game's replay with the engine's analysis beside it (webapp.analysis_worker,
tables.fairness.analysis): asked for first, it is on its way; made off the request, then
each step a person decided at carries the verdict, and the end a line per person."""

from __future__ import annotations

import time

import pytest

from games.analysis import MARKS
from games.registry import GAMES
from tables.fairness import analysis
from tables.fairness.replay_keys import analysis_key
from tables.table.model import FINISHED, ChatRef
from tests.support.games_played import play_moves, seated
from tests.webapp.conftest import auth

GROUP = ChatRef(-100445)
PEOPLE = [(1, "Alice"), (2, "Bob")]
PATIENCE = 120.0  # seconds: a condition awaited, never a pause


def analysed(http, replay_id: str, user: int) -> dict:
    """The replay once its analysis is there (the page asks again the same way)."""
    deadline = time.monotonic() + PATIENCE
    while True:
        replay = http.get(f"/api/replays/{replay_id}", headers=auth(user)).json()
        if not replay["analysis_pending"] or time.monotonic() > deadline:
            return replay
        time.sleep(0.2)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_replay_shows_the_engines_word_on_each_persons_decision(store, http, game):
    table = play_moves(store, seated(store, GROUP, game, PEOPLE, cpus=1).id, f"a-{game}")
    assert table.status == FINISHED
    first = http.get(f"/api/replays/{table.id}-1", headers=auth(1)).json()
    assert first["analysis_pending"] and "analysis" not in first  # on its way, not waited for
    replay = analysed(http, f"{table.id}-1", 1)
    assert not replay["analysis_pending"]
    judged = [entry for step in replay["steps"] for entry in step["analysis"]]
    assert judged and {e["seat"] for e in judged} <= {0, 1}  # people only: the CPU is seat 2
    assert all(e["mark"] in MARKS and e["note"] and e["choice"] and e["best"] for e in judged)
    assert len(judged) == len(analysis.cached(store, table.id, 1))
    assert [line["name"] for line in replay["analysis"]] == ["Alice", "Bob"]
    assert all(line["line"] for line in replay["analysis"])


def test_a_running_game_has_no_analysis_and_starts_none(store, http, redis_client):
    table = play_moves(store, seated(store, GROUP, "mia", PEOPLE).id, "running", limit=6)
    replay = http.get(f"/api/replays/{table.id}-1", headers=auth(1)).json()
    assert not replay["analysis_pending"] and "analysis" not in replay
    assert not any("analysis" in step for step in replay["steps"])
    assert not redis_client.exists(analysis_key(table.id, 1))
