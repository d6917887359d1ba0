"""The commit of one table change: the Lua check-and-set, in one round trip with its index
hints, and the answer it settles on when the reply is in doubt.

The hot path of every move, so on a single Redis it talks to a pooled connection directly
(tables.engine.fastlink): one packed write, then the replies; against a Redis Cluster the same round
trip spans the nodes concerned (tables.engine.cluster_commit). With ``REDIS_WAIT_REPLICAS`` a move
counts only once a replica has it (tables.engine.durability).

Each change carries a random id, and the table keeps the ids of its last few changes beside
its version (field ``ids``). When the check-and-set's reply is lost (the connection broke after
the script ran) or comes back "the version moved" (a retry of our own script, or a race), the
commit reads those ids before answering: if ours is there, the change happened and the caller
is told so, not "stale".
"""

from __future__ import annotations

import contextlib
import secrets
from typing import Any

import redis

from ops import metrics
from tables.engine import keys
from tables.engine.check_and_set import MOVED_ON, NO_TABLE, CheckAndSet, Committed
from tables.engine.cluster_commit import ClusterCommitter
from tables.engine.durability import Durability, connected_replicas
from tables.engine.fastlink import FastLink, FastLinkUnavailable

Command = tuple[Any, ...]

CHECK_AND_SET = """
local current = redis.call('HGET', KEYS[1], 'v')
if not current then return -1 end
if current ~= ARGV[1] then return -2 end
local nv = tonumber(current) + 1
local ids = redis.call('HGET', KEYS[1], 'ids') or ''
redis.call('HSET', KEYS[1], 'v', nv, 'doc', ARGV[2], 'ids', string.sub(ARGV[8] .. ids, 1, ARGV[9]))
if ARGV[4] ~= '' then redis.call('RPUSH', KEYS[2], ARGV[4]) end
if ARGV[10] ~= '' then redis.call('RPUSH', KEYS[3], ARGV[10]) end
if ARGV[3] ~= '0' then redis.call('EXPIRE', KEYS[1], ARGV[3]) end
if ARGV[11] ~= '0' then
  redis.call('EXPIRE', KEYS[2], ARGV[11])
  if KEYS[3] then redis.call('EXPIRE', KEYS[3], ARGV[11]) end
end
if KEYS[4] then redis.call('SET', KEYS[4], ARGV[2], 'EX', ARGV[11]) end
redis.call(ARGV[7], ARGV[5], ARGV[6] .. ':' .. nv)
return nv
"""
CHANGE_ID_BYTES = 6  # random bytes of a change id (hex: 12 characters)
CHANGE_IDS_KEPT = 4  # the last change ids a table keeps, to settle a lost reply (milliseconds)


def new_change_id() -> str:
    return secrets.token_hex(CHANGE_ID_BYTES)


