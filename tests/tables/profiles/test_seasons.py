"""A group's seasons: the standings of the season that ends stay readable; ratings carry over
or start again; a second start of the same season does nothing; people's own ratings go on."""

from __future__ import annotations

import pytest

from tables.profiles import ratings, seasons, standings
from tests.tables.playing import play_out
from tests.tables.profiles.test_ratings import GROUP, seated

ANN, BEN = 31, 32


def one_game(store, clock, seed="s"):
    return play_out(store, clock, seated(store, [ANN, BEN]).id, seed=seed)


@pytest.mark.parametrize("mode", [seasons.CARRY, seasons.RESET])
def test_a_new_season_archives_the_standings(store, clock, redis_client, mode):
    one_game(store, clock)
    before = standings.chat_standings(redis_client, GROUP.chat_id, "mia")
    assert [s.rating.games for s in before] == [1, 1]
    assert seasons.start_season(redis_client, GROUP.chat_id, 1, mode, 1000.0)
    assert not seasons.start_season(redis_client, GROUP.chat_id, 1, mode, 1001.0)  # once
    found = seasons.seasons(redis_client, GROUP.chat_id)
    assert [(s.number, s.end, s.mode) for s in found] == [(1, 1000.0, None), (2, None, mode)]
    assert standings.chat_standings(redis_client, GROUP.chat_id, "mia", season=1) == before
    now = standings.chat_standings(redis_client, GROUP.chat_id, "mia")
    assert now == (before if mode == seasons.CARRY else [])
    everywhere = standings.person_ratings(redis_client, ANN)["mia"]
    assert everywhere.games == 1  # a season is the group's: a person's rating goes on


def test_after_a_reset_the_next_game_starts_from_scratch_in_the_group(store, clock, redis_client):
    first = one_game(store, clock)
    seasons.start_season(redis_client, GROUP.chat_id, 1, seasons.RESET, 1000.0)
    table = one_game(store, clock, seed="t")
    in_chat = ratings.changes(table, "c")
    assert all(c.games_before == 0 and c.before_points == 1500 for c in in_chat)
    assert all(c.games_before == 1 for c in ratings.changes(table, "p"))
    # A late settle of the first season's game does not count it again in the new season.
    store.settle(first.id)
    assert [
        s.rating.games for s in standings.chat_standings(redis_client, GROUP.chat_id, "mia")
    ] == [1, 1]


def test_a_person_rating_shows_its_trend(store, clock, redis_client):
    first = one_game(store, clock)
    store.rematch(first.id, ANN)
    play_out(store, clock, first.id, seed="u")
    rating = standings.person_ratings(redis_client, ANN)["mia"]
    assert rating.games == 2 and rating.provisional
    assert len(rating.history) == 2
    assert rating.trend == rating.history[1] - rating.history[0]
