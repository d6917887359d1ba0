"""One way to reach Redis for every process: ``REDIS_URL``, or an embedded server.

Clients retry with backoff on connection errors, so a Redis restart makes the bot and the
web app wait and log, not crash.
"""

from __future__ import annotations

import atexit
import logging
import os
from pathlib import Path

import redis
from redis.backoff import ExponentialBackoff
from redis.retry import Retry

from tables.redis_server import RedisServer

log = logging.getLogger(__name__)

DEFAULT_EMBEDDED_DIR = ".local/redis"


def make_client(url: str) -> redis.Redis:
    return redis.Redis.from_url(
        url,
        retry=Retry(ExponentialBackoff(cap=2.0, base=0.05), retries=8),
        retry_on_error=[redis.ConnectionError, redis.TimeoutError],
        health_check_interval=30,
        socket_connect_timeout=2,
        socket_keepalive=True,
    )


def connect(url: str | None = None) -> redis.Redis:
    """A client for ``url`` / ``$REDIS_URL``; without either, start an embedded redis-server.

    The embedded server keeps its data (AOF) under ``$EMBEDDED_REDIS_DIR`` (default
    ``.local/redis``) and stops when this process exits.
    """
    url = url or os.environ.get("REDIS_URL")
    if url:
        return make_client(url)
    data_dir = Path(os.environ.get("EMBEDDED_REDIS_DIR", DEFAULT_EMBEDDED_DIR)).resolve()
    server = RedisServer(data_dir=data_dir).start()
    atexit.register(server.stop)
    log.warning(
        "REDIS_URL is not set: started an embedded redis-server at %s (data in %s). "
        "Set REDIS_URL to share one Redis between processes.",
        server.address,
        data_dir,
    )
    return make_client(server.url)
