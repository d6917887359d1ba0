"""Game moves on a table: who sits where, which game, and the game's own rules.

Moves by people, timeouts, and CPU moves all end here, in one place per kind of change, and
all run inside the store's check-and-set. A person's move carries the decision token they
saw (``Rules.decision``): it is refused as stale only when *their* decision has moved on, so
several seats deciding at once never get in each other's way. A CPU's thinking is the one
slow part: the deadline worker does it before the check-and-set (tables.table.thinking).
"""

from __future__ import annotations

from functools import cache

from games.base import Action, Event
from games.rng import Rng
from games.think import Budget
from tables.table import thinking
from tables.table.deadlines import (
    CPU,
    IDLE_EXPIRY,
    LOBBY_EXPIRY,
    NUDGE,
    REMINDER,
    TURN,
    due_seats,
    refresh_turns,
    seat_deadline,
)
from tables.table.errors import NotPlaying, NotSeated, StaleMove
from tables.table.model import EXPIRED, LOBBY, PLAYING, Table

TIMEOUTS_BEFORE_AUTOPILOT = 2


def require_playing(table: Table) -> None:
    if table.status != PLAYING or table.state is None:
        raise NotPlaying("no game is running at this table")


def decision_of(table: Table, seat: int) -> int:
    """The decision token ``seat`` acts on now."""
    require_playing(table)
    return table.match().decision(seat)


def move(
    table: Table, user_id: int, action: Action, rng: Rng, decision: int | None = None
) -> list[Event]:
    """The person ``user_id`` plays ``action`` on the decision they saw; game errors pass
    through untouched. Without ``decision`` the move applies to whatever is current."""
    require_playing(table)
    seat = table.seat_of(user_id)
    if seat is None:
        raise NotSeated("you are not playing at this table")
    if seat in table.left:
        raise NotSeated("you left this game")
    if decision is not None and decision != decision_of(table, seat):
        raise StaleMove("your decision has moved on")
    events = seat_move(table, seat, action, rng)  # judged against the legal actions first
    table.moved[str(seat)] = table.moved.get(str(seat), 0) + 1  # played in person
    return _back_in_person(table, seat) + events


def wake(table: Table, user_id: int) -> list[Event]:
    """A person under autopilot is back (they pressed something): they play their seat again."""
    seat = table.seat_of(user_id)
    if seat is None or seat in table.left:
        return []
    if seat not in table.autopilot and str(seat) not in table.timeouts:
        return []
    return _back_in_person(table, seat)


def seat_move(table: Table, seat: int, action: Action, rng: Rng) -> list[Event]:
    require_playing(table)
    return table.match().apply(seat, action, rng)


def resign(table: Table, user_id: int, rng: Rng) -> list[Event]:
    """The person leaves a running game. The game decides what that means for the seat; if
    it still needs the seat to act, a CPU plays it from now on."""
    require_playing(table)
    seat = table.seat_of(user_id)
    if seat is None or seat in table.left:
        raise NotSeated("you are not playing at this table")
    events = table.match().resign(seat, rng)
    table.left.append(seat)
    if seat in table.autopilot:
        table.autopilot.remove(seat)
    return events


def on_deadline(
    table: Table,
    kind: str | None,
    now: float,
    rng: Rng,
    thoughts: thinking.Thoughts | None = None,
) -> list[Event]:
    """What passed deadlines do (see tables.table.deadlines for the kinds): the table's own
    expiry, or every acting seat whose clock ran out (several when seats decide at once).
    CPU seats play the ``thoughts`` made before the change (tables.table.thinking), if given."""
    if kind in (LOBBY_EXPIRY, IDLE_EXPIRY):
        phase = "lobby" if table.status == LOBBY else "game"
        table.status = EXPIRED
        return [{"type": "expired", "phase": phase}]
    events: list[Event] = []
    for seat, seat_kind in due_seats(table, now):
        # An earlier move in this loop may have ended the game or moved this seat on.
        still = seat_deadline(table, seat) if table.status == PLAYING else None
        if still is None or still[0] > now or still[1] != seat_kind:
            continue
        if seat_kind == NUDGE:  # one private reminder of this turn (telegram_bot.private.reminders)
            turn = table.turns[str(seat)]
            table.turns[str(seat)] = {**turn, "n": 1}
            events.append({"type": "nudge", "seat": seat, "d": turn["d"]})
            continue
        if seat_kind == REMINDER:
            table.turns[str(seat)] = {**table.turns[str(seat)], "r": 1}
            left = float(table.option("turn_timer")) / 2
            events.append({"type": "reminder", "seat": seat, "left": left})
            continue
        if seat_kind == TURN:
            events += _time_out(table, seat, rng)
        elif seat_kind == CPU:
            events += cpu_move(table, seat, rng, thoughts)
        refresh_turns(table, now)  # seats still deciding keep their clocks
    return events


def cpu_move(
    table: Table, seat: int, rng: Rng, thoughts: thinking.Thoughts | None = None
) -> list[Event]:
    """A CPU decides from that seat's own view only, then moves like anyone else. Without
    ``thoughts`` it thinks here, within the default budget (CPU_THINK_MS)."""
    if thoughts is None:
        view = thinking.seat_view(table, seat)
        action: Action | None = thinking.decide(table, seat, view, rng, _default_budget())
    else:
        action = thoughts.action(table, seat, rng)
    if action is None:
        return []  # its view changed in this change: the next sweep thinks again
    return seat_move(table, seat, action, rng)


@cache
def _default_budget() -> Budget:
    return thinking.budget_from_env()


def _time_out(table: Table, seat: int, rng: Rng) -> list[Event]:
    events = table.match().timeout(seat, rng)
    in_a_row = table.timeouts.get(str(seat), 0) + 1
    table.timeouts[str(seat)] = in_a_row
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
