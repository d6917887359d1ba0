"""The analysis of a finished game (tables.fairness.analysis): each decision of its people
judged by the game's engine from that seat's own view, kept beside the replay."""

from __future__ import annotations

import pytest

from games.analysis import MARKS
from games.registry import GAMES, get_game
from games.rng import DeterministicRng
from tables.fairness import analysis, seal
from tables.fairness import replay as replays
from tables.fairness.replay_keys import analysis_key, replay_key
from tables.table.model import FINISHED, ChatRef
from tables.table.store import TableStore
from tests.support.games_played import play_moves, seated

GROUP = ChatRef(-100555)
PEOPLE = [(1, "Alice"), (2, "Bob")]


@pytest.fixture
def store(redis_client):
    return TableStore(redis_client, rng=DeterministicRng("analysis"))


def finished(store: TableStore, game: str) -> str:
    table = seated(store, GROUP, game, PEOPLE, cpus=1)
    table = play_moves(store, table.id, f"analysis-{game}")
    assert table.status == FINISHED
    return table.id


def people_moves(store: TableStore, table_id: str) -> list[tuple[int, str, list[str]]]:
    """Each move a person made, with the legal actions they chose among, from the record."""
    kept = replays.load(store.fast, store.load(table_id), table_id, 1)
    game, state, moves = kept.game, None, []
    for version in sorted(kept.record):
        for index, call in enumerate(kept.record[version]):
            if call[0] == seal.MOVE and not kept.table.seats[int(call[1])].is_cpu:
                seat = int(call[1])
                moves.append((seat, str(call[2]), game.rules.legal_actions(state, seat)))
            state, _, _ = replays.run_call(game, kept.table, state, version, index, call)
    return moves


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_choice_of_a_person_is_judged_and_no_cpu_move(store, game):
    table_id = finished(store, game)
    verdicts = analysis.ensure(store, table_id, 1)
    moves = people_moves(store, table_id)
    choices = [(seat, action) for seat, action, legal in moves if len(legal) > 1]
    assert verdicts and len(verdicts) <= len(choices)
    assert {(v.seat, v.action) for v in verdicts} <= set(choices)
    assert all(v.judgement.mark in MARKS for v in verdicts)
    remaining = iter(moves)
    for v in verdicts:  # in the order played, and the engine's choice was open to them
        legal = next(
            legal for seat, action, legal in remaining if (seat, action) == (v.seat, v.action)
        )
        assert v.judgement.best in legal


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_analysis_is_kept_as_long_as_the_replay_and_says_the_same_twice(store, game):
    table_id = finished(store, game)
    made = analysis.ensure(store, table_id, 1)
    key = analysis_key(table_id, 1)
    assert store.redis.exists(key)
    assert abs(store.redis.ttl(key) - store.redis.ttl(replay_key(table_id, 1))) <= 2
    assert analysis.cached(store, table_id, 1) == made
    store.redis.delete(key)
    assert analysis.ensure(store, table_id, 1) == made  # seeded: made again, the same


def test_the_engine_sees_exactly_the_deciders_view(store, monkeypatch):
    table_id = finished(store, "mia")
    rules = get_game("mia").rules
    seen: list[dict] = []
    real_view = type(rules).view

    def judged(self, view, action, rng):
        seen.append(view)
        return None

    monkeypatch.setattr(type(rules), "analyse", judged)
    analysis.ensure(store, table_id, 1)
    views = []
    kept = replays.load(store.fast, store.load(table_id), table_id, 1)
    state = None
    for version in sorted(kept.record):
        for index, call in enumerate(kept.record[version]):
            if call[0] == seal.MOVE and not kept.table.seats[int(call[1])].is_cpu:
                view = real_view(rules, state, int(call[1]))
                views += [view] if len(view["legal_actions"]) > 1 else []  # forced: not asked
            state, _, _ = replays.run_call(kept.game, kept.table, state, version, index, call)
    assert seen == views and seen
    assert all(view["dice"] is None or view["dice_owner"] == view["seat"] for view in seen)


def test_a_running_game_has_no_analysis(store):
    table = seated(store, GROUP, "mia", PEOPLE)
    play_moves(store, table.id, "running", limit=3)
    assert analysis.ensure(store, table.id, 1) == []
    assert not store.redis.exists(analysis_key(table.id, 1))


def test_the_group_is_told_once(store):
    table_id = finished(store, "mia")
    assert analysis.claim_telling(store, table_id, 1)
    assert not analysis.claim_telling(store, table_id, 1)
