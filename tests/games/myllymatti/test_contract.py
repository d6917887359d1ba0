"""Myllymatti keeps the contract of games/base.py over random games (not yet registered:
the lead engineer adds it to games/registry.py, after which tests/games/test_contract.py
covers it too)."""

from __future__ import annotations

import pytest

from games.myllymatti import GAME
from tests.games.contract import check_declarations, check_random_game


def test_declarations_are_complete():
    check_declarations(GAME)


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("seed", range(12))
def test_random_games_keep_the_contract(seed, seats):
    check_random_game(GAME, seed, seats)
