"""A person's games: every open table they sit at (and whose turn it is there), and the
games they finished (to replay them), for /mygames and the Mini App's "My games"."""

from __future__ import annotations

from dataclasses import dataclass

import orjson

from tables.fairness.replay_keys import parse_replay_id, played_key, replay_key
from tables.profiles import ratings
from tables.table.deadlines import acting_seats
from tables.table.model import FINISHED, Table
from tables.table.store import TableStore

PLAYED_SHOWN = 30


@dataclass(frozen=True)
class SeatAt:
    """An open table where the person sits."""

    table: Table
    seat: int
    acting: tuple[int, ...]  # the seats the game waits for (empty in a lobby)
    left: bool  # they left this game (it goes on without them)

    @property
    def your_turn(self) -> bool:
        return self.seat in self.acting and not self.left

    def acting_names(self) -> list[str]:
        names = self.table.display_names()
        return [names[seat] for seat in self.acting]


@dataclass(frozen=True)
class Played:
    """A finished game the person played, still kept for its replay."""

    replay_id: str
    game: str
    chat_id: int
    finished_at: float
    place: int | None
    seats: int
    rating_before: int | None
    rating_after: int | None


def open_tables(store: TableStore, user_id: int) -> list[SeatAt]:
    """Every open table where the person sits: their turn first, then the newest."""
    found = []
    for table in store.tables_of(user_id):
        seat = table.seat_of(user_id)
        if seat is None:
            continue
        found.append(SeatAt(table, seat, tuple(acting_seats(table)), seat in table.left))
    return sorted(found, key=lambda s: (not s.your_turn, -s.table.updated_at))


def played_games(store: TableStore, user_id: int, limit: int = PLAYED_SHOWN) -> list[Played]:
    """The person's finished games, newest first (those whose replay has expired dropped)."""
    members = store.redis.zrevrange(played_key(user_id), 0, limit - 1, withscores=True)
    parsed = [(parse_replay_id(m.decode()), when) for m, when in members]
    wanted = [(ids, when) for ids, when in parsed if ids is not None]
    if not wanted:
        return []
    docs = store.committer.run([("GET", replay_key(t, n)) for (t, n), _ in wanted])
    found = []
    for ((table_id, game_no), when), raw in zip(wanted, docs, strict=True):
        if raw is None:
            continue
        table = Table.from_dict(orjson.loads(raw), 0)
        seat = table.seat_of(user_id)
        if table.status != FINISHED or seat is None:
            continue
        found.append(_played(table, seat, f"{table_id}-{game_no}", when))
    return found


def _played(table: Table, seat: int, replay_id: str, when: float) -> Played:
    places = dict(table.match().places())
    change = next((c for c in ratings.changes(table) if c.seat == seat), None)
    return Played(
        replay_id,
        table.game,
        table.chat_id,
        when,
        places.get(seat),
        len(table.seats),
        change.before_points if change else None,
        change.after_points if change else None,
    )
