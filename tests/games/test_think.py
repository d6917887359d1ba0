"""The thinking budget every expert spends: an iteration cap that makes a search repeatable,
a time limit read from the clock it is given, and always at least one iteration."""

from __future__ import annotations

import pytest

from games.base import CPU_LEVELS, EXPERT
from games.registry import GAMES
from games.rng import DeterministicRng
from games.think import DEFAULT_THINK_MS, Budget, NothingToDo, forced

STEP = 1 / 64  # seconds


class Ticks:
    """A clock that moves on by ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def iterations(budget: Budget) -> int:
    thinking = budget.start()
    while thinking.more():
        pass
    return thinking.iterations


def test_the_cap_alone_stops_a_search_at_the_same_count_however_slow_the_clock():
    assert iterations(Budget(None, 37, clock=Ticks(1.0))) == 37
    assert iterations(Budget(None, 37, clock=Ticks(1e-9))) == 37


def test_the_time_limit_stops_a_search_when_the_clock_says_so():
    # Each read of the clock moves 15.625 ms on (a binary fraction: no rounding): one read at
    # the start, then one before each iteration after the first. Before the fifth, 62.5 ms
    # have passed: it is refused.
    assert iterations(Budget(62.5, None, clock=Ticks(STEP))) == 4


def test_the_first_iteration_runs_even_when_the_time_is_already_up():
    assert iterations(Budget(0.001, None, clock=Ticks(1.0))) == 1


def test_whichever_limit_comes_first_wins():
    assert iterations(Budget(1000, 3, clock=Ticks(STEP))) == 3
    assert iterations(Budget(31.25, 1000, clock=Ticks(STEP))) == 2


def test_the_default_budget_is_200_ms_without_a_cap():
    assert Budget() == Budget(DEFAULT_THINK_MS, None) and DEFAULT_THINK_MS == 200


class NoDraws:
    """An rng that fails the test if anything draws from it."""

    def randbelow(self, n: int) -> int:
        raise AssertionError("a move that is not a choice drew a random number")

    def token_hex(self, nbytes: int) -> str:
        raise AssertionError("a move that is not a choice drew a random number")


def _never() -> float:
    raise AssertionError("a move that is not a choice read the clock")


NEVER = Budget(ms=1, max_iterations=1, clock=_never)


def opening_view(game):
    """The first seat to act's view of a new game of ``game`` (its default rules)."""
    rules = game.rules
    settings = dict(rules.presets[rules.default_preset])
    state, _ = rules.new_game(settings, rules.min_seats, DeterministicRng(f"guard/{game.name}"))
    return rules.view(state, rules.to_act(state)[0])


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("level", CPU_LEVELS)
def test_every_cpu_plays_a_seats_only_action_without_thinking_or_drawing(name, level):
    game = GAMES[name]
    view = opening_view(game)
    for action in view["legal_actions"]:
        only = {**view, "legal_actions": [action]}
        assert game.rules.cpu_choice(only, level, NoDraws(), NEVER) == action
        assert forced(only) == action


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("level", CPU_LEVELS)
def test_every_cpu_refuses_a_seat_with_nothing_to_do(name, level):
    game = GAMES[name]
    none = {**opening_view(game), "legal_actions": []}
    with pytest.raises(NothingToDo):
        game.rules.cpu_choice(none, level, DeterministicRng(1), Budget(None, 1))
    with pytest.raises(NothingToDo):
        game.rules.cpu_action(none, level, DeterministicRng(1))
    if level == EXPERT:
        with pytest.raises(NothingToDo):
            game.rules.cpu_expert(none, DeterministicRng(1), Budget(None, 1))


def test_a_choice_of_two_is_left_to_the_cpu():
    assert forced({"legal_actions": ["a", "b"]}) is None
