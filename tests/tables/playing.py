"""Playing a table's game out through the store, for the tables tests."""

from __future__ import annotations

from games.rng import DeterministicRng
from tables.table import play
from tables.table.model import FINISHED, Table
from tables.table.store import TableStore
from tables.table.ticker import fire_due
from tests.support.clock import Clock


def play_out(
    store: TableStore, clock: Clock, table_id: str, seed: str = "moves", absent: tuple = ()
) -> Table:
    """The people play "normal" CPU moves through the store until the game ends.

    A turn nobody makes in person waits for its deadline: the clock moves on and the ticker
    fires it. That is a CPU's turn, the turn of someone ``absent``, or a seat that left or is
    on autopilot.
    """
    rng = DeterministicRng(seed)
    for _ in range(2000):
        table = store.load(table_id)
        if table.status == FINISHED:
            return table
        match = table.match()
        seat = match.to_act()[0]
        user = table.seats[seat].user_id
        if user is None or user in absent or seat in table.left or seat in table.autopilot:
            clock.now += 5
            fire_due(store)
            continue
        action = match.rules.cpu_action(match.view(seat), "normal", rng)
        store.change(table_id, lambda t, u=user, a=action: play.move(t, u, a, store.rng))
    raise AssertionError("the game did not end")
