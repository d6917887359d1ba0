"""Moves at the table (tables.table.play): a person's action is taken only as the exact string the
game lists among the seat's legal actions, whatever a game's own parsing would accept."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from games import registry
from games.errors import GameError
from games.game import Game
from games.rng import DeterministicRng
from tables.table import lobby, play
from tables.table.model import ChatRef
from tables.table.store import TableStore
from tests.support.toy_game import GAME as TOY
from tests.support.toy_game import ToyRules


class LenientRules(ToyRules):
    def apply(self, state, seat, action, rng):  # type: ignore[no-untyped-def]
        """The toy game's moves with a lenient parser: "bid:01" reads as "bid:1"."""
        verb, _, argument = action.partition(":")
        if argument.isdigit():
            action = f"{verb}:{int(argument)}"
        return super().apply(state, seat, action, rng)


LENIENT = Game(
    name="lenient_toy",
    command="lenienttoy",
    rules=LenientRules(),
    presentation=TOY.presentation,
)


@pytest.fixture(autouse=True)
def lenient_registered() -> Iterator[None]:
    registry.GAMES[LENIENT.name] = LENIENT
    yield
    registry.GAMES.pop(LENIENT.name, None)


def test_only_the_canonical_spelling_of_a_legal_action_is_a_move(redis_client):
    store = TableStore(redis_client, rng=DeterministicRng("canonical"))
    table = store.create(ChatRef(-5151), 1, "Ann", game=LENIENT.name).table
    store.change(table.id, lambda t: lobby.join(t, 2, "Ben"))
    table = store.change(table.id, lambda t: lobby.start(t, 1, store.rng)).table
    assert "bid:1" in LENIENT.rules.legal_actions(LENIENT.rules.load(table.state), 0)
    for spelling in ("bid:01", "bid:001"):
        with pytest.raises(GameError) as refused:
            store.change(table.id, lambda t, a=spelling: play.move(t, 1, a, store.rng))
        assert refused.value.code == "illegal_move"
    assert store.load(table.id).version == table.version  # nothing changed
    moved = store.change(table.id, lambda t: play.move(t, 1, "bid:1", store.rng)).table
    assert moved.version == table.version + 1
