"""What a table waits for next, and when. Every seat that must act has its own clock.

    lobby     an abandoned lobby closes (an hour after its last change)
    idle      a game nobody plays closes (a day after its last move; no turn timer)
    nudge     a person's turn has waited NUDGE_AFTER at a table with a long turn timer (an
              hour or more): they get one private reminder (telegram_bot.private.reminders)
    reminder  half of a seat's turn timer has passed: the table shows a reminder
    turn      a seat's turn timer ran out: the game's timeout rule plays for it
    cpu       a CPU (or a CPU standing in for an absent player) makes its move

Each seat in the game's ``to_act`` has a turn in ``Table.turns``: its decision token and
when that decision began. When several seats decide at once (hidden bids), each has its own
timer, reminder and CPU move. The table's deadline is the earliest of them; it lives in the
table document (so it survives restarts) and in a sorted set that lets any worker find due
tables; firing goes through the table's check-and-set, so each fires once however many
workers sweep.
"""

from __future__ import annotations

from typing import Any

from tables.table.model import LOBBY, PLAYING, Table

LOBBY_EXPIRY = "lobby"
IDLE_EXPIRY = "idle"
REMINDER = "reminder"
NUDGE = "nudge"
LONG_TURN_TIMER = 3600  # from this turn timer on, a game is slow: a person's turn is nudged
NUDGE_AFTER = 600  # seconds a person's turn waits before their private reminder
TURN = "turn"
CPU = "cpu"


def acting_seats(table: Table) -> list[int]:
    """Seats the running game waits for (none outside a game)."""
    if table.status != PLAYING or table.state is None:
        return []
    return table.match().to_act()


def refresh_turns(table: Table, now: float) -> None:
    """Start the clock of every seat whose decision is new; forget seats done deciding."""
    if table.status != PLAYING or table.state is None:
        table.turns = {}
        return
    match = table.match()
    turns: dict[str, dict[str, Any]] = {}
    for seat in match.to_act():
        token = match.decision(seat)
        known = table.turns.get(str(seat))
        if known is not None and known.get("d") == token:
            turns[str(seat)] = known
        else:
            turns[str(seat)] = {"d": token, "t": now}
    table.turns = turns


def seat_deadline(table: Table, seat: int) -> tuple[float, str] | None:
    """(when, kind) of one acting seat's next deadline, or None (no timer, a person). With a
    long timer a person's turn is nudged first (once: "n" marks it done), then reminded."""
    turn = table.turns.get(str(seat))
    if turn is None:
        return None
    started = float(turn["t"])
    if table.played_by_cpu(seat):
        return started + float(table.option("cpu_delay")), CPU
    timer = float(table.option("turn_timer"))
    if timer <= 0:
        return None
    if timer >= LONG_TURN_TIMER and not turn.get("n"):
        return started + min(NUDGE_AFTER, timer / 2), NUDGE
    if not turn.get("r"):
        return started + timer / 2, REMINDER
    return started + timer, TURN


def due_seats(table: Table, now: float) -> list[tuple[int, str]]:
    """Acting seats whose deadline has passed, earliest first: (seat, kind)."""
    due = []
    for key in table.turns:
        found = seat_deadline(table, int(key))
        if found is not None and found[0] <= now:
            due.append((found[0], int(key), found[1]))
    return [(seat, kind) for _when, seat, kind in sorted(due)]


def is_reminded(table: Table, seat: int) -> bool:
    turn = table.turns.get(str(seat))
    return bool(turn and turn.get("r"))


def next_deadline(table: Table, lobby_timeout: float, idle_timeout: float) -> tuple[Any, Any]:
    """(when, kind) of the table's next deadline, or (None, None) when it waits for nothing."""
    if table.status == LOBBY:
        return table.updated_at + lobby_timeout, LOBBY_EXPIRY
    if table.status != PLAYING:
        return None, None
    found = [d for d in (seat_deadline(table, int(key)) for key in table.turns) if d]
    if found:
        return min(found)
    return table.updated_at + idle_timeout, IDLE_EXPIRY
