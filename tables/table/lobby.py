"""Lobby changes as pure functions on a freshly loaded :class:`Table`.

Each function checks who may do what, changes the table in place, and returns the public
events it caused. The store runs them inside its check-and-set loop, so a refused change
(an exception) writes nothing.
"""

from __future__ import annotations

from typing import Any

from games.base import CPU_LEVELS as BASE_CPU_LEVELS
from games.base import Event
from games.rng import Rng
from tables.table.errors import (
    AlreadySeated,
    NotAllowed,
    NotEnoughPlayers,
    NotInLobby,
    NotSeated,
    TableFull,
)
from tables.table.model import CANCELLED, FINISHED, LOBBY, PLAYING, Seat, Table
from tables.table.names import clean_name, looks_taken
from tables.table.options import DEFAULT_OPTIONS, normalize_options


def require_lobby(table: Table) -> None:
    if table.status != LOBBY:
        raise NotInLobby("the game has already started" if table.status == PLAYING else "closed")


def require_creator(table: Table, user_id: int, is_admin: bool = False) -> None:
    if user_id != table.creator_id and not is_admin:
        raise NotAllowed("only the table's creator can do that")


def join(table: Table, user_id: int, name: str, language: str | None = None) -> list[Event]:
    require_lobby(table)
    if table.seat_of(user_id) is not None:
        raise AlreadySeated("you already have a seat")
    if len(table.seats) >= table.match().rules.max_seats:
        raise TableFull("the table is full")
    taken = [seat.name for seat in table.seats]
    table.seats.append(Seat(name=clean_name(name, taken), user_id=user_id, language=language))
    return [{"type": "joined", "seat": len(table.seats) - 1, "name": table.seats[-1].name}]


CPU_NAMES = ("Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Margaret", "Ken", "Radia")
CPU_LEVELS = BASE_CPU_LEVELS


def add_cpu(table: Table, user_id: int, level: str, is_admin: bool = False) -> list[Event]:
    """A CPU opponent of the given level takes the next seat (named after a pioneer)."""
    require_lobby(table)
    require_creator(table, user_id, is_admin)
    if level not in CPU_LEVELS:
        raise NotAllowed(f"no CPU level {level!r}")
    if len(table.seats) >= table.match().rules.max_seats:
        raise TableFull("the table is full")
    taken = [seat.name for seat in table.seats]  # nobody at the table reads as its name
    name = next((n for n in CPU_NAMES if not looks_taken(n, taken)), f"CPU {len(table.seats) + 1}")
    table.seats.append(Seat(name=name, cpu=level))
    return [{"type": "joined", "seat": len(table.seats) - 1, "name": name, "cpu": level}]


def remove_seat(table: Table, seat_index: int) -> list[Event]:
    """Take a seat out of the lobby; the creator role passes on to the next person seated."""
    seat = table.seats.pop(seat_index)
    events: list[Event] = [{"type": "left", "seat": seat_index, "name": seat.name}]
    if seat.user_id == table.creator_id:
        people = [s for s in table.seats if not s.is_cpu]
        if people:
            assert people[0].user_id is not None
            table.creator_id = people[0].user_id
            events.append({"type": "creator_changed", "name": people[0].name})
        else:
            table.status = CANCELLED
            events.append({"type": "cancelled", "reason": "empty"})
    return events


def leave(table: Table, user_id: int) -> list[Event]:
    require_lobby(table)
    seat_index = table.seat_of(user_id)
    if seat_index is None:
        raise NotSeated("you have no seat at this table")
    return remove_seat(table, seat_index)


def kick(table: Table, user_id: int, seat_index: int, is_admin: bool = False) -> list[Event]:
    require_lobby(table)
    require_creator(table, user_id, is_admin)
    if not 0 <= seat_index < len(table.seats):
        raise NotSeated("no such seat")
    if table.seats[seat_index].user_id == user_id:
        return leave(table, user_id)
    return remove_seat(table, seat_index)


def change_setting(
    table: Table, user_id: int, key: str, value: Any, is_admin: bool = False
) -> list[Event]:
    """A game setting (the rules) or a table option (turn timer, CPU pace)."""
    require_lobby(table)
    require_creator(table, user_id, is_admin)
    if key in DEFAULT_OPTIONS:
        table.options = normalize_options({**table.options, key: value})
    else:
        game = table.match().game
        table.settings = game.rules.normalize_settings({**table.settings, key: value})
    return [{"type": "settings_changed", "key": key, "value": value}]


def choose_preset(table: Table, user_id: int, preset: str, is_admin: bool = False) -> list[Event]:
    require_lobby(table)
    require_creator(table, user_id, is_admin)
    game = table.match().game
    if preset not in game.rules.presets:
        raise NotAllowed(f"no preset {preset!r}")
    table.settings = game.rules.normalize_settings(dict(game.rules.presets[preset]))
    return [{"type": "preset_chosen", "preset": preset}]


def start(table: Table, user_id: int, rng: Rng, is_admin: bool = False) -> list[Event]:
    require_lobby(table)
    require_creator(table, user_id, is_admin)
    match = table.match()
    if len(table.seats) < match.rules.min_seats:
        raise NotEnoughPlayers(f"at least {match.rules.min_seats} players are needed")
    table.game_no += 1
    table.moved = {}
    events = match.begin(table.settings, len(table.seats), rng, table.game_id)
    table.status = PLAYING
    return [{"type": "started", "game_no": table.game_no}, *events]


def restart(table: Table, user_id: int, rng: Rng) -> list[Event]:
    """A rematch: same settings, a fresh game (see TableStore.rematch), everyone in person.

    A person who left the last game is not played for again: their seat goes, unless they
    ask for the rematch themselves (then they are back). Too few seats left is a refusal.
    """
    asking = table.seat_of(user_id)
    if table.status != FINISHED or asking is None:
        raise NotAllowed("only players of a finished game can ask for a rematch")
    gone = sorted((seat for seat in set(table.left) if seat != asking), reverse=True)
    needed = table.match().rules.min_seats
    if len(table.seats) - len(gone) < needed:
        raise NotEnoughPlayers(f"at least {needed} players are needed; the others left")
    events: list[Event] = [{"type": "rematch", "by": table.seats[asking].name}]
    if gone:
        events[0]["gone"] = [table.seats[seat].name for seat in reversed(gone)]
    for seat in gone:  # the highest first, so the lower seats keep their numbers
        events += remove_seat(table, seat)
    table.status = LOBBY
    table.timeouts, table.autopilot, table.left = {}, [], []
    return events + start(table, table.creator_id, rng, is_admin=True)


def cancel(table: Table, user_id: int, is_admin: bool = False) -> list[Event]:
    if not table.is_open:
        raise NotInLobby("this table is already closed")
    require_creator(table, user_id, is_admin)
    table.status = CANCELLED
    return [{"type": "cancelled", "reason": "by_user"}]
