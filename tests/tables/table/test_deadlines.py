"""Turn timers, CPU moves and expiry: deadlines in Redis, a controllable clock, real Redis."""

from __future__ import annotations

import threading

import pytest

from games.mia import GAME
from games.rng import DeterministicRng
from tables.table import lobby, play
from tables.table.model import FINISHED, ChatRef
from tables.table.store import TableStore
from tables.table.ticker import fire_due

GROUP = ChatRef(-100444)
ALICE, BOB = 1, 2


def table_with(store, *, cpus=(), humans=(ALICE, BOB), timer=60, delay=2.0):
    table = store.create(GROUP, humans[0], "Alice", game="mia").table
    for user in humans[1:]:
        store.change(table.id, lambda t, u=user: lobby.join(t, u, f"P{u}"))
    for level in cpus:
        store.change(table.id, lambda t, lv=level: lobby.add_cpu(t, humans[0], lv))
    store.change(table.id, lambda t: lobby.change_setting(t, humans[0], "turn_timer", timer))
    store.change(table.id, lambda t: lobby.change_setting(t, humans[0], "cpu_delay", delay))
    return store.change(table.id, lambda t: lobby.start(t, humans[0], store.rng)).table


def events_of(store, table_id, since=0):
    table = store.load(table_id)
    return [e for _v, batch in store.log.events_after(table, since) for e in batch]


def acting(store, table_id):
    table = store.load(table_id)
    return table, table.state["to_act"]


def test_a_cpu_moves_after_its_delay_and_not_before(store, clock):
    table = table_with(store, cpus=("hard",), humans=(ALICE,))
    table, seat = acting(store, table.id)
    if seat == 0:  # make it the CPU's turn: the human claims first
        store.change(table.id, lambda t: play.move(t, ALICE, "claim:31", store.rng))
        table, seat = acting(store, table.id)
    assert table.seats[seat].is_cpu and table.deadline_kind == "cpu"
    clock.now += 1.9
    assert fire_due(store) == 0
    clock.now += 0.2
    assert fire_due(store) == 1
    assert store.load(table.id).version == table.version + 1


def test_a_game_of_cpus_plays_itself_to_the_end(store, clock):
    table = table_with(store, cpus=("easy", "normal", "hard"), humans=(ALICE,))
    store.change(table.id, lambda t: t.autopilot.append(0) or [])  # Alice watches
    for _ in range(500):
        clock.now += 2.5
        fire_due(store)
        if store.load(table.id).status == FINISHED:
            break
    final = store.load(table.id)
    assert final.status == FINISHED
    assert any(e["type"] == "game_over" for e in events_of(store, table.id))


def test_half_time_reminder_then_timeout_counts_as_a_fold(store, clock):
    table = table_with(store, timer=60)
    table, seat = acting(store, table.id)
    lives = list(table.state["lives"])
    clock.now += 29
    assert fire_due(store) == 0
    clock.now += 2
    assert fire_due(store) == 1
    reminded = store.load(table.id)
    assert reminded.turns[str(seat)]["r"] and reminded.deadline_kind == "turn"
    assert events_of(store, table.id, table.version)[-1] == {"type": "reminder", "seat": seat,
                                                            "left": 30.0}  # fmt: skip
    clock.now += 30
    assert fire_due(store) == 1
    after = store.load(table.id)
    assert after.state["lives"][seat] == lives[seat] - 1
    assert after.state["round"] == 2 and after.timeouts == {str(seat): 1}
    assert {"type": "timed_out", "seat": seat} in events_of(store, table.id, reminded.version)


