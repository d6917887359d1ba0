"""The lobby's changes through the store (tables.table.lobby): a rematch starts a game everyone
plays in person, without the seats of those who left the last one (unless they ask for it),
and a seat a CPU played for a person who had left is no game of theirs."""

from __future__ import annotations

import pytest

from games.mia import GAME
from games.rng import DeterministicRng
from tables.fairness.replay_keys import played_key
from tables.profiles import ratings, stats
from tables.table import lobby, play
from tables.table.errors import NotEnoughPlayers
from tables.table.model import FINISHED, PLAYING, ChatRef, Table
from tables.table.store import TableStore
from tables.table.story import shared_event
from tests.tables.playing import play_out
from translations import render

GROUP = ChatRef(-100321)
ANN, BEN, CAROL = 21, 22, 23
NAMES = {ANN: "Ann", BEN: "Ben", CAROL: "Carol"}


def seated(store: TableStore, people: list[int], *, cpus: int = 0) -> Table:
    table = store.create(GROUP, people[0], NAMES[people[0]], game="mia").table
    for user in people[1:]:
        store.change(table.id, lambda t, u=user: lobby.join(t, u, NAMES[u]))
    for _ in range(cpus):
        store.change(table.id, lambda t: lobby.add_cpu(t, people[0], "easy"))
    return store.change(table.id, lambda t: lobby.start(t, people[0], store.rng)).table


def resign(store: TableStore, table_id: str, user: int) -> Table:
    return store.change(table_id, lambda t: play.resign(t, user, store.rng)).table


def people(table: Table) -> list[int | None]:
    return [seat.user_id for seat in table.seats]


def test_a_rematch_leaves_out_whoever_left_and_everyone_else_plays_in_person(store, clock):
    table = seated(store, [ANN, BEN, CAROL])
    resign(store, table.id, CAROL)
    play_out(store, clock, table.id, "lobby moves")
    again = store.rematch(table.id, BEN)
    table = again.table
    assert table.status == PLAYING and table.game_no == 2
    assert people(table) == [ANN, BEN]
    assert table.left == [] and table.autopilot == [] and table.timeouts == {}
    assert again.events[0] == {"type": "rematch", "by": "Ben", "gone": ["Carol"]}
    logged = store.log.game_log(table, 2)[0][0]  # what the story and /log read back
    told = render(shared_event(logged, table.display_names())[0], "de")
    assert logged == again.events[0] and "Carol" in told and "Regeln" in told
    assert len(table.state["lives"]) == 2  # the new game has two seats, not three
    assert store.tables_of(CAROL) == []  # not her table any more


def test_the_creator_who_left_passes_the_table_on(store, clock):
    table = seated(store, [ANN, BEN, CAROL])
    resign(store, table.id, ANN)
    play_out(store, clock, table.id, "lobby moves")
    table = store.rematch(table.id, CAROL).table
    assert people(table) == [BEN, CAROL] and table.creator_id == BEN
    assert table.left == []


def test_a_leaver_who_asks_for_the_rematch_is_back_in_person(store, clock):
    table = seated(store, [ANN, BEN, CAROL])
    resign(store, table.id, CAROL)
    resign(store, table.id, BEN)
    play_out(store, clock, table.id, "lobby moves")
    table = store.rematch(table.id, CAROL).table
    assert people(table) == [ANN, CAROL] and table.left == []
    resigned = resign(store, table.id, CAROL)  # her seat is hers again
    assert resigned.left == [1]


def test_a_rematch_with_too_few_seats_left_is_refused_and_changes_nothing(store, clock):
    table = seated(store, [ANN, BEN])
    finished = resign(store, table.id, BEN)
    assert finished.status == FINISHED
    with pytest.raises(NotEnoughPlayers):
        store.rematch(table.id, ANN)
    after = store.load(table.id)
    assert after.version == finished.version and after.status == FINISHED
    assert store.find_open(GROUP) is None  # the chat is free for a new table
    assert people(store.rematch(table.id, BEN).table) == [ANN, BEN]  # Ben may bring it back


def test_a_seat_its_person_left_before_moving_is_no_game_of_theirs(store, redis_client, clock):
    table = seated(store, [ANN, BEN, CAROL], cpus=1)
    assert table.state["to_act"] != 2  # Carol leaves before her first move
    resign(store, table.id, CAROL)
    finished = play_out(store, clock, table.id, "lobby moves")
    assert not finished.took_part(2) and finished.took_part(0) and finished.took_part(1)
    assert stats.user_stats(redis_client, CAROL, "mia")["games"] == 0
    assert redis_client.exists(ratings.person_key(CAROL, "mia"), played_key(CAROL)) == 0
    assert CAROL not in [c.user_id for c in ratings.changes(finished)]
    assert stats.user_stats(redis_client, ANN, "mia")["games"] == 1
    assert redis_client.exists(played_key(ANN)) == 1


def test_a_person_who_moved_and_then_left_has_played_and_lost(store, redis_client, clock):
    table = seated(store, [ANN, BEN, CAROL])
    seat = table.state["to_act"]
    mover = table.seats[seat].user_id
    view = GAME.rules.view(GAME.rules.load(table.state), seat)
    action = GAME.rules.cpu_action(view, "normal", DeterministicRng("first move"))
    store.change(table.id, lambda t: play.move(t, mover, action, store.rng))
    resign(store, table.id, mover)
    finished = play_out(store, clock, table.id, "lobby moves")
    assert finished.took_part(seat) and finished.moved[str(seat)] == 1
    counted = stats.user_stats(redis_client, mover, "mia")
    assert counted["games"] == 1 and counted["wins"] == 0
