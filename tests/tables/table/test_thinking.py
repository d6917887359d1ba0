"""An expert CPU thinks before the check-and-set that plays its move, never inside it: a lost
race replays the thought, a changed view is never played from, and CPU_THINK_MS is read
strictly. Real Redis, a clock moved by hand."""

from __future__ import annotations

import pytest

from games.mia import GAME
from games.rng import DeterministicRng
from games.think import Budget
from ops import metrics
from tables.table import lobby, play, thinking
from tables.table.model import ChatRef
from tables.table.store import TableStore

GROUP = ChatRef(-100555)
ALICE, BOB = 1, 2


def cpu_to_act(store: TableStore, level: str = "expert", humans=(ALICE, BOB)) -> str:
    """A started Mia table whose turn is the CPU's (the people claim until it is)."""
    table = store.create(GROUP, humans[0], "Alice", game="mia").table
    for user in humans[1:]:
        store.change(table.id, lambda t, u=user: lobby.join(t, u, f"P{u}"))
    store.change(table.id, lambda t: lobby.add_cpu(t, humans[0], level))
    table = store.change(table.id, lambda t: lobby.start(t, humans[0], store.rng)).table
    while not table.seats[table.state["to_act"]].is_cpu:
        seat = table.state["to_act"]
        user = table.seats[seat].user_id
        legal = GAME.rules.legal_actions(GAME.rules.load(table.state), seat)
        action = legal[0] if legal[0].startswith("claim:") else "accept"
        move = store.change(table.id, lambda t, u=user, a=action: play.move(t, u, a, store.rng))
        table = move.table
    return table.id


class Decisions:
    """Every CPU decision, noting whether a check-and-set of ``store`` was running it."""

    def __init__(self, store: TableStore, monkeypatch, during=None) -> None:
        self.inside: list[bool] = []
        self.changing = False
        self.during = during  # run once, right after the first decision
        original = store.change

        def change(*args, **kwargs):
            self.changing = True
            try:
                return original(*args, **kwargs)
            finally:
                self.changing = False

        monkeypatch.setattr(store, "change", change)
        monkeypatch.setattr(metrics, "cpu_decided", self.decided)

    def decided(self, game, level, started) -> None:
        self.inside.append(self.changing)
        if self.during is not None:
            during, self.during = self.during, None
            during()


def test_an_expert_thinks_once_outside_the_change_though_its_commit_loses_a_race(
    store, clock, redis_client, monkeypatch
):
    table_id = cpu_to_act(store)
    version = store.load(table_id).version
    other = TableStore(redis_client, clock=clock)  # another process changes the table
    decisions = Decisions(store, monkeypatch, during=lambda: other.change(table_id, lambda t: []))
    clock.now += 60
    outcome = store.fire_deadline(table_id)
    assert outcome is not None and outcome.table.version == version + 2  # the race, then the move
    assert decisions.inside == [False]  # one think, before the check-and-set
    assert any(e["type"] in ("claimed", "challenged", "accepted") for e in outcome.events)


def test_a_thought_is_never_played_on_a_view_that_changed_since(
    store, clock, redis_client, monkeypatch
):
    table_id = cpu_to_act(store)
    other = TableStore(redis_client, clock=clock, rng=DeterministicRng("other"))
    resigned = []

    def bob_resigns() -> None:
        other.change(table_id, lambda t: play.resign(t, BOB, other.rng))
        resigned.append(other.load(table_id).version)

    decisions = Decisions(store, monkeypatch, during=bob_resigns)
    clock.now += 60
    store.fire_deadline(table_id)
    after = store.load(table_id)
    # The thought was of a table Bob still sat at: nothing was played from it.
    assert after.version == resigned[0]
    assert not any(decisions.inside)
    for _ in range(20):  # the CPU's new turn comes round, and it is thought out afresh
        clock.now += 60
        store.fire_deadline(table_id)
    assert store.load(table_id).version > after.version
    assert decisions.inside and not any(decisions.inside)


def test_thoughts_answer_only_for_the_view_they_were_made_from(store, clock):
    table_id = cpu_to_act(store)
    table = store.load(table_id)
    seat = table.state["to_act"]
    view = thinking.seat_view(table, seat)
    thoughts = thinking.Thoughts(Budget(None, 1), {seat: (view, "challenge")})
    assert thoughts.action(table, seat, store.rng) == "challenge"
    stale = thinking.Thoughts(Budget(None, 1), {seat: ({**view, "step": -1}, "challenge")})
    with pytest.raises(thinking.Unthought):
        stale.action(table, seat, store.rng)
    stale.played = True  # another CPU moved in this change already: this seat waits
    assert stale.action(table, seat, store.rng) is None
    stale.inline = True  # the worker's last try: it thinks here
    assert stale.action(table, seat, store.rng) in GAME.rules.legal_actions(
        GAME.rules.load(table.state), seat
    )


@pytest.mark.parametrize("raw", ["0", "-5", "10001", "fast", "nan"])
def test_cpu_think_ms_out_of_range_or_not_a_number_is_refused(raw):
    with pytest.raises(thinking.ThinkConfigError):
        thinking.budget_from_env({"CPU_THINK_MS": raw})


def test_cpu_think_ms_sets_the_time_and_leaves_no_cap():
    assert thinking.budget_from_env({}) == Budget(200, None)
    assert thinking.budget_from_env({"CPU_THINK_MS": " 350 "}) == Budget(350, None)
