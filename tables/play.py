"""Game moves on a table: who sits where, which game, and the game's own rules.

Moves by people, timeouts, and CPU moves all end here, in one place per kind of change, and
all run inside the store's check-and-set.
"""

from __future__ import annotations

from typing import Any

from games.base import Action, Event
from games.registry import get_game
from games.rng import Rng
from tables.deadlines import CPU, IDLE_EXPIRY, LOBBY_EXPIRY, REMINDER, TURN, acting_seat
from tables.errors import NotPlaying, NotSeated
from tables.model import EXPIRED, FINISHED, LOBBY, PLAYING, Table

TIMEOUTS_BEFORE_AUTOPILOT = 2
AUTOPILOT_LEVEL = "normal"


def require_playing(table: Table) -> None:
    if table.status != PLAYING or table.state is None:
        raise NotPlaying("no game is running at this table")


def move(table: Table, user_id: int, action: Action, rng: Rng) -> list[Event]:
    """The person ``user_id`` plays ``action``; game errors pass through untouched."""
    require_playing(table)
    seat = table.seat_of(user_id)
    if seat is None:
        raise NotSeated("you are not playing at this table")
    events = seat_move(table, seat, action, rng)
    return _back_in_person(table, seat) + events


def wake(table: Table, user_id: int) -> list[Event]:
    """A person under autopilot is back (they pressed something): they play their seat again."""
    seat = table.seat_of(user_id)
    if seat is None or (seat not in table.autopilot and str(seat) not in table.timeouts):
        return []
    return _back_in_person(table, seat)


def seat_move(table: Table, seat: int, action: Action, rng: Rng) -> list[Event]:
    require_playing(table)
    game = get_game(table.game)
    assert table.state is not None
    state, events = game.apply(game.load(table.state), seat, action, rng)
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


def on_deadline(table: Table, kind: str | None, rng: Rng) -> list[Event]:
    """What a passed deadline does (see tables.deadlines for the kinds)."""
    if kind in (LOBBY_EXPIRY, IDLE_EXPIRY):
        phase = "lobby" if table.status == LOBBY else "game"
        table.status = EXPIRED
        return [{"type": "expired", "phase": phase}]
    seat = acting_seat(table)
    if seat is None:
        return []
    if kind == REMINDER:
        table.reminded = True
        return [{"type": "reminder", "seat": seat, "left": float(table.option("turn_timer")) / 2}]
    if kind == TURN:
        return _time_out(table, seat, rng)
    if kind == CPU:
        return cpu_move(table, seat, rng)
    return []


def cpu_move(table: Table, seat: int, rng: Rng) -> list[Event]:
    """A CPU decides from that seat's own view only, then moves like anyone else."""
    game = get_game(table.game)
    assert table.state is not None
    state = game.load(table.state)
    level = table.seats[seat].cpu or AUTOPILOT_LEVEL
    action = game.cpu_action(game.view(state, seat), level, rng)
    return seat_move(table, seat, action, rng)


def _time_out(table: Table, seat: int, rng: Rng) -> list[Event]:
    game = get_game(table.game)
    assert table.state is not None
    state, events = game.timeout(game.load(table.state), seat, rng)
    in_a_row = table.timeouts.get(str(seat), 0) + 1
    table.timeouts[str(seat)] = in_a_row
    events = _store(table, state, events)
    # (An eliminated seat never acts again, so taking it over is harmless.)
    taking_over = in_a_row >= TIMEOUTS_BEFORE_AUTOPILOT and table.status == PLAYING
    if taking_over and seat not in table.autopilot:
        table.autopilot.append(seat)
        events.append({"type": "autopilot", "seat": seat, "on": True})
    return events


def _back_in_person(table: Table, seat: int) -> list[Event]:
    table.timeouts.pop(str(seat), None)
    if seat in table.autopilot:
        table.autopilot.remove(seat)
        return [{"type": "autopilot", "seat": seat, "on": False}]
    return []


def _store(table: Table, state: Any, events: list[Event]) -> list[Event]:
    game = get_game(table.game)
    table.state = game.dump(state)
    if game.is_over(state):
        table.status = FINISHED
    return events
