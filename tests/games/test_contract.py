"""Every registered game keeps the contract of games/base.py over random games."""

from __future__ import annotations

import pytest

from games.registry import GAMES
from tests.games.contract import check_declarations, check_random_game

GAME_NAMES = sorted(GAMES)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_declarations_are_complete(name):
    check_declarations(GAMES[name])


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("seed", range(6))
def test_random_games_keep_the_contract(name, seed):
    game = GAMES[name]
    seats = [game.min_seats, game.max_seats, None][seed % 3]
    check_random_game(game, seed, seats)
