"""When a move counts as made: after Redis applied it, or after a replica has it too.

Redis replicates asynchronously: a master that dies right after a write takes it along, and
the replica elected in its place never saw it. So in cluster mode a commit is followed, on
the same connection and in the same write, by ``WAIT <replicas> <timeout>``, and the move is
acknowledged to the player only once that many replicas hold it. Should they not confirm in
time while they are connected, the move is reported as not confirmed (``NotReplicated``, the
player sees "briefly unavailable" and the page shows what the table really holds); should
the master have no replica connected at all, there is nothing a failover could promote, and
the commit stands as it would on a single Redis.

    REDIS_WAIT_REPLICAS     replicas that must hold a move (cluster default 1, else 0: off)
    REDIS_WAIT_TIMEOUT_MS   how long to wait for them (default 1000)
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass

import redis

log = logging.getLogger(__name__)


class NotReplicated(redis.RedisError):
    """The write happened on the master, but no replica confirmed it in time."""


@dataclass(frozen=True)
class Durability:
    replicas: int = 0
    timeout_ms: int = 1000

    @classmethod
    def from_env(cls, cluster: bool, env: dict[str, str] | None = None) -> Durability:
        env = dict(os.environ if env is None else env)
        replicas = int(env.get("REDIS_WAIT_REPLICAS", "1" if cluster else "0"))
        timeout_ms = int(env.get("REDIS_WAIT_TIMEOUT_MS", "1000"))
        return cls(replicas=max(0, replicas), timeout_ms=max(1, timeout_ms))

    def wait_command(self) -> tuple[str, int, int] | None:
        return ("WAIT", self.replicas, self.timeout_ms) if self.replicas else None

    def check(self, acknowledged: int, connected_replicas: int) -> None:
        """Raise unless ``acknowledged`` replicas are enough: all that are wanted, or all
        there are connected (a master alone has nobody to lose the write to)."""
        if acknowledged >= self.replicas:
            return
        if connected_replicas <= acknowledged:
            log.warning(
                "a master has %d connected replica(s), fewer than REDIS_WAIT_REPLICAS=%d: "
                "moves there are as durable as on a single Redis",
                connected_replicas,
                self.replicas,
            )
            return
        raise NotReplicated(
            f"{acknowledged} of {self.replicas} replicas confirmed the write in time"
        )


def connected_replicas(info: dict) -> int:
    """``connected_slaves`` from INFO replication (parsed by redis-py or raw hiredis)."""
    return int(info.get("connected_slaves", 0))


def parse_info(raw: bytes | str) -> dict[str, str]:
    text = raw.decode() if isinstance(raw, bytes) else raw
    found = {}
    for line in text.splitlines():
        if ":" in line and not line.startswith("#"):
            key, _, value = line.partition(":")
            found[key] = value
    return found