def test_two_timeouts_in_a_row_hand_the_seat_to_a_cpu_until_the_player_acts(store, clock):
    table = table_with(store, timer=30, delay=1.0)
    seat = table.state["to_act"]
    user = table.seats[seat].user_id
    for _ in range(2):  # with the loser rule, the absent seat starts again each round
        clock.now += 31
        fire_due(store)
        fire_due(store)
        assert store.load(table.id).state["to_act"] == seat
    table = store.load(table.id)
    assert table.autopilot == [seat] and table.deadline_kind == "cpu"
    clock.now += 1.5
    assert fire_due(store) == 1  # the stand-in CPU made the claim
    table = store.load(table.id)
    assert table.state["claimant"] == seat and table.autopilot == [seat]
    store.change(table.id, lambda t: play.wake(t, user))
    assert store.load(table.id).autopilot == [] and store.load(table.id).timeouts == {}


def test_a_move_resets_the_turn_clock(store, clock):
    table = table_with(store, timer=60)
    seat = table.state["to_act"]
    user = table.seats[seat].user_id
    clock.now += 50
    store.change(table.id, lambda t: play.move(t, user, "claim:31", store.rng))
    clock.now += 20
    assert fire_due(store) == 0  # the next player's 60 s started at the claim
    assert store.load(table.id).deadline == pytest.approx(clock.now - 20 + 30)


def test_deadlines_live_in_redis_and_survive_a_restart(store, redis_client, clock):
    table = table_with(store, timer=30)
    restarted = TableStore(redis_client, clock=clock, rng=DeterministicRng("after restart"))
    clock.now += 16
    assert restarted.due_tables() == [table.id]
    assert fire_due(restarted) == 1


def test_each_deadline_fires_once_with_several_workers(store, redis_client, clock):
    table = table_with(store, timer=30, delay=1.0)
    workers = [TableStore(redis_client, clock=clock, rng=DeterministicRng(i)) for i in range(4)]
    counts: list[int] = []
    for _ in range(6):
        clock.now += 16
        threads = [threading.Thread(target=lambda w=w: counts.append(fire_due(w))) for w in workers]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    events = events_of(store, table.id)
    kinds = [e["type"] for e in events]
    reminders, timeouts = kinds.count("reminder"), kinds.count("timed_out")
    cpu_claims = kinds.count("claimed")
    assert sum(counts) == reminders + timeouts + cpu_claims
    assert timeouts >= 2  # then the CPU stand-in took over
    lost = sum(e["lost"] for e in events if e["type"] == "lost_lives")
    assert lost == sum(table.state["lives"]) - sum(store.load(table.id).state["lives"])


def test_a_deadline_set_by_another_process_fires_though_this_one_remembers_an_older_table(
    redis_client, clock
):
    """Process A (the bot, with the sweeper) remembers the table as it last wrote it; process
    B (a web worker) moves, and the new deadline is earlier than the one A remembers: a CPU's
    short delay after a person's long turn timer. A's sweeper must judge the table Redis
    holds, or the CPU would wait for the person's timer."""
    bot = TableStore(redis_client, clock=clock, rng=DeterministicRng("bot"))
    web = TableStore(redis_client, clock=clock, rng=DeterministicRng("web"))
    table = table_with(bot, cpus=("hard",), humans=(ALICE,), timer=3600, delay=2.0)
    table, seat = acting(bot, table.id)
    if table.seats[seat].is_cpu:  # the CPU starts: it moves through the bot's sweeper
        clock.now += 2.1
        assert fire_due(bot) == 1
        table, seat = acting(bot, table.id)
    assert table.seats[seat].user_id == ALICE and table.deadline_kind != "cpu"
    assert bot._cached(table.id, table.version) is not None  # A remembers this version
    while table.seats[table.state["to_act"]].user_id == ALICE:  # B: Alice moves, a claim last
        legal = GAME.rules.legal_actions(GAME.rules.load(table.state), table.state["to_act"])
        otherwise = "accept" if "accept" in legal else "challenge"  # a Mia can't be accepted
        action = next((a for a in legal if a.startswith("claim:")), otherwise)
        table = web.change(
            table.id, lambda t, a=action: play.move(t, ALICE, a, web.rng), table.version
        ).table
    assert table.deadline_kind == "cpu"
    clock.now += 2.1
    assert fire_due(bot) == 1  # the CPU answered after its delay, not after an hour
    assert bot.load(table.id).version > table.version
