"""Mino Dice keeps the contract of games/base.py (tests/games/contract.py) over random games,
at every table size (it is not registered yet, so tests/games/test_contract.py skips it)."""

from __future__ import annotations

import pytest

from games.mino_dice import GAME
from tests.games.contract import check_declarations, check_random_game


def test_declarations_are_complete():
    check_declarations(GAME)


@pytest.mark.parametrize("seed", range(12))
def test_random_games_keep_the_contract(seed):
    check_random_game(GAME, seed, 2 + seed % 5)
