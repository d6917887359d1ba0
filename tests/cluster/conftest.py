"""A real Redis Cluster on loopback (3 masters, 3 replicas) for the cluster tests.

One cluster serves the whole session; a test that kills a node starts its own. Each test
starts from empty masters. The nodes need Redis 7 (sharded pub/sub): the system's
redis-server, or Debian's when the one on PATH is older.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from redis.cluster import RedisCluster

from tables.engine.cluster import PatientCluster, make_cluster_client
from tables.engine.cluster_server import LocalCluster


@pytest.fixture(scope="session")
def redis_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalCluster]:
    cluster = LocalCluster(Path(tmp_path_factory.mktemp("cluster"))).start()
    yield cluster
    cluster.stop()


@pytest.fixture
def cluster_client(redis_cluster: LocalCluster) -> Iterator[PatientCluster]:
    redis_cluster.wait_ready()
    client = make_cluster_client(redis_cluster.url)
    client.flushall(target_nodes=RedisCluster.PRIMARIES)
    yield client
    client.close()


@pytest.fixture
def own_cluster(tmp_path: Path) -> Iterator[LocalCluster]:
    """A cluster of this test's own, for tests that kill nodes."""
    cluster = LocalCluster(tmp_path / "cluster").start()
    yield cluster
    cluster.stop()


def cluster_env(cluster: LocalCluster) -> dict[str, str]:
    """What a bot or web process needs to use the cluster."""
    return {"REDIS_URL": cluster.url, "REDIS_CLUSTER": "1"}
