"""What one table change writes, laid out for the check-and-set (tables.engine.check_and_set).

The store runs a change on a table; this module says what that change writes beside it.
The log keeps the game's events, less lobby chatter and what the game leaves out.
The sealed record keeps the calls into the rules, for the replay.
A finished game's table is kept under its replay key.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.base import Event
from tables.engine import codec, keys
from tables.engine.check_and_set import CheckAndSet
from tables.engine.commit import new_change_id
from tables.fairness import seal, seal_codec
from tables.fairness.replay_keys import replay_key
from tables.table.model import FINISHED, PLAYING, Table

INDEX_REFRESH_EVERY = 64  # versions between refreshes of the slow indexes' expiry
SLOW_CHANGE_SECONDS = 3600  # a change after this long a pause refreshes every expiry


@dataclass
class Outcome:
    """A table after a change, and the public events that change caused."""

    table: Table
    events: list[Event]


@dataclass
class Before:
    """The table as the change found it: what the commit compares the changed table with."""

    table: Table
    from_cache: bool
    status: str
    seats: list[int | None]

    @classmethod
    def of(cls, table: Table, from_cache: bool) -> Before:
        return cls(table, from_cache, table.status, [seat.user_id for seat in table.seats])

    def finishes(self, table: Table) -> bool:
        """Whether this change ended the game."""
        return self.status == PLAYING and table.status == FINISHED

    def indexes_change(self, table: Table, quiet_for: float) -> bool:
        """Whether the indexes beside the table are written with this change."""
        return (
            self.status != table.status
            or self.seats != [seat.user_id for seat in table.seats]
            or table.version % INDEX_REFRESH_EVERY == 0
            # A slow game (turns of hours) would outlive its keys' expiry before the next
            # refresh by count: after a quiet hour, every change refreshes them.
            or quiet_for > SLOW_CHANGE_SECONDS
        )


@dataclass(frozen=True)
class Written:
    """What the change made: the new document, its events, its calls into the rules."""

    doc: bytes
    events: list[Event]
    calls: seal.Record
    finishing: bool


def logged_events(table: Table, events: list[Event]) -> list[Event]:
    """The events the log keeps: no lobby chatter, nothing the game leaves out."""
    unlogged = table.match().rules.unlogged_events
    return [
        e
        for e in events
        if e.get("type") not in codec.LOBBY_CHATTER and e.get("type") not in unlogged
    ]


def change_request(
    table: Table, layout: keys.Layout, written: Written, *, ttl: int, log_ttl: int, ids_width: int
) -> CheckAndSet:
    """The check-and-set request for a change made on ``table.version``."""
    version, calls = table.version, written.calls
    logged = logged_events(table, written.events)
    fields = table.match().rules.event_fields
    # The sealed record and the kept final table only when the change has them: a key
    # that does not exist (yet) makes a slot's migration answer TRYAGAIN.
    sealed = bool(calls) or table.status == PLAYING or written.finishing
    return CheckAndSet(
        table_key=keys.table(table.id),
        log_key=keys.game_log(table.id, table.game_no),
        version=version,
        doc=written.doc,
        ttl=ttl,
        log_entry=codec.pack_entry(version + 1, codec.encode(logged, fields)) if logged else "",
        channel=layout.changes_channel(table.id),
        table_id=table.id,
        publish=layout.publish_command,
        change_id=new_change_id(),
        ids_width=ids_width,
        seal_key=seal.seal_key(table.id, table.game_no) if sealed else None,
        sealed_entry=seal_codec.pack(version + 1, calls) if calls else "",
        replay_key=replay_key(table.id, table.game_no) if written.finishing else None,
        log_ttl=log_ttl,
    )
