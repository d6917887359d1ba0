"""Ratings: every person of a finished game people played is rated once, from the game's own
places, by the change that finished it; CPUs, tutorials, solo practice and games decided
without play (a resignation or a timeout before moving, fewer than 4 moves) never count."""

from __future__ import annotations

import pytest

from games.mia import GAME
from games.rng import DeterministicRng
from tables.profiles import ratings
from tables.table import lobby, play
from tables.table.model import FINISHED, ChatRef, Table
from tables.table.store import TableStore
from tests.tables.playing import play_out

GROUP = ChatRef(-100777)
ALICE, BOB, CAROL = 11, 12, 13


def seated(store: TableStore, people: list[int], *, cpus: int = 0, chat: ChatRef = GROUP) -> Table:
    table = store.create(chat, people[0], f"P{people[0]}", game="mia").table
    for user in people[1:]:
        store.change(table.id, lambda t, u=user: lobby.join(t, u, f"P{u}"))
    for _ in range(cpus):
        store.change(table.id, lambda t: lobby.add_cpu(t, people[0], "easy"))
    return store.change(table.id, lambda t: lobby.start(t, people[0], store.rng)).table


def held(redis_client, user: int) -> dict[str, str]:
    raw = redis_client.hgetall(ratings.person_key(user, "mia"))
    return {key.decode(): value.decode() for key, value in raw.items()}


def test_the_winner_climbs_and_the_last_falls_each_rated_once(store, redis_client, clock):
    table = play_out(store, clock, seated(store, [ALICE, BOB, CAROL]).id)
    changes = {c.user_id: c for c in ratings.changes(table)}
    ranking = [table.seats[s].user_id for s in GAME.rules.ranking(GAME.rules.load(table.state))]
    first, last = changes[ranking[0]], changes[ranking[-1]]
    assert first.before_points == last.before_points == 1500
    assert first.delta > 0 > last.delta
    assert first.provisional
    for user, change in changes.items():
        kept = held(redis_client, user)
        assert kept["n"] == "1"
        assert float(kept["mu"]) == change.after_mu
        assert kept["h"].split() == [str(change.after_points)]
    top = redis_client.zrevrange(ratings.chat_top_key(GROUP.chat_id, "mia"), 0, -1)
    assert [int(u) for u in top] == ranking


def test_cpus_do_not_count_and_people_are_ranked_among_themselves(store, redis_client, clock):
    table = play_out(store, clock, seated(store, [ALICE, BOB], cpus=2).id)
    changes = ratings.changes(table)
    assert sorted(c.user_id for c in changes) == [ALICE, BOB]
    places = {user: place for _, user, place in ratings.people_places(table)}
    assert sorted(places.values()) == [1, 2]  # CPUs between them do not leave a gap
    better = min(places, key=places.get)
    assert {c.user_id: c.delta for c in changes}[better] > 0


def test_one_person_with_cpus_is_not_rated(store, redis_client, clock):
    table = play_out(store, clock, seated(store, [ALICE], cpus=2).id)
    assert table.rating is None
    assert held(redis_client, ALICE) == {}


def test_solo_practice_and_tutorials_never_count(store, redis_client, clock):
    private = seated(store, [ALICE, BOB], chat=ChatRef(ALICE))  # a private chat
    assert play_out(store, clock, private.id).rating is None
    tutorial = store.create(GROUP, ALICE, "A", game="mia").table
    store.change(tutorial.id, lambda t: lobby.join(t, BOB, "B"))

    def start(t: Table):
        t.tutorial = True
        return lobby.start(t, ALICE, store.rng)

    store.change(tutorial.id, start)
    assert play_out(store, clock, tutorial.id).rating is None
    assert held(redis_client, ALICE) == held(redis_client, BOB) == {}


def test_shared_places_tie():
    people = [(0, ALICE, 1, "", "", 0), (1, BOB, 1, "", "", 0), (2, CAROL, 3, "", "", 0)]
    alice, bob, carol = ratings.rate(people)
    assert alice.after_mu == bob.after_mu > carol.after_mu


