"""Watch the Redis connection and say so in the log when it goes away and comes back.

Clients retry on their own (see tables.engine.connection), which hides a short outage; operators
still want to see it. The watch pings with a separate client that does not retry (a
cluster: every master, through the cluster client), and logs each change of state once.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time

import redis
from redis.backoff import NoBackoff
from redis.cluster import RedisCluster
from redis.retry import Retry

from ops import metrics
from tables.engine.cluster import is_cluster

log = logging.getLogger(__name__)


class RedisWatch:
    def __init__(self, client: redis.Redis, name: str) -> None:
        self.name = name
        self.up = True
        self.checked_at = 0.0  # time.monotonic() of the last check (readiness wants it fresh)
        self.masters: frozenset[str] | None = None  # a cluster's masters, to see failovers
        self.cluster = client if is_cluster(client) else None
        if self.cluster is not None:
            return  # a cluster is probed through its own client, node by node
        kwargs = dict(client.connection_pool.connection_kwargs)
        for key in ("retry", "retry_on_error", "retry_on_timeout"):
            kwargs.pop(key, None)
        kwargs["socket_connect_timeout"] = 1
        kwargs["socket_timeout"] = 1
        pool = client.connection_pool.__class__(
            connection_class=client.connection_pool.connection_class, max_connections=2, **kwargs
        )
        self.probe = redis.Redis(connection_pool=pool, retry=Retry(NoBackoff(), 0))

    def check(self) -> bool:
        self.checked_at = time.monotonic()
        try:
            self._ping()
        except redis.RedisError as error:
            metrics.redis_state(False)
            if self.up:
                log.warning(
                    "%s: Redis unavailable (%s); waiting for it to come back", self.name, error
                )
            self.up = False
            return False
        if not self.up:
            log.warning("%s: Redis is back", self.name)
        self.up = True
        metrics.redis_state(True)
        return True

    def _ping(self) -> None:
        if self.cluster is None:
            self.probe.ping()
            return
        try:  # every master answers (a failover under way: not yet)
            self.cluster.ping(target_nodes=RedisCluster.PRIMARIES)
        except redis.RedisError:
            with contextlib.suppress(redis.RedisError):
                self.cluster.nodes_manager.initialize()
            raise
        masters = frozenset(node.name for node in self.cluster.get_primaries())
        if self.masters is not None and masters != self.masters:
            log.warning("%s: the Redis Cluster's masters changed (a failover)", self.name)
            metrics.failover_seen()
        self.masters = masters

    def run_in_thread(self, stop: threading.Event, interval: float = 0.5) -> threading.Thread:
        def loop() -> None:
            while not stop.wait(interval):
                self.check()

        thread = threading.Thread(target=loop, name="redis-watch", daemon=True)
        thread.start()
        return thread
