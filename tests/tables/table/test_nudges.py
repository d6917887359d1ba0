"""Slow games: with a turn timer of an hour or more, a person whose turn has waited ten
minutes is nudged once (the bot sends the private reminder); CPUs, stand-ins and people who
left never are; short timers keep only the table's half-time reminder."""

from __future__ import annotations

from tables.table import deadlines, lobby, play
from tables.table.ticker import fire_due
from tests.tables.table.test_deadlines import ALICE, BOB, GROUP, acting, events_of, table_with

DAY = 86400


def test_a_slow_turn_is_nudged_once_then_reminded_at_half_time(store, clock):
    table = table_with(store, timer=DAY)
    table, seat = acting(store, table.id)
    token = table.turns[str(seat)]["d"]
    assert table.deadline_kind == deadlines.NUDGE
    assert table.deadline == table.turns[str(seat)]["t"] + deadlines.NUDGE_AFTER
    clock.now += deadlines.NUDGE_AFTER - 1
    assert fire_due(store) == 0
    clock.now += 2
    assert fire_due(store) == 1
    nudged = store.load(table.id)
    assert events_of(store, table.id, table.version) == [
        {"type": "nudge", "seat": seat, "d": token}
    ]
    assert nudged.deadline_kind == deadlines.REMINDER  # next: the half-time reminder, 12 h in
    clock.now += 600
    assert fire_due(store) == 0  # never a second nudge for the same turn
    clock.now += DAY / 2
    assert fire_due(store) == 1
    assert events_of(store, table.id, nudged.version)[-1]["type"] == "reminder"


def test_each_new_turn_is_nudged_again(store, clock):
    table = table_with(store, timer=3600)
    table, seat = acting(store, table.id)
    clock.now += deadlines.NUDGE_AFTER + 1
    fire_due(store)
    user = table.seats[seat].user_id
    store.change(table.id, lambda t: play.move(t, user, "claim:31", store.rng))
    table, other = acting(store, table.id)
    assert other != seat and table.deadline_kind == deadlines.NUDGE


def test_short_timers_cpus_and_people_who_left_are_never_nudged(store, clock):
    quick = table_with(store, timer=300)
    assert acting(store, quick.id)[0].deadline_kind == deadlines.REMINDER
    store.change(quick.id, lambda t: lobby.cancel(t, ALICE))
    slow = store.create(GROUP, ALICE, "Alice", game="mino_dice").table
    store.change(slow.id, lambda t: lobby.join(t, BOB, "Bob"))
    store.change(slow.id, lambda t: lobby.add_cpu(t, ALICE, "normal"))
    store.change(slow.id, lambda t: lobby.change_setting(t, ALICE, "turn_timer", DAY))
    store.change(slow.id, lambda t: lobby.start(t, ALICE, store.rng))
    store.change(slow.id, lambda t: play.resign(t, BOB, store.rng))  # Bob's seat plays on
    left_turns = 0
    for _ in range(60):
        slow = store.load(slow.id)
        if slow.status != "playing":
            break
        for seat, turn in slow.turns.items():
            kind = deadlines.seat_deadline(slow, int(seat))[1]
            if slow.played_by_cpu(int(seat)):  # a CPU, or the seat of one who left
                assert kind == deadlines.CPU
                left_turns += slow.seats[int(seat)].user_id == BOB
            else:
                assert kind == deadlines.NUDGE and "n" not in turn
        people = [int(s) for s in slow.turns if not slow.played_by_cpu(int(s))]
        if people:
            store.change(slow.id, lambda t, s=people[0]: play.cpu_move(t, s, store.rng))
        else:
            clock.now += 2.1
            fire_due(store)
    assert left_turns > 0


def test_a_game_of_day_long_turns_outlives_its_keys_first_expiry(store, clock, redis_client):
    """Sixteen moves a day apart would pass the keys' three days before their refresh by
    count: a change after a quiet hour refreshes the table's keys and the indexes."""
    table = table_with(store, timer=DAY)
    keys = [f"table:{{{table.id}}}", f"table:{{{table.id}}}:log:1", f"user:{{{ALICE}}}:tables"]
    for _ in range(6):
        clock.now += DAY - 60  # each player takes nearly the whole day
        table, seat = acting(store, table.id)
        if table.status != "playing":
            break
        for key in keys:  # as if their expiry had nearly run out in Redis' own time
            redis_client.expire(key, 100)
        store.change(table.id, lambda t, s=seat: play.cpu_move(t, s, store.rng))
        assert all(redis_client.ttl(key) > 2 * DAY for key in keys)
