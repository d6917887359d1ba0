"""The page tests' scenes reach every state for any game: the built-in games by what their
tests declare (tests/games/<name>/scenes.py), a game that declares nothing by the defaults."""

from __future__ import annotations

import pytest

from games import registry
from tables.table.model import FINISHED, PLAYING
from tables.table.store import TableStore
from tests.support.clock import Clock
from tests.support.scenes import SCENES, concerns_you, game_scenes, scene, set_up, your_turn
from tests.support.toy_game import GAME as TOY

pytestmark = pytest.mark.usefixtures("toy")  # the toy game, registered (tests/conftest.py)


@pytest.fixture
def store(redis_client) -> TableStore:
    return TableStore(redis_client, clock=Clock())


def test_each_built_in_game_declares_its_scenes_in_its_own_tests():
    for game in registry.BUILT_IN:
        assert game_scenes(game.name) is not None, game.name
        assert set_up(game.name)["cpus"]
    assert game_scenes(TOY.name) is None and set_up(TOY.name) == {}


@pytest.mark.parametrize("name", SCENES)
def test_a_game_that_declares_no_scenes_reaches_every_one(store, name):
    script = scene(store, store.clock, TOY.name, name)
    table = script.table
    if name == "lobby":
        assert table.status == "lobby"
    elif name == "turn":
        assert your_turn(script)
    elif name == "reveal":
        assert concerns_you(script)
    elif name == "over":
        assert table.status == FINISHED
    else:  # out: the toy has no way out but leaving, and the game goes on without you
        assert table.status == PLAYING and script.seat_of() in table.left
