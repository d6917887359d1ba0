"""The Redis a bench runs against: a private redis-server, or with ``--cluster`` a Redis
Cluster (``REDIS_URL`` + ``REDIS_CLUSTER=1`` from the environment, else a loopback cluster of
3 masters and 3 replicas started for the run)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import redis

from tables.engine.cluster import cluster_enabled, make_cluster_client
from tables.engine.cluster_server import LocalCluster
from tables.engine.redis_server import RedisServer


@dataclass
class Backend:
    url: str
    cluster: bool

    def client(self) -> Any:
        return make_cluster_client(self.url) if self.cluster else redis.Redis.from_url(self.url)

    def env(self) -> dict[str, str]:
        """What a server process started by the bench needs to reach it."""
        return {"REDIS_URL": self.url, "REDIS_CLUSTER": "1" if self.cluster else "0"}


@contextmanager
def backend(cluster: bool) -> Iterator[Backend]:
    with tempfile.TemporaryDirectory() as data:
        if not cluster:
            with RedisServer(Path(data)) as server:
                yield Backend(server.url, False)
            return
        if os.environ.get("REDIS_URL") and cluster_enabled():
            yield Backend(os.environ["REDIS_URL"], True)
            return
        with LocalCluster(Path(data)) as local:
            yield Backend(local.url, True)
