"""``python -m bench.state_loads``: how often a move loads the game's state.

A move should load its state once: the table's match keeps it for the whole change.
This plays whole Mia games through ``tables/`` and counts ``rules.load`` inside each move's
change (not in the bench's own player). Last line: ``loads_per_move=…`` over ``moves=…``.
"""

from __future__ import annotations

import argparse
from typing import Any

from bench.backend import backend
from bench.moves import new_table, quick_decision
from games.mia import GAME
from games.rng import DeterministicRng
from tables.table import play
from tables.table.store import TableStore


class LoadCounter:
    """Wraps the game's ``load`` so that only the loads inside a change are counted."""

    def __init__(self) -> None:
        self.original = GAME.rules.load
        self.counting = False
        self.loads = 0

    def __call__(self, data: Any) -> Any:
        if self.counting:
            self.loads += 1
        return self.original(data)


def count_loads(store: TableStore, moves: int, seats: int) -> tuple[int, int]:
    """Plays ``moves`` moves over as many games as needed; answers (moves, loads)."""
    rng = DeterministicRng("bench.state_loads")
    counter = LoadCounter()
    object.__setattr__(GAME.rules, "load", counter)  # a frozen dataclass or a class instance
    try:
        table = None
        for _ in range(moves):
            if table is None or table.status != "playing":
                table = new_table(store, seats, rng)
            seat, action = quick_decision(table.state, rng)
            user = table.seats[seat].user_id
            counter.counting = True
            table = store.change(
                table.id, lambda t, u=user, a=action: play.move(t, u, a, store.rng), table.version
            ).table
            counter.counting = False
    finally:
        if _shadowed():
            object.__delattr__(GAME.rules, "load")
        else:
            object.__setattr__(GAME.rules, "load", counter.original)
    return moves, counter.loads


def _shadowed() -> bool:
    """Whether ``load`` is a method the instance attribute only shadows (a class-based Rules)."""
    return callable(getattr(type(GAME.rules), "load", None))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=500)
    parser.add_argument("--seats", type=int, default=4)
    args = parser.parse_args()
    with backend(False) as redis_backend:
        store = TableStore(redis_backend.client())
        moves, loads = count_loads(store, args.moves, args.seats)
    print(f"loads_per_move={loads / moves:.2f} moves={moves} loads={loads}")


if __name__ == "__main__":
    main()
