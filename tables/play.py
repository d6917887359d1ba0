"""Game moves on a table: who sits where, which game, and the game's own rules."""

from __future__ import annotations

from games.base import Action, Event
from games.registry import get_game
from games.rng import Rng
from tables.errors import NotPlaying, NotSeated
from tables.model import FINISHED, PLAYING, Table


def require_playing(table: Table) -> None:
    if table.status != PLAYING or table.state is None:
        raise NotPlaying("no game is running at this table")


def move(table: Table, user_id: int, action: Action, rng: Rng) -> list[Event]:
    """The person ``user_id`` plays ``action``; game errors pass through untouched."""
    require_playing(table)
    seat = table.seat_of(user_id)
    if seat is None:
        raise NotSeated("you are not playing at this table")
    return seat_move(table, seat, action, rng)


def seat_move(table: Table, seat: int, action: Action, rng: Rng) -> list[Event]:
    require_playing(table)
    game = get_game(table.game)
    assert table.state is not None
    state, events = game.apply(game.load(table.state), seat, action, rng)
    return _store(table, state, events)


def timeout(table: Table, seat: int, rng: Rng) -> list[Event]:
    require_playing(table)
    game = get_game(table.game)
    assert table.state is not None
    state, events = game.timeout(game.load(table.state), seat, rng)
    return _store(table, state, events)


def resign(table: Table, user_id: int, rng: Rng) -> list[Event]:
    require_playing(table)
    seat = table.seat_of(user_id)
    if seat is None:
        raise NotSeated("you are not playing at this table")
    game = get_game(table.game)
    assert table.state is not None
    state, events = game.resign(game.load(table.state), seat, rng)
    return _store(table, state, events)


def _store(table: Table, state: object, events: list[Event]) -> list[Event]:
    game = get_game(table.game)
    table.state = game.dump(state)
    if game.is_over(state):
        table.status = FINISHED
    return events
