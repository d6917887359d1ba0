"""Positions where a seat must choose, for any game's CPU and expert tests.

A game is played from its first state by random legal moves and CPU moves (of every level,
from the seat's own view), half and half. Each position comes with the first seat to act.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games.base import JSON
from games.game import Game
from games.rng import DeterministicRng

PLAYED_LEVELS = ("easy", "normal", "hard")


def positions(
    game: Game, settings: JSON, seats: int, seed: int, steps: int
) -> Iterator[tuple[Any, int]]:
    """Up to ``steps`` positions of one game, each with the seat to act."""
    rules, rng = game.rules, DeterministicRng(seed)
    state, _ = rules.new_game(settings, seats, rng)
    for _ in range(steps):
        if rules.is_over(state):
            return
        seat = rules.to_act(state)[0]
        yield state, seat
        legal = rules.legal_actions(state, seat)
        if rng.randbelow(2):
            action = legal[rng.randbelow(len(legal))]
        else:
            level = PLAYED_LEVELS[rng.randbelow(len(PLAYED_LEVELS))]
            action = rules.cpu_action(rules.view(state, seat), level, rng)
        state, _ = rules.apply(state, seat, action, rng)