class Committer:
    """Sends a table's check-and-set and hints; knows single Redis from a cluster."""

    def __init__(self, client: Any, layout: keys.Layout) -> None:
        self.redis = client
        self._check_and_set = client.register_script(CHECK_AND_SET)
        with contextlib.suppress(redis.RedisError):  # loaded now, so moves need no retry
            client.script_load(CHECK_AND_SET)
        self.durability = Durability.from_env(layout.cluster)
        self._committer: ClusterCommitter | None = None
        if layout.cluster:
            self._committer = ClusterCommitter(client, CHECK_AND_SET, self.durability)
        else:
            self._link = FastLink.for_client(client)

    def set_durability(self, durability: Durability) -> None:
        """Another durability choice (benches compare moves with and without the WAIT)."""
        self.durability = durability
        if self._committer is not None:
            self._committer.durability = durability

    @property
    def ids_width(self) -> int:
        """How many characters of change ids a table keeps."""
        return CHANGE_ID_BYTES * 2 * CHANGE_IDS_KEPT

    def commit(self, request: CheckAndSet, hints: list[Command]) -> Committed:
        """The check-and-set and the index hints in one round trip, answered by name.

        The hot path of every move, so it talks to a pooled connection directly: one packed
        write, then the replies. (A redis-py Pipeline costs several times the round trip in
        Python, and a Script object in a pipeline asks SCRIPT EXISTS first.) Any connection
        trouble falls back to the ordinary client, which retries. Against a cluster, the
        same round trip spans the nodes concerned (tables.engine.cluster_commit).

        A reply lost to a connection error, or a "moved on" that may be our own change (sent
        twice by a retry), is settled by reading the table's recent change ids: the answer is
        what happened, never a guess.
        """
        if self._committer is not None:
            script_keys, script_args = request.keys(), request.args()
            sha = self._check_and_set.sha
            return Committed(
                self._committer.commit(sha, script_keys, script_args, hints, request.doc)
            )
        return Committed(self._commit_here(request, hints))

    def _commit_here(self, request: CheckAndSet, hints: list[Command]) -> int:
        """The script's answer on a single Redis (the new version, NO_TABLE or MOVED_ON)."""
        script = self._check_and_set
        wait = self.durability.wait_command()
        table_id, version = request.table_id, request.version
        script_keys, script_args = request.keys(), request.args()
        for attempt in range(3):
            commands = [
                ("EVALSHA", script.sha, len(script_keys), *script_keys, *script_args),
                *([wait] if wait else []),
                *hints,
            ]
            try:
                replies = self._send_all(commands) if attempt == 0 else self._pipeline(commands)
            except (redis.ConnectionError, redis.TimeoutError):
                settled = self._settle(table_id, version, request.change_id)
                metrics.lost_reply(settled)
                if settled is None:
                    continue  # it never ran, and the table is as we read it: send it again
                if settled > 0:
                    self._resend_hints(hints)
                return settled
            first = replies[0]
            if isinstance(first, redis.exceptions.NoScriptError) or (
                isinstance(first, redis.ResponseError) and "NOSCRIPT" in str(first)
            ):
                script.sha = self.redis.script_load(CHECK_AND_SET)  # Redis restarted
                hints = []  # they went through already; only the script is sent again
                continue
            if isinstance(first, Exception):
                raise first
            result = int(first)
            if result == MOVED_ON:  # a race, or our own change applied by an earlier send
                settled = self._settle(table_id, version, request.change_id)
                return MOVED_ON if settled is None else settled
            if wait and result > 0:
                self._check_durable(replies[1])
            return result
        raise redis.ConnectionError("could not commit the change to Redis")

    def _settle(self, table_id: str, version: int, change_id: str) -> int | None:
        """Whether the change ``change_id``, made on ``version``, is in the table: the version
        it made (``version + 1``) if so; NO_TABLE if the table is gone; MOVED_ON if it moved on
        without it; None if the table is still at ``version`` (the change never ran)."""
        current, ids = self.redis.hmget(keys.table(table_id), "v", "ids")
        if current is None:
            return NO_TABLE
        kept = _text(ids or b"")
        width = len(change_id)
        if any(kept[i : i + width] == change_id for i in range(0, len(kept), width)):
            return version + 1
        return None if int(current) == version else MOVED_ON

    def _pipeline(self, commands: list[Command]) -> list[Any]:
        pipe = self.redis.pipeline(transaction=False)
        for command in commands:
            pipe.execute_command(*command)
        return pipe.execute(raise_on_error=False)

    def _resend_hints(self, hints: list[Command]) -> None:
        """The index hints of a change whose reply was lost: they may not have gone out. They
        are hints (sweeps rebuild them), so a failure here is no failure of the change."""
        if hints:
            with contextlib.suppress(redis.RedisError):
                self._pipeline(hints)

    def _check_durable(self, acknowledged: Any) -> None:
        count = 0 if isinstance(acknowledged, Exception) else int(acknowledged)
        if count < self.durability.replicas:
            info = self.redis.info("replication")
            self.durability.check(count, connected_replicas(info))

    def write_new(self, table_id: str, doc: bytes, ttl: int) -> None:
        """A new table's first version (and, when asked for, a replica's confirmation)."""
        key = keys.table(table_id)
        commands: list[Command] = [("HSET", key, "v", 1, "doc", doc), ("EXPIRE", key, ttl)]
        if self._committer is not None:
            self._committer.run_on_key(key, commands)
            return
        pipe = self.redis.pipeline(transaction=True)
        for command in commands:
            pipe.execute_command(*command)
        pipe.execute()
        wait = self.durability.wait_command()
        if wait:
            self._check_durable(self.redis.execute_command(*wait))

    def run(self, commands: list[Command]) -> list[Any]:
        """Commands on the lean sockets, their replies in order (reads, mostly: see
        tables.engine.fastread). Connection trouble falls back to redis-py, which retries; a command
        Redis refuses raises its error."""
        if self._committer is not None:
            replies = self._committer.run(commands)
        else:
            try:
                replies = self._send_all(commands)
            except redis.ConnectionError:
                replies = self._pipeline(commands)
        refused = next((r for r in replies if isinstance(r, Exception)), None)
        if refused is not None:
            raise refused
        return replies

    def scatter(self, commands: list[Command]) -> None:
        """Bookkeeping beside a change (index hints of a new table, a finished game's
        statistics): one packed write per node concerned, not a round trip per command."""
        if commands:
            self.run(commands)

    def _send_all(self, commands: list[Command]) -> list[Any]:
        try:
            return self._link.execute(commands)
        except FastLinkUnavailable as error:
            raise redis.ConnectionError(str(error)) from error


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)
