"""Tables in Redis with atomic, versioned changes.

Every change is: load the table (doc + version), run a pure change function on it, then write
it back with a Lua check-and-set that also appends the change's events to the table's stream.
If another writer got there first, a lobby change is simply run again on the fresh table; a
game move made against a version the player saw is refused as stale, so a second click or an
old message changes nothing.

The commit itself (the check-and-set, a lost reply settled by change ids, a replica's
confirmation) is tables.engine.commit; the indexes beside the tables are tables.engine.hints;
a table's log is tables.table.log.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

import orjson
import redis

from games.base import Event
from games.errors import GameError
from games.registry import get_game
from games.rng import Rng, SecureRng
from games.think import Budget
from ops import metrics
from tables.engine import keys
from tables.engine.check_and_set import CheckAndSet, Committed
from tables.engine.commit import Committer
from tables.engine.fastread import FastReads
from tables.engine.health import RedisWatch
from tables.engine.hints import IndexHints
from tables.engine.watch_registry import Watchers
from tables.fairness import seal
from tables.fairness.replay_keys import replay_ttl_from_env
from tables.profiles import ratings
from tables.table import status, thinking
from tables.table.change_request import Before, Outcome, Written, change_request
from tables.table.deadline_sweep import DeadlineSweep
from tables.table.deadlines import next_deadline, refresh_turns
from tables.table.errors import (
    Busy,
    NoSuchTable,
    StaleMove,
    TableError,
)
from tables.table.ids import is_table_id, new_table_id
from tables.table.log import TableLog
from tables.table.model import LOBBY, PLAYING, ChatRef, Seat, Table
from tables.table.names import clean_name
from tables.table.options import DEFAULT_OPTIONS
from tables.table.store_chats import MAX_RACE_RETRIES, RELEASE_IF_OWNED, ChatClaims
from tables.table.store_reads import TableReads

CACHE_SIZE = 1024  # tables whose last committed document this process remembers
TTL_REFRESH_EVERY = 16  # versions between refreshes of the table keys' expiry
# Events the log leaves out: lobby chatter (and what each game declares in its
# ``unlogged_events``). The log is what /log, the story and the Mini App read.

Change = Callable[[Table], list[Event]]
Ran = tuple[list[Event], seal.Record]  # a change's events and its calls into the rules


@dataclass(frozen=True)
class TableConfig:
    """Timeouts, in seconds. The key TTLs are a safety net; the deadlines say goodbye first."""

    lobby_timeout: float = 3600
    idle_timeout: float = 86400
    open_key_ttl: int = 3 * 86400
    closed_key_ttl: int = 7 * 86400
    updates_maxlen: int = 10000
    # How long a finished game stays replayable (its log, sealed record and final table):
    # REPLAY_DAYS, 30 days unless set.
    replay_ttl: int = field(default_factory=replay_ttl_from_env)
    # How long an expert CPU may think about a move: CPU_THINK_MS, 200 ms unless set.
    think: Budget = field(default_factory=thinking.budget_from_env)


class TableStore(TableReads, DeadlineSweep, ChatClaims):
    """Tables in Redis: load, open and change them (more reads: TableReads; deadlines:
    DeadlineSweep; a chat's claim on its open table and what a closing table leaves:
    ChatClaims)."""

    def __init__(
        self,
        client: redis.Redis,
        *,
        rng: Rng | None = None,
        clock: Callable[[], float] = time.time,
        config: TableConfig | None = None,
    ) -> None:
        self.redis = client
        self.rng: Rng = rng or SecureRng()
        self.clock = clock
        self.config = config or TableConfig()
        self._release_if_owned = client.register_script(RELEASE_IF_OWNED)
        self.layout = keys.layout_of(client)
        self.committer = Committer(client, self.layout)
        self.fast = FastReads(self.committer)  # the hot reads, on the committer's sockets
        self.log = TableLog(self.fast)
        self._docs: OrderedDict[str, Table] = OrderedDict()
        self.hints = IndexHints(self.layout, self.config.open_key_ttl, self.config.updates_maxlen)
        self.watcher: Watchers | None = None  # set by processes that wait for changes
        self.health: RedisWatch | None = None  # set by processes that watch Redis (readiness)

    # --- reading -------------------------------------------------------------------------

    def load(self, table_id: str) -> Table:
        if not is_table_id(table_id):
            raise NoSuchTable("no such table")
        version, doc = self.fast.hmget(keys.table(table_id), "v", "doc")
        if version is None or doc is None:
            raise NoSuchTable("no such table")
        return Table.from_dict(orjson.loads(doc), int(version))

    # --- creating and changing -----------------------------------------------------------

    def create(
        self,
        chat: ChatRef,
        creator_id: int,
        creator_name: str,
        *,
        game: str,
        language: str = "en",
        creator_language: str | None = None,
    ) -> Outcome:
        """Open a lobby in ``chat``, with its creator seated. One open table per chat/topic."""
        definition = get_game(game)
        now = self.clock()
        table = Table(
            id=new_table_id(),
            game=game,
            chat_id=chat.chat_id,
            thread_id=chat.thread_id,
            creator_id=creator_id,
            settings=definition.rules.normalize_settings(
                dict(definition.rules.presets[definition.rules.default_preset])
            ),
            seats=[
                Seat(name=clean_name(creator_name), user_id=creator_id, language=creator_language)
            ],
            created_at=now,
            updated_at=now,
            language=language,
            options=dict(DEFAULT_OPTIONS),
        )
        self._claim_chat(chat, table.id)
        self._set_deadline(table)
        events: list[Event] = [{"type": "created", "by": table.seats[0].name}]
        self.committer.write_new(table.id, _dump(table), self.config.open_key_ttl)
        table.version = 1
        metrics.table_opened(game)
        self._remember(table)  # whoever joins next through this process skips a read
        self._after_commit(table)
        return Outcome(table, events)

    def change(self, table_id: str, change: Change, expected_version: int | None = None) -> Outcome:
        """Run ``change`` on the current table and commit it atomically.

        With ``expected_version`` the change only applies to that exact version (a player's
        move against what they saw); without it, a lost race is retried on the fresh table.

        The check-and-set and the index hints go out in one round trip. The table is read
        from a small local cache when its version is known; the check-and-set makes that
        safe (a stale read is refused and read again), and Redis stays the only truth.
        """
        started = time.perf_counter()
        for attempt in range(MAX_RACE_RETRIES):
            before = self._read_for_change(table_id, expected_version, attempt)
            table = before.table
            ran = self._run(table, change, before)
            if ran is None:
                continue  # refused on a cached copy: judged again on the fresh table
            events, calls = ran
            self._decide_rating(table, before)
            request, indexes_changed = self._request(table, events, calls, before)
            hints = self.hints.collect(table, table.version + 1, indexes_changed)
            committed = self.committer.commit(request, hints)
            if not committed.done:
                self._refused(table, committed, before, expected_version)
                continue  # someone else moved first: run the change again on the fresh table
            table.version = committed.version
            self._remember(table)
            self.committer.scatter(self._closing_commands(table, before.status))
            in_play = before.status == PLAYING
            milestone = status.milestone(before.status, table.status)
            metrics.table_changed(table.game, started, in_play, milestone)
            return Outcome(table, events)
        raise Busy("the table is too busy, try again")

    def _read_for_change(self, table_id: str, expected: int | None, attempt: int) -> Before:
        """The table to change: this process's copy on the first try, else Redis's."""
        table = self._cached(table_id, expected) if attempt == 0 else None
        from_cache = table is not None
        if table is None:
            table = self.load(table_id)
        if expected is not None and table.version != expected:
            metrics.change_refused(table.game, table.status == LOBBY, StaleMove.code)
            raise StaleMove("the table has moved on")
        return Before.of(table, from_cache)

    def _run(self, table: Table, change: Change, before: Before) -> Ran | None:
        """The change itself, its calls into the rules recorded for the replay (salts from
        the game's key). None when a copy from the cache refused it."""
        try:
            with seal.recording(table.version + 1, table.salt_key) as calls:
                events = change(table)
            table.salt_key = calls.key
        except (TableError, GameError) as error:
            if before.from_cache:  # a refusal may come from an old copy: judge the fresh table
                self._docs.pop(table.id, None)
                return None
            metrics.change_refused(table.game, before.status == LOBBY, error.code)
            raise
        return events, calls

    def _decide_rating(self, table: Table, before: Before) -> None:
        """Decided here, so that the commit that finishes the game holds it (see ratings)."""
        if before.finishes(table) and ratings.is_rated(table):
            now = self.clock()
            read = self.committer.run(ratings.read_commands(table, now))
            table.rating = ratings.outcome(table, read, now)

    def _request(
        self, table: Table, events: list[Event], calls: seal.Record, before: Before
    ) -> tuple[CheckAndSet, bool]:
        """The clocks restarted, then the check-and-set's request; and whether the indexes
        beside the table change with it."""
        quiet_for = self.clock() - table.updated_at
        table.updated_at = self.clock()
        refresh_turns(table, table.updated_at)  # a new decision starts its seat's clock
        self._set_deadline(table)
        indexes_changed = before.indexes_change(table, quiet_for)
        ttl = self.config.open_key_ttl if table.is_open else self.config.closed_key_ttl
        if not indexes_changed and table.version % TTL_REFRESH_EVERY:
            ttl = 0  # the keys' expiry was set recently enough; spare the commands
        finishing = before.finishes(table)
        request = change_request(
            table,
            self.layout,
            Written(_dump(table), events, calls, finishing),
            ttl=ttl,
            log_ttl=self.config.replay_ttl if finishing else ttl,
            ids_width=self.committer.ids_width,
        )
        return request, indexes_changed

    def _refused(
        self, table: Table, committed: Committed, before: Before, expected: int | None
    ) -> None:
        """The check-and-set wrote nothing: the table is gone, or moved on (stale when the
        change was made against a version someone saw)."""
        self._docs.pop(table.id, None)
        if committed.no_table:
            raise NoSuchTable("no such table")
        if expected is not None:
            metrics.change_refused(table.game, before.status == LOBBY, StaleMove.code)
            raise StaleMove("someone else moved first")

    def _cached(self, table_id: str, version: int | None) -> Table | None:
        cached = self._docs.get(table_id)
        if cached is None or (version is not None and cached.version != version):
            return None
        self._docs.move_to_end(table_id)
        return cached.clone()

    def _remember(self, table: Table) -> None:
        self._docs[table.id] = table.clone()
        self._docs.move_to_end(table.id)
        while len(self._docs) > CACHE_SIZE:
            self._docs.popitem(last=False)

    # --- internals -----------------------------------------------------------------------

    def _set_deadline(self, table: Table) -> None:
        table.deadline, table.deadline_kind = next_deadline(
            table, self.config.lobby_timeout, self.config.idle_timeout
        )


def _dump(table: Table) -> bytes:
    return orjson.dumps(table.to_dict())
