"""Redis Cluster clients (``REDIS_CLUSTER=1``): redis-py's ``RedisCluster``, made patient.

redis-py's cluster client retries a failed command at once, a few times: over in
milliseconds, while a failover (a master killed, its replica elected) takes a couple of
node timeouts. :class:`PatientCluster` retries connection trouble and a cluster that is down
with a backoff that outlasts a failover, so a bot or web worker waits (and logs) instead of
failing, as it does with a single Redis that restarts.
"""

from __future__ import annotations

import contextlib
import logging
import os
import time
from typing import Any

import redis
from redis.backoff import ExponentialBackoff
from redis.cluster import RedisCluster
from redis.exceptions import ClusterDownError, ClusterError, SlotNotCoveredError

from ops import metrics

log = logging.getLogger(__name__)

FAILOVER_PATIENCE = 30.0  # seconds a command keeps trying while the cluster heals
TRANSIENT = (
    redis.ConnectionError,
    redis.TimeoutError,
    ClusterDownError,
    SlotNotCoveredError,
    ClusterError,
)


def cluster_enabled(env: dict[str, str] | None = None) -> bool:
    value = (os.environ if env is None else env).get("REDIS_CLUSTER", "")
    return value.strip().lower() in ("1", "true", "yes", "on")


def is_cluster(client: Any) -> bool:
    return isinstance(client, RedisCluster)


class PatientCluster(RedisCluster):
    """A ``RedisCluster`` whose commands ride out a failover (see the module docstring)."""

    patience: float = FAILOVER_PATIENCE

    def execute_command(self, *args: Any, **kwargs: Any) -> Any:
        backoff = ExponentialBackoff(cap=1.0, base=0.05)
        deadline = time.monotonic() + self.patience
        failures = 0
        while True:
            try:
                return super().execute_command(*args, **kwargs)
            except TRANSIENT as error:
                failures += 1
                metrics.cluster_retry(str(error))
                if time.monotonic() >= deadline or not self._may_retry(args, kwargs):
                    raise
                if failures == 1:
                    log.info("Redis Cluster: %s (%s); retrying", args[0], error)
                time.sleep(backoff.compute(failures))
                self._refresh()

    @staticmethod
    def _may_retry(args: tuple[Any, ...], kwargs: dict[str, Any]) -> bool:
        # A command aimed at given nodes (SPUBLISH fan-out, CLUSTER INFO of one node) is
        # the caller's to retry: the nodes may be gone.
        return "target_nodes" not in kwargs

    def _refresh(self) -> None:
        with contextlib.suppress(redis.RedisError):  # still failing over: try again later
            self.nodes_manager.initialize()


def make_cluster_client(url: str) -> PatientCluster:
    """A cluster client from any node's URL (it discovers the rest)."""
    return PatientCluster.from_url(
        url,
        connection_pool_class=redis.BlockingConnectionPool,  # per node: wait, never raise
        max_connections=64,
        socket_connect_timeout=2,
        socket_keepalive=True,
        health_check_interval=30,
    )
