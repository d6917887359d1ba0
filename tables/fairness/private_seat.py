"""The one gate every front door asks before it shows a seat's secrets: may this person see
their seat's hidden values now?

Every door that shows something private — the group's look button, the inline hand, the
Mini App's table view and its long poll — asks here and nowhere else, so a rule added here
holds everywhere at once (``/log`` and ``/verify`` show only what every reader may see).

A person sees their seat's secrets while they still play it:

- they hold a seat at the table and its game is running (a lobby has no secrets; once the
  game is over, what mattered has been revealed to everyone);
- they have not left the game: a seat whose person left plays on (a CPU plays it, or the
  turn timer), but what it is dealt from then on is nobody's to see — passed to a player
  still in, it would be a peek at the game;
- the seat is not out of the game (the game's own ``SeatBadge.out``: eliminated, timed out
  of its last life, resigned): it has nothing left to hide or play.

A seat a CPU stands in for after two timeouts is still its person's: they may come back at
any moment (any press does it), so they still see it.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.base import JSON
from tables.table.model import PLAYING, Table

# Why a person sees nothing private (error codes: the doors word them, see translations.errors).
NOT_SEATED = "not_seated"
NOT_PLAYING = "not_playing"
GAME_OVER = "game_over"
LEFT = "already_left"
OUT = "nothing_to_see"


@dataclass(frozen=True)
class SecretsAccess:
    """The seat whose secrets the person may see now, or why they may see none."""

    seat: int | None
    refusal: str | None = None

    @property
    def allowed(self) -> bool:
        return self.seat is not None


def secrets_access(table: Table, user_id: int) -> SecretsAccess:
    """May ``user_id`` see their seat's secrets at ``table`` now (see the module's rules)?"""
    return _judge(table, user_id)


def private_view(table: Table, user_id: int) -> tuple[int, JSON] | None:
    """The person's seat and its own view (with its secrets), if the gate lets them see it."""
    access = _judge(table, user_id)
    if access.seat is None:
        return None
    return access.seat, table.match().view(access.seat)


def _judge(table: Table, user_id: int) -> SecretsAccess:
    """The answer, judged on the table's match."""
    seat = table.seat_of(user_id)
    if seat is None:
        return SecretsAccess(None, NOT_SEATED)
    if table.state is None or table.status != PLAYING:
        return SecretsAccess(None, GAME_OVER if table.state is not None else NOT_PLAYING)
    if seat in table.left:
        return SecretsAccess(None, LEFT)
    match = table.match()
    if match.presentation.seat_badges(match.public_view())[seat].out:
        return SecretsAccess(None, OUT)
    return SecretsAccess(seat)
