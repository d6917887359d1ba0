"""What a table waits for next, and when: the one deadline each open table has.

    lobby     an abandoned lobby closes (an hour after its last change)
    idle      a game nobody plays closes (a day after its last move; turn timer off)
    reminder  half of a turn timer has passed: the table shows a reminder
    turn      the turn timer ran out: the absent player times out (counts as a fold)
    cpu       a CPU (or a CPU standing in for an absent player) makes its move

Deadlines live in the table document (so they survive restarts) and in a sorted set that
lets any worker find due tables; firing goes through the table's check-and-set, so each
deadline fires once however many workers sweep.
"""

from __future__ import annotations

from typing import Any

from games.registry import get_game
from tables.model import LOBBY, PLAYING, Table

LOBBY_EXPIRY = "lobby"
IDLE_EXPIRY = "idle"
REMINDER = "reminder"
TURN = "turn"
CPU = "cpu"


def acting_seat(table: Table) -> int | None:
    if table.status != PLAYING or table.state is None:
        return None
    game = get_game(table.game)
    seats = game.to_act(game.load(table.state))
    return seats[0] if seats else None


def is_played_by_cpu(table: Table, seat: int) -> bool:
    return table.seats[seat].is_cpu or seat in table.autopilot


def next_deadline(table: Table, lobby_timeout: float, idle_timeout: float) -> tuple[Any, Any]:
    """(when, kind) of the table's next deadline, or (None, None) when it waits for nothing."""
    if table.status == LOBBY:
        return table.updated_at + lobby_timeout, LOBBY_EXPIRY
    seat = acting_seat(table)
    if seat is None:
        return None, None
    if is_played_by_cpu(table, seat):
        return table.turn_started + float(table.option("cpu_delay")), CPU
    timer = float(table.option("turn_timer"))
    if timer > 0:
        if not table.reminded:
            return table.turn_started + timer / 2, REMINDER
        return table.turn_started + timer, TURN
    return table.updated_at + idle_timeout, IDLE_EXPIRY
