"""Farming a rating: the issue's farm (Ann's second account resigns at once, 25 times) moves
nothing; a farm that makes its moves first is damped (the k-th game of a pair in a day
weighs 0.5^(k-1) everywhere), the next day starts again, and a group's standings and a real
game are rated in full."""

from __future__ import annotations

import pytest

from tables.profiles import rating_pairs, ratings
from tables.table.model import FINISHED, Table
from tables.table.store import TableStore
from tests.support.clock import Clock
from tests.support.scenes import Script, person

STORE_SEED = "farm"  # the store's draws (tests/tables/conftest.py)

GAME = "myllymatti"
ANN, DEE = person(0)["id"], person(1)["id"]
FARMED = 25


def farm_game(store: TableStore, clock: Clock, seed: int, *, moves: int = 0) -> Table:
    """A table of Ann and Dee (a group of its own); they make ``moves`` between them (each
    at least one), then Dee resigns: she is the Myllymatti, Ann wins."""
    script = Script(store, clock, GAME, people=2, cpus=(), seed=seed)
    script.start()
    if moves:

        def enough(played: Script) -> bool:
            moved = played.table.moved
            return len(moved) == 2 and sum(moved.values()) >= moves

        assert script.play_until(enough)
    script.resign(1)
    table = script.table
    assert table.status == FINISHED
    return table


def points(redis_client, user: int) -> int | None:
    held = redis_client.hmget(ratings.person_key(user, GAME), "mu", "sigma")
    return None if held[0] is None else ratings.points(float(held[0]), float(held[1]))


def ann(table: Table, where: str = "p") -> ratings.Change:
    return {c.user_id: c for c in ratings.changes(table, where)}[ANN]


def test_the_issues_farm_of_resignations_at_once_moves_nothing(store, redis_client, clock):
    tables = [farm_game(store, clock, seed) for seed in range(FARMED)]
    assert all(table.rating is None for table in tables)
    assert points(redis_client, ANN) is None and points(redis_client, DEE) is None


def test_a_farm_that_makes_its_moves_is_damped_to_a_bound(store, redis_client, clock):
    tables = [farm_game(store, clock, seed, moves=4) for seed in range(FARMED)]
    first = ann(tables[0])
    assert first.delta > 0 and ann(tables[1]).delta < first.delta
    # Undamped, Ann climbed 1,500 -> 1,951 in 25 such games; damped, the day is worth at
    # most twice the first game.
    farmed = points(redis_client, ANN)
    assert farmed is not None and farmed <= first.after_points + first.delta < 1650
    assert redis_client.hget(ratings.person_key(ANN, GAME), "n") == str(FARMED).encode()
    met = rating_pairs.met_key(ANN, GAME, rating_pairs.day_of(clock.now))
    assert redis_client.hget(met, str(DEE)) == str(FARMED).encode()  # counted once each
    assert 0 < redis_client.ttl(met) <= rating_pairs.KEPT_SECONDS


def test_each_game_of_a_pair_weighs_half_the_one_before_and_a_day_starts_again(
    store, redis_client, clock
):
    first, second = (farm_game(store, clock, seed, moves=4) for seed in (1, 2))
    clock.now += rating_pairs.DAY_SECONDS
    next_day = farm_game(store, clock, 3, moves=4)
    for table, weight in ((first, 1.0), (second, 0.5), (next_day, 1.0)):
        change = ann(table)
        undamped = ratings.rate(
            [
                (0, ANN, 1, change.before_mu, change.before_sigma, 0),
                (1, DEE, 2, *_before(table, DEE), 0),
            ]
        )[0]
        mu0 = float(change.before_mu) if change.before_mu else ratings.MODEL.mu
        assert change.after_mu - mu0 == pytest.approx(weight * (undamped.after_mu - mu0))
    in_group = ann(second, "c")  # a group of its own: Ann's first game there, in full
    assert in_group.after_mu == pytest.approx(ann(first, "c").after_mu)


def test_a_real_game_is_rated_in_full(store, redis_client, clock):
    script = Script(store, clock, GAME, people=2, cpus=(), seed=7)
    script.start()
    assert script.play_until(lambda s: s.table.status == FINISHED)
    table = script.table
    assert sum(table.moved.values()) >= ratings.MIN_MOVES
    assert sorted(c.user_id for c in ratings.changes(table)) == sorted([ANN, DEE])
    assert {abs(c.delta) > 0 for c in ratings.changes(table)} == {True}


def _before(table: Table, user: int) -> tuple[str, str]:
    change = {c.user_id: c for c in ratings.changes(table)}[user]
    return change.before_mu, change.before_sigma


def test_weights_and_damping():
    assert rating_pairs.weights([1, 2], [[None], [b"0"]]) == {1: 1.0, 2: 1.0}
    assert rating_pairs.weights([1, 2, 3], [[b"2", None], [b"2", b"1"], [None, b"1"]]) == {
        1: 0.25,
        2: 0.25,
        3: 0.5,
    }
    assert rating_pairs.damped((25.0, 8.0), (27.0, 6.0), 1.0) == (27.0, 6.0)
    mu, sigma = rating_pairs.damped((25.0, 8.0), (27.0, 2.0), 0.5)
    assert mu == 26.0 and sigma == pytest.approx(4.0)
