"""``python -m telegram_bot`` with seeded dice, for the tests' bot processes.

The bot the tests start is the real one, run as ``python -m telegram_bot`` runs it, with one
change: its store draws dice, deals and CPU choices from a generator seeded by
``TEST_DICE_SEED`` (the test's id and its bot's log) instead of :mod:`secrets`, so what a
test sees of a game never depends on an unseeded draw. Nothing in the project reads that
variable: production has no way to seed its dice.
"""

from __future__ import annotations

import itertools
import os
import runpy

from games.rng import DeterministicRng
from tables.table import store

SEED_VARIABLE = "TEST_DICE_SEED"


def seed_stores(seed: str) -> None:
    """Every store made from here on without its own randomness draws from ``seed``."""
    made = itertools.count()
    store.SecureRng = lambda: DeterministicRng(f"{seed}#{next(made)}")  # type: ignore[assignment,misc]


if __name__ == "__main__":
    seed_stores(os.environ[SEED_VARIABLE])
    runpy.run_module("telegram_bot", run_name="__main__", alter_sys=True)
