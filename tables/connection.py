"""One way to reach Redis for every process: ``REDIS_URL``, or an embedded server.

Clients retry with backoff on connection errors, so a Redis restart makes the bot and the
web app wait and log, not crash. ``REDIS_CLUSTER=1`` makes it a Redis Cluster client
(tables.cluster).
"""

from __future__ import annotations

import atexit
import logging
import os
from pathlib import Path

import redis
from redis.backoff import ExponentialBackoff
from redis.retry import Retry

from tables.cluster import cluster_enabled, make_cluster_client
from tables.redis_server import RedisServer

log = logging.getLogger(__name__)

DEFAULT_EMBEDDED_DIR = ".local/redis"


POOL_SIZE = 512  # connections per process; a request past them waits for one
POOL_WAIT_SECONDS = 10.0


def make_client(url: str) -> redis.Redis:
    # redis-py's default pool raises "Too many connections" past 100 at once, which a web
    # worker with thousands of waiting greenlets (or 128 threads) reaches in a burst: a
    # blocking pool makes the extra requests wait their turn instead.
    pool = redis.BlockingConnectionPool.from_url(
        url,
        max_connections=POOL_SIZE,
        timeout=POOL_WAIT_SECONDS,
        retry=Retry(ExponentialBackoff(cap=2.0, base=0.05), retries=8),
        retry_on_error=[redis.ConnectionError, redis.TimeoutError],
        health_check_interval=30,
        socket_connect_timeout=2,
        socket_keepalive=True,
    )
    return redis.Redis(connection_pool=pool)


def connect(url: str | None = None) -> redis.Redis:
    """A client for ``url`` / ``$REDIS_URL``; without either, start an embedded redis-server.

    The embedded server keeps its data (AOF) under ``$EMBEDDED_REDIS_DIR`` (default
    ``.local/redis``) and stops when this process exits.
    """
    url = url or os.environ.get("REDIS_URL")
    if cluster_enabled():  # REDIS_CLUSTER=1: a Redis Cluster, reached through any node
        if not url:
            raise ValueError("REDIS_CLUSTER=1 needs REDIS_URL naming one of the cluster's nodes")
        return make_cluster_client(url)
    if url:
        return make_client(url)
    data_dir = Path(os.environ.get("EMBEDDED_REDIS_DIR", DEFAULT_EMBEDDED_DIR)).resolve()
    server = RedisServer(data_dir=data_dir).start()
    atexit.register(server.stop)
    log.warning(
        "REDIS_URL is not set: started an embedded redis-server at %s (data in %s). "
        "Set REDIS_URL to share one Redis between processes.",
        server.url,
        data_dir,
    )
    return make_client(server.url)
