"""Every registered game's expert keeps the issue's two promises (issue 28), checked the same
way for all of them:

* it decides from its seat's view alone: change what the seat cannot see (other seats' dice
  or cards, the bag or the stock they came from: each game's ``hidden.perturb``) and the
  choice, made with the same seeded rng, does not move;
* it thinks within its budget: never more iterations than the cap, and one iteration when
  the clock says the time is already up.

Positions come from random games (tests.games.contract.random_moves): the kinds of position a
table really reaches, in every game's random rules.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from games.base import EXPERT
from games.game import Game
from games.registry import GAMES
from games.rng import DeterministicRng
from games.think import Budget, Thinking
from tests.games.contract import perturber, random_moves, random_settings, without_commitments

CAP = 3
POSITIONS = 12  # decisions checked per game and seed


@dataclass(frozen=True)
class Recording(Budget):
    """A budget that keeps every ``Thinking`` it starts, to count their iterations."""

    started: list[Thinking] = field(default_factory=list, compare=False)

    def start(self) -> Thinking:
        thinking = super().start()
        self.started.append(thinking)
        return thinking


class Late:
    """A clock on which a second passes at every reading: any time limit is over at once."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def decisions(game: Game, seed: int) -> Iterator[tuple[Any, int]]:
    """Positions of a random game where a seat to act has a real choice (every third)."""
    rng = DeterministicRng(f"discipline/{game.name}/{seed}")
    rules = game.rules
    seats = rules.min_seats + seed % (rules.max_seats - rules.min_seats + 1)
    settings = rules.normalize_settings(random_settings(game, rng))
    found = 0
    for index, (_, _, _, _, state, _) in enumerate(random_moves(game, settings, seats, seed)):
        if rules.is_over(state) or index % 3:
            continue
        seat = rules.to_act(state)[0]
        if len(rules.legal_actions(state, seat)) > 1:
            yield state, seat
            found += 1
            if found >= POSITIONS:
                return


def expert(game: Game, view: dict[str, Any], budget: Budget) -> str:
    return game.rules.cpu_choice(view, EXPERT, DeterministicRng("the same draws"), budget)


def twins(game: Game, state: Any, seat: int, seed: int) -> Iterator[Any]:
    """The position with one other seat's secrets changed, then with every other seat's."""
    perturb = perturber(game)
    rng = DeterministicRng(f"twins/{seed}")
    others = [other for other in range(len(game.rules.ranking(state))) if other != seat]
    every = state
    for other in others:
        yield perturb(state, other, rng)
        every = perturb(every, other, rng)
    yield every


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("seed", range(3))
def test_the_expert_decides_the_same_whatever_its_seat_cannot_see(name, seed):
    game = GAMES[name]
    rules = game.rules
    moved = 0
    for state, seat in decisions(game, seed):
        view = rules.view(state, seat)
        mine = expert(game, view, Budget(None, CAP))
        for twin in twins(game, state, seat, seed):
            seen = rules.view(twin, seat)
            assert without_commitments(seen) == without_commitments(view)
            assert expert(game, seen, Budget(None, CAP)) == mine, "it saw a secret"
            moved += twin is not state
    assert moved, "no position had a secret to change"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_think_stays_within_its_iteration_cap_and_its_time(name):
    game = GAMES[name]
    for state, seat in decisions(game, 0):
        view = game.rules.view(state, seat)
        for cap in (1, CAP):
            capped = Recording(None, cap)
            assert expert(game, view, capped) in view["legal_actions"]
            assert all(thinking.iterations <= cap for thinking in capped.started)
        late = Recording(1.0, None, clock=Late())
        assert expert(game, view, late) in view["legal_actions"]
        assert all(thinking.iterations <= 1 for thinking in late.started)
