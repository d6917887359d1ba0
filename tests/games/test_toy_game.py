"""The test-only toy game keeps the same contract as the real games."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.games.contract import check_declarations, check_random_game
from tests.support.toy_game import GAME, ToyRules


def test_the_toy_declares_what_every_game_declares():
    check_declarations(GAME)


@pytest.mark.parametrize("seed", range(8))
def test_random_toy_games_keep_the_contract(seed):
    check_random_game(GAME, seed, [2, 3, 4, None][seed % 4])


class CallsOnly(ToyRules):
    presets = {"calls": {"calls": True}}  # noqa: RUF012 (never changed)
    settings_specs = ()


CALLS_ONLY = replace(GAME, rules=CallsOnly())


@pytest.mark.parametrize("seed", range(4))
def test_random_toy_games_with_calls_keep_the_contract(seed):
    check_random_game(CALLS_ONLY, seed, [2, 3, 4, None][seed % 4])
