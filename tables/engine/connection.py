"""One way to reach Redis for every process: ``REDIS_URL``, or an embedded server.

Three choices keep a process honest when Redis is slow, busy or gone:

- A **blocking pool** sized to the process's threads (``REDIS_POOL_SIZE``): a thread that
  finds every connection taken waits briefly for one instead of failing with "Too many
  connections" (which a request would report as "unavailable" while Redis is fine).
- **Timeouts on every call** (``REDIS_TIMEOUT``, socket and connect): a frozen Redis gives a
  quick error (a 503 in the web app), not a request hanging for as long as TCP lets it.
- **Retries on connection errors only**, with backoff, so a Redis restart makes the bot and
  the web app wait and log, not crash. A timeout is not retried: the command may have run,
  and retrying a write whose reply was lost could apply it twice (the store settles such
  doubts itself, see ``tables.engine.commit``); it would also multiply the wait.

``REDIS_CLUSTER=1`` makes it a Redis Cluster client (tables.engine.cluster).
"""

from __future__ import annotations

import atexit
import logging
import os
from collections.abc import Mapping
from pathlib import Path

import redis
from redis.backoff import ExponentialBackoff
from redis.retry import Retry

from ops import metrics
from tables.engine.cluster import cluster_enabled, make_cluster_client
from tables.engine.redis_server import RedisServer

log = logging.getLogger(__name__)

DEFAULT_EMBEDDED_DIR = ".local/redis"
DEFAULT_POOL_SIZE = 64  # a bot process, or `python -m webapp`; gunicorn passes its threads
POOL_SPARE = 8  # beyond one per thread: the change watcher's subscription, sweeps, probes
DEFAULT_TIMEOUT = 3.0  # seconds; above the 2 s the notifier blocks in XREADGROUP
CONNECT_RETRIES = 8


class RedisConfigError(ValueError):
    pass


class CountingRetry(Retry):
    """redis-py's retry, counting what went wrong (``cupclaim_redis_errors_total``): every
    connection attempt that failed, and a call that timed out. An error passing through
    nested retries (a connect inside a command) is counted once."""

    def call_with_retry(self, do, fail, *args, **kwargs):  # type: ignore[no-untyped-def]
        def counted_fail(error: Exception, *more: int) -> object:
            metrics.redis_error(error)
            return fail(error, *more)

        try:
            return super().call_with_retry(do, counted_fail, *args, **kwargs)
        except (redis.ConnectionError, redis.TimeoutError) as error:
            metrics.redis_error(error)
            raise


def pool_size_for(threads: int) -> int:
    """Connections for a process serving ``threads`` requests at once."""
    return threads + POOL_SPARE


def make_client(
    url: str, *, pool_size: int | None = None, timeout: float | None = None
) -> redis.Redis:
    """A client with a blocking pool of ``pool_size`` connections (``$REDIS_POOL_SIZE``, else
    64) and ``timeout`` seconds for every call (``$REDIS_TIMEOUT``, else 3)."""
    size = pool_size or configured_pool_size() or DEFAULT_POOL_SIZE
    seconds = timeout or configured_timeout()
    pool = redis.BlockingConnectionPool.from_url(
        url,
        max_connections=size,
        timeout=seconds,  # how long a thread waits for a free connection
        socket_timeout=seconds,
        socket_connect_timeout=min(seconds, 2.0),
        socket_keepalive=True,
        health_check_interval=30,
        retry=CountingRetry(
            ExponentialBackoff(cap=2.0, base=0.05),
            retries=CONNECT_RETRIES,
            supported_errors=(redis.ConnectionError,),
        ),
    )
    return redis.Redis(connection_pool=pool)


def configured_pool_size(env: Mapping[str, str] | None = None) -> int | None:
    """``REDIS_POOL_SIZE``, if set (a whole number above 0)."""
    raw = (os.environ if env is None else env).get("REDIS_POOL_SIZE", "").strip()
    if not raw:
        return None
    if not raw.isascii() or not raw.isdigit() or int(raw) <= 0:
        raise RedisConfigError(f"REDIS_POOL_SIZE must be a whole number above 0, not {raw!r}")
    return int(raw)


def configured_timeout(env: Mapping[str, str] | None = None) -> float:
    """``REDIS_TIMEOUT`` in seconds (above 0), else 3."""
    raw = (os.environ if env is None else env).get("REDIS_TIMEOUT", "").strip()
    if not raw:
        return DEFAULT_TIMEOUT
    try:
        value = float(raw)
    except ValueError:
        value = 0.0
    if not 0 < value < 3600:
        raise RedisConfigError(f"REDIS_TIMEOUT must be seconds above 0, not {raw!r}")
    return value


def connect(
    url: str | None = None, *, pool_size: int | None = None, embedded_expected: bool = False
) -> redis.Redis:
    """A client for ``url`` / ``$REDIS_URL``; without either, start an embedded redis-server.

    The embedded server keeps its data (AOF) under ``$EMBEDDED_REDIS_DIR`` (default
    ``.local/redis``) and stops when this process exits. A deployment that forgot REDIS_URL
    is warned; where the embedded server is the normal way (``embedded_expected``: local
    play in a browser) it is one line of information.
    """
    url = url or os.environ.get("REDIS_URL")
    if cluster_enabled():  # REDIS_CLUSTER=1: a Redis Cluster, reached through any node
        if not url:
            raise ValueError("REDIS_CLUSTER=1 needs REDIS_URL naming one of the cluster's nodes")
        return make_cluster_client(url)
    if url:
        return make_client(url, pool_size=pool_size)
    data_dir = Path(os.environ.get("EMBEDDED_REDIS_DIR", DEFAULT_EMBEDDED_DIR)).resolve()
    server = RedisServer(data_dir=data_dir).start()
    atexit.register(server.stop)
    if embedded_expected:
        log.info(
            "Games are kept by a redis-server of our own at %s (data in %s).",
            server.address,
            data_dir,
        )
    else:
        log.warning(
            "REDIS_URL is not set: started an embedded redis-server at %s (data in %s). "
            "Set REDIS_URL to share one Redis between processes.",
            server.address,
            data_dir,
        )
    return make_client(server.url, pool_size=pool_size)
