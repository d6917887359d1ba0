"""The reads every page and button makes (a table, its log's tail, a person's language) on
the lean sockets of tables.engine.fastlink, in the shape of redis-py's methods.

A read through redis-py costs several times Redis' own round trip in Python; a web worker
answering a crowd's pages spends most of its time there. These go through the committer's
sockets (one packed write, hiredis parsing; on a cluster, the node serving the key) and fall
back to redis-py on any trouble, which also follows the cluster's redirections.
"""

from __future__ import annotations

from typing import Any, Protocol

Command = tuple[Any, ...]


class Runner(Protocol):
    def run(self, commands: list[Command]) -> list[Any]: ...


class FastReads:
    """``hget``, ``hmget``, ``get`` and ``lrange`` as redis-py answers them (bytes)."""

    def __init__(self, runner: Runner) -> None:
        self._runner = runner

    def hget(self, key: str, field: str) -> bytes | None:
        return self._one(("HGET", key, field))

    def hmget(self, key: str, *fields: str) -> list[bytes | None]:
        return list(self._one(("HMGET", key, *fields)))

    def get(self, key: str) -> bytes | None:
        return self._one(("GET", key))

    def lrange(self, key: str, start: int, end: int) -> list[bytes]:
        return list(self._one(("LRANGE", key, start, end)))

    def _one(self, command: Command) -> Any:
        (reply,) = self._runner.run([command])
        return reply