def test_a_second_game_starts_from_the_first_and_the_trend_grows(store, redis_client, clock):
    first = play_out(store, clock, seated(store, [ALICE, BOB]).id)
    store.rematch(first.id, ALICE)
    second = play_out(store, clock, first.id, seed="again")
    for change in ratings.changes(second):
        before = {c.user_id: c for c in ratings.changes(first)}[change.user_id]
        assert change.before_points == before.after_points
        assert change.games_before == 1
        assert held(redis_client, change.user_id)["h"].split() == [
            str(before.after_points),
            str(change.after_points),
        ]


def test_a_rating_that_moved_meanwhile_gets_this_games_change_added(store, redis_client, clock):
    table = play_out(store, clock, seated(store, [ALICE, BOB]).id)
    key = ratings.person_key(ALICE, "mia")
    alice = {c.user_id: c for c in ratings.changes(table)}[ALICE]
    # Another table of Alice's finished in between: her rating is not what was read.
    redis_client.delete(key)
    redis_client.hset(key, mapping={"mu": "30.0", "sigma": "5.0", "n": "7"})
    table.rating = dict(table.rating, id="other.1")
    store.committer.scatter(ratings.apply_commands(table))
    kept = held(redis_client, ALICE)
    assert float(kept["mu"]) == pytest.approx(30.0 + alice.after_mu - 25.0)
    assert float(kept["sigma"]) == pytest.approx(5.0 * alice.after_sigma / (25 / 3))
    assert kept["n"] == "8"


def test_a_game_left_or_timed_out_before_moving_is_not_rated(store, redis_client, clock):
    table = seated(store, [ALICE, BOB])
    mover = table.seats[table.state["to_act"]].user_id
    other = ALICE + BOB - mover
    left = store.change(table.id, lambda t: play.resign(t, other, store.rng)).table
    assert left.status == FINISHED and left.rating is None  # the farm: no moves
    idle = play_out(store, clock, seated(store, [ALICE, BOB]).id, absent=(BOB,))
    assert idle.moved.get(str(idle.seat_of(BOB)), 0) == 0 and idle.autopilot  # a CPU played
    assert idle.rating is None
    assert held(redis_client, ALICE) == held(redis_client, BOB) == {}


def test_a_game_of_fewer_than_four_moves_by_people_is_not_rated(store, redis_client, clock):
    table = seated(store, [ALICE, BOB])
    for _ in range(3):  # three moves between them, then whoever is to act leaves
        current = store.load(table.id)
        seat = current.state["to_act"]
        user = current.seats[seat].user_id
        view = GAME.rules.view(GAME.rules.load(current.state), seat)
        action = GAME.rules.cpu_action(view, "normal", DeterministicRng("short"))
        store.change(table.id, lambda t, u=user, a=action: play.move(t, u, a, store.rng))
    current = store.load(table.id)
    assert current.status != FINISHED and sum(current.moved.values()) == 3
    assert all(current.moved.get(str(seat)) for seat in (0, 1))
    leaver = current.seats[current.state["to_act"]].user_id
    ended = store.change(table.id, lambda t: play.resign(t, leaver, store.rng)).table
    assert ended.status == FINISHED and ended.rating is None


def test_someone_who_left_before_moving_is_left_out_and_the_others_are_rated(
    store, redis_client, clock
):
    table = seated(store, [ALICE, BOB, CAROL])
    leaver = table.seats[(table.state["to_act"] + 1) % 3].user_id  # not the first to act
    store.change(table.id, lambda t: play.resign(t, leaver, store.rng))
    finished = play_out(store, clock, table.id)
    stayed = sorted({ALICE, BOB, CAROL} - {leaver})
    assert sorted(c.user_id for c in ratings.changes(finished)) == stayed
    assert held(redis_client, leaver) == {} and all(held(redis_client, u) for u in stayed)
