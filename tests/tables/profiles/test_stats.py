"""Statistics: written once per finished game, per person and per chat; CPUs never count."""

from __future__ import annotations

from games.mia import GAME
from tables.profiles import stats
from tables.table import lobby
from tables.table.model import ChatRef
from tests.tables.playing import play_out

GROUP = ChatRef(-100555)
ALICE, BOB = 1, 2


def new_game(store, *, cpu=False):
    table = store.create(GROUP, ALICE, "Alice", game="mia").table
    store.change(table.id, lambda t: lobby.join(t, BOB, "Bob"))
    if cpu:
        store.change(table.id, lambda t: lobby.add_cpu(t, ALICE, "easy"))
    return store.change(table.id, lambda t: lobby.start(t, ALICE, store.rng)).table


def test_a_finished_game_counts_once_for_each_person(store, redis_client, clock):
    table = play_out(store, clock, new_game(store, cpu=True).id, "players")
    alice, bob = (stats.user_stats(redis_client, u, "mia") for u in (ALICE, BOB))
    assert alice["games"] == bob["games"] == 1
    winner = table.seats[GAME.rules.ranking(GAME.rules.load(table.state))[0]]
    assert alice["wins"] + bob["wins"] == (0 if winner.is_cpu else 1)
    lives_lost = alice["lives_lost"] + bob["lives_lost"]
    assert 0 < lives_lost <= 6
    # Further changes to the finished table (none are possible) and a re-read change nothing.
    assert stats.user_stats(redis_client, ALICE, "mia") == alice
    assert stats.user_stats(redis_client, ALICE, "mia", GROUP.chat_id) == alice


def test_the_chat_leaderboard_orders_by_wins(store, redis_client, clock):
    for _ in range(3):
        play_out(store, clock, new_game(store).id, "players")
    top = stats.chat_leaderboard(redis_client, GROUP.chat_id)
    wins = [standing.wins for standing in top]
    assert wins == sorted(wins, reverse=True) and {s.name for s in top} == {"Alice", "Bob"}
    assert sum(s.wins for s in top) == 3
    assert all(s.games == 3 for s in top)


def test_tutorial_games_never_count(store, redis_client, clock):
    table = new_game(store)
    store.change(table.id, lambda t: setattr(t, "tutorial", True) or [])
    play_out(store, clock, table.id, "players")
    assert stats.user_stats(redis_client, ALICE, "mia")["games"] == 0
    assert stats.tutorial_progress(redis_client, ALICE, "mia")["completed"] == 1


def test_counters_are_kept_per_game_with_the_games_own_labels(store, redis_client, clock):
    play_out(store, clock, new_game(store).id, "players")
    assert set(stats.user_games(redis_client, ALICE)) == {"mia"}
    keys = set(stats.user_stats(redis_client, ALICE, "mia"))
    assert keys == {"games", "wins"} | {c.key for c in GAME.rules.stats_counters}
