"""Tables in Redis with atomic, versioned changes.

Every change is: load the table (doc + version), run a pure change function on it, then write
it back with a Lua check-and-set that also appends the change's events to the table's stream.
If another writer got there first, a lobby change is simply run again on the fresh table; a
game move made against a version the player saw is refused as stale, so a second click or an
old message changes nothing.

The commit itself (the check-and-set, a lost reply settled by change ids, a replica's
confirmation) is tables.engine.commit; the indexes beside the tables are tables.engine.hints;
a table's log is tables.log.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import orjson
import redis

from games.base import Event
from games.errors import GameError
from games.registry import get_game
from games.rng import Rng, SecureRng
from games.think import Budget
from ops import metrics
from tables import lobby, play, ratings, seal, seal_codec, stats, thinking
from tables.deadlines import next_deadline, refresh_turns
from tables.engine import codec, keys
from tables.engine.commit import Command, Committer, new_change_id
from tables.engine.fastread import FastReads
from tables.engine.health import RedisWatch
from tables.engine.hints import IndexHints
from tables.engine.watch_registry import Watchers
from tables.errors import (
    Busy,
    NoSuchTable,
    NotFinished,
    NotSeated,
    StaleMove,
    TableError,
    TableExists,
)
from tables.ids import is_table_id, new_table_id
from tables.log import TableLog
from tables.model import FINISHED, PLAYING, ChatRef, Seat, Table
from tables.names import clean_name
from tables.options import DEFAULT_OPTIONS
from tables.replay_keys import played_commands, replay_key, replay_ttl_from_env

_RELEASE_IF_OWNED = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

MAX_RACE_RETRIES = 20
CACHE_SIZE = 1024  # tables whose last committed document this process remembers
INDEX_REFRESH_EVERY = 64  # versions between refreshes of the slow indexes' expiry
TTL_REFRESH_EVERY = 16  # versions between refreshes of the table keys' expiry
SLOW_CHANGE_SECONDS = 3600  # a change after this long a pause refreshes every expiry
# Events the log leaves out: lobby chatter (and what each game declares in its
# ``unlogged_events``). The log is what /log, the story and the Mini App read.
WAIT_CHUNK_SECONDS = 3.0  # re-read the version at least this often while waiting
POLL_SECONDS = 0.2
THINK_TRIES = 3  # thinking ahead of a deadline's change, before thinking inside it

Change = Callable[[Table], list[Event]]


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


@dataclass
class Outcome:
    """A table after a change, and the public events that change caused."""

    table: Table
    events: list[Event]


class TableStore:
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
        self._release_if_owned = client.register_script(_RELEASE_IF_OWNED)
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

    def find_open(self, chat: ChatRef) -> Table | None:
        table_id = self.redis.get(keys.chat_table(chat))
        if table_id is None:
            return None
        try:
            table = self.load(_text(table_id))
        except NoSuchTable:
            return None
        return table if table.is_open else None

    def tables_of(self, user_id: int) -> list[Table]:
        """Open tables where this person sits, oldest first (stale index entries dropped)."""
        found: list[Table] = []
        for raw in self.redis.smembers(keys.user_tables(user_id)):
            table_id = _text(raw)
            try:
                table = self.load(table_id)
            except NoSuchTable:
                table = None
            if table is None or not table.is_open or table.seat_of(user_id) is None:
                self.redis.srem(keys.user_tables(user_id), table_id)
                continue
            found.append(table)
        return sorted(found, key=lambda t: t.created_at)

    def wait_for_change(self, table_id: str, after: int, timeout: float) -> int:
        """Block until the table's version passes ``after`` (or ``timeout`` seconds pass);
        returns the version then. With a watcher attached (tables.engine.watch) it wakes at the
        commit's notice, which carries the version; without one it looks every fifth of a
        second."""
        deadline = time.monotonic() + timeout
        if self.watcher is None:
            while True:
                current = self._version(table_id)
                remaining = deadline - time.monotonic()
                if current > after or remaining <= 0:
                    return current
                time.sleep(min(remaining, POLL_SECONDS))
        with self.watcher.watching(table_id) as watch:  # before reading: no notice missed
            while True:
                current = self._version(table_id)
                remaining = deadline - time.monotonic()
                if current > after or remaining <= 0:
                    return current
                announced = watch.wait_past(max(after, current), min(remaining, WAIT_CHUNK_SECONDS))
                if announced > after:
                    return announced

    def _version(self, table_id: str) -> int:
        current = self.fast.hget(keys.table(table_id), "v")
        if current is None:
            raise NoSuchTable("no such table")
        return int(current)

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
            table = self._cached(table_id, expected_version) if attempt == 0 else None
            from_cache = table is not None
            if table is None:
                table = self.load(table_id)
            if expected_version is not None and table.version != expected_version:
                metrics.change_refused(table.game, table.status, StaleMove.code)
                raise StaleMove("the table has moved on")
            seats_before = [seat.user_id for seat in table.seats]
            status_before = table.status
            try:
                # Every call into the rules, for the replay; salts from the game's key.
                with seal.recording(table.version + 1, table.salt_key) as calls:
                    events = change(table)
                table.salt_key = calls.key
            except (TableError, GameError) as error:
                if from_cache:  # a refusal may come from an old copy: judge the fresh table
                    self._docs.pop(table_id, None)
                    continue
                metrics.change_refused(table.game, status_before, error.code)
                raise
            finishing = status_before == PLAYING and table.status == FINISHED
            if finishing and ratings.is_rated(table):
                # Decided here, so the commit that finishes the game holds it (see ratings).
                now = self.clock()
                read = self.committer.run(ratings.read_commands(table, now))
                table.rating = ratings.outcome(table, read, now)
            quiet_for = self.clock() - table.updated_at
            table.updated_at = self.clock()
            refresh_turns(table, table.updated_at)  # a new decision starts its seat's clock
            self._set_deadline(table)
            indexes_changed = (
                status_before != table.status
                or seats_before != [seat.user_id for seat in table.seats]
                or table.version % INDEX_REFRESH_EVERY == 0
                # A slow game (turns of hours) would outlive its keys' expiry before the
                # next refresh by count: after a quiet hour, every change refreshes them.
                or quiet_for > SLOW_CHANGE_SECONDS
            )
            ttl = self.config.open_key_ttl if table.is_open else self.config.closed_key_ttl
            if not indexes_changed and table.version % TTL_REFRESH_EVERY:
                ttl = 0  # the keys' expiry was set recently enough; spare the commands
            game = table.match().game
            logged = [
                e
                for e in events
                if e.get("type") not in codec.LOBBY_CHATTER
                and e.get("type") not in game.rules.unlogged_events
            ]
            fields = game.rules.event_fields
            doc = _dump(table)
            script_keys = [keys.table(table_id), keys.game_log(table_id, table.game_no)]
            # The sealed record and the kept final table only when the change has them: a
            # key that does not exist (yet) makes a slot's migration answer TRYAGAIN.
            if calls or table.status == PLAYING or finishing:
                script_keys.append(seal.seal_key(table_id, table.game_no))
            if finishing:
                script_keys.append(replay_key(table_id, table.game_no))
            script_args = [
                table.version,
                doc,
                ttl,
                codec.pack_entry(table.version + 1, codec.encode(logged, fields)) if logged else "",
                self.layout.changes_channel(table_id),
                table_id,
                self.layout.publish_command,
                new_change_id(),
                self.committer.ids_width,
                seal_codec.pack(table.version + 1, calls) if calls else "",
                self.config.replay_ttl if finishing else ttl,  # the log's and the record's
            ]
            hints = self.hints.collect(table, table.version + 1, indexes_changed)
            result = self.committer.commit(
                table_id, table.version, script_keys, script_args, hints, doc
            )
            if result == -1:
                self._docs.pop(table_id, None)
                raise NoSuchTable("no such table")
            if result == -2:
                self._docs.pop(table_id, None)
                if expected_version is not None:
                    metrics.change_refused(table.game, status_before, StaleMove.code)
                    raise StaleMove("someone else moved first")
                continue
            table.version = int(result)
            self._remember(table)
            self.committer.scatter(self._closing_commands(table, status_before))
            metrics.table_changed(table.game, status_before, table.status, started)
            return Outcome(table, events)
        raise Busy("the table is too busy, try again")

    def _closing_commands(self, table: Table, status_before: str) -> list[Command]:
        """What a change that closed the table also writes, in one packed write per node:
        the chat is free again, and a finished game is counted (once: only the commit that
        finished it gets here) and becomes the chat's last game (what /log sends)."""
        if table.is_open:
            return []
        chat_key = keys.chat_table(table.chat)
        commands: list[Command] = [("EVAL", _RELEASE_IF_OWNED, 1, chat_key, table.id)]
        if status_before == PLAYING and table.status == FINISHED:
            commands += stats.finished_game_commands(table)
            commands += ratings.apply_commands(table)
            commands += played_commands(table, self.config.replay_ttl)
            last = keys.chat_last_game(table.chat)
            commands.append(("SET", last, table.id, "EX", self.config.closed_key_ttl))
        return commands

    def settle(self, table_id: str) -> None:
        """Write again what a finished game leaves beside its table, all of it safe to write
        twice (its statistics, its rating outcome, its place in its players' lists of
        games): for a process that died between the commit and this bookkeeping. The
        notifier calls it when it shows a finished game."""
        table = self.load(table_id)
        if table.status == FINISHED:
            self.committer.scatter(
                stats.finished_game_commands(table)
                + ratings.apply_commands(table)
                + played_commands(table, self.config.replay_ttl)
            )

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

    def rematch(self, table_id: str, user_id: int) -> Outcome:
        """The same seats and settings play again at the same table (a new game number).

        Any person seated at the finished game may ask; the chat must be free of other tables.
        """
        table = self.load(table_id)
        if table.status != FINISHED:
            raise NotFinished("the game is not over")
        if table.seat_of(user_id) is None:
            raise NotSeated("only players of this game can ask for a rematch")
        self._claim_chat(table.chat, table_id)
        try:
            return self.change(table_id, lambda t: lobby.restart(t, user_id, self.rng))
        except Exception:
            self._release_if_owned(keys=[keys.chat_table(table.chat)], args=[table_id])
            raise

    def last_finished(self, chat: ChatRef) -> Table | None:
        """The table whose game finished last in this chat (what /log sends)."""
        table_id = self.redis.get(keys.chat_last_game(chat))
        if table_id is None:
            return None
        try:
            return self.load(_text(table_id))
        except NoSuchTable:
            return None

    # --- deadlines -----------------------------------------------------------------------

    def due_tables(self, now: float | None = None, limit: int = 100) -> list[str]:
        now = self.clock() if now is None else now
        layout = self.layout
        if layout.partitions == 1:
            found = self.redis.zrangebyscore(layout.deadlines(0), "-inf", now, 0, limit)
            return [_text(t) for t in found]
        pipe = self.redis.pipeline(transaction=False)
        for partition in layout.all():
            pipe.zrangebyscore(layout.deadlines(partition), "-inf", now, 0, limit)
        return [_text(t) for batch in pipe.execute() for t in batch][: limit * 4]

    def fire_deadline(self, table_id: str) -> Outcome | None:
        """Do what a table's passed deadline calls for (see tables.deadlines), exactly once:
        the check-and-set lets only one of several sweeping workers win, and the loser finds
        the deadline moved on and does nothing."""
        now = self.clock()
        try:  # a CPU's move is thought out first, from the table as this process knows it
            read = self._cached(table_id, None) or self.load(table_id)
            thoughts = thinking.ahead(read, now, self.rng, self.config.think)
        except NoSuchTable:
            self.hints.refresh_deadline(self.redis, table_id, None)
            return None

        def fire(table: Table) -> list[Event]:
            if not table.is_open or table.deadline is None or table.deadline > now:
                raise _NotDue
            thoughts.begin()
            metrics.deadline_fired(table.deadline, now)
            return play.on_deadline(table, table.deadline_kind, now, self.rng, thoughts)

        try:
            for _ in range(THINK_TRIES - 1):
                try:
                    return self.change(table_id, fire)
                except thinking.Unthought:  # the table moved on: think again, outside
                    thoughts = thinking.ahead(self.load(table_id), now, self.rng, thoughts.budget)
            thoughts.inline = True  # a table this busy: think inside the change this once
            return self.change(table_id, fire)
        except _NotDue:
            try:
                current: Table | None = self.load(table_id)
            except NoSuchTable:
                current = None
            self.hints.refresh_deadline(self.redis, table_id, current)
            return None
        except NoSuchTable:
            self.hints.refresh_deadline(self.redis, table_id, None)
            return None

    # --- internals -----------------------------------------------------------------------

    def _claim_chat(self, chat: ChatRef, table_id: str) -> None:
        chat_key = keys.chat_table(chat)
        for _ in range(MAX_RACE_RETRIES):
            if self.redis.set(chat_key, table_id, nx=True, ex=self.config.open_key_ttl):
                return
            existing = self.redis.get(chat_key)
            if existing is None:
                continue
            existing_id = _text(existing)
            try:
                if self.load(existing_id).is_open:
                    raise TableExists(existing_id)
            except NoSuchTable:
                pass
            self._release_if_owned(keys=[chat_key], args=[existing_id])
        raise Busy("could not open a table here, try again")

    def _set_deadline(self, table: Table) -> None:
        table.deadline, table.deadline_kind = next_deadline(
            table, self.config.lobby_timeout, self.config.idle_timeout
        )

    def _after_commit(self, table: Table) -> None:
        """Indexes outside the table's slot: hints that sweeps can rebuild, so not atomic."""
        self.committer.scatter(self.hints.collect(table, table.version, indexes_changed=True))
        if not table.is_open:
            self._release_if_owned(keys=[keys.chat_table(table.chat)], args=[table.id])


class _NotDue(TableError):
    """The deadline has not passed on this copy of the table. A TableError, so that a copy
    from this process's cache is judged again on the table Redis holds (another process
    may have set an earlier deadline since)."""


def _dump(table: Table) -> bytes:
    return orjson.dumps(table.to_dict())


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)
