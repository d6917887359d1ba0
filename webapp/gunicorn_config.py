"""gunicorn settings for the Mini App, the ones docker-compose runs (and the tests too):

    gunicorn -c python:webapp.gunicorn_config 'webapp.wsgi:application'

Each worker is a gevent worker: an open Mini App holds a long poll, and a greenlet waiting on
a change notice costs a few kilobytes where a thread would cost one of a handful, so one
process serves thousands of open pages (``WEB_CONNECTIONS`` each, default 10000).
``WEB_BIND`` (``0.0.0.0:8080``) and ``WEB_WORKERS`` (2) tune the rest; ``WEB_WORKER_CLASS``
may name ``gthread`` instead (then ``WEB_THREADS``, default 128, threads per worker).

Each worker tells the app how many requests it serves at once (``WEB_THREADS``), so the Redis
pool is sized to match (tables.engine.connection): for gevent, the pool is the concurrency that
talks to Redis at one moment — waiting pages hold no connection — so it stays small and a
burst waits its turn for a connection rather than failing.

gunicorn has no timeout for a request's headers, so a client that sends them slowly holds a
connection: in production it runs behind nginx (deploy/nginx.conf), which buffers whole
requests before passing them on, and is never published itself.

Metrics: every worker writes its own into ``PROMETHEUS_MULTIPROC_DIR`` (a fresh private
directory unless one is given: set before anything imports prometheus_client), and the
master serves them all, summed, on the operator's port ``OPS_BIND`` (``/metrics``; its
``/healthz`` and ``/readyz`` say whether the master has workers — a worker's own are on the
web port). ``LOG_FORMAT=json`` makes gunicorn's own lines JSON too.
"""

from __future__ import annotations

import gc
import logging
import os
import sys
from typing import Any

from ops.multiproc import fresh_multiprocess_dir, remove_multiprocess_dir

METRICS_DIR = fresh_multiprocess_dir()
OPS_SERVER: list[Any] = []  # the master's operator port, once when_ready has opened it

bind = os.environ.get("WEB_BIND", "0.0.0.0:8080")
workers = int(os.environ.get("WEB_WORKERS", "2"))
worker_class = os.environ.get("WEB_WORKER_CLASS", "gevent")
worker_connections = int(os.environ.get("WEB_CONNECTIONS", "10000"))
threads = int(os.environ.get("WEB_THREADS", "128"))
timeout = 60  # a worker silent this long is restarted; long polls answer within 60 s
graceful_timeout = 30
keepalive = 5
GEVENT_POOL = 120  # Redis connections per gevent worker (requests beyond it wait their turn)


def post_fork(server: Any, worker: Any) -> None:
    """In each worker, before the app loads: how many requests talk to Redis at once (and
    the master's operator port is the master's alone)."""
    if OPS_SERVER:
        OPS_SERVER[0].close_in_child()
    if worker.cfg.worker_class_str == "gevent":
        os.environ["WEB_THREADS"] = str(GEVENT_POOL)
    else:
        os.environ["WEB_THREADS"] = str(worker.cfg.threads)


def post_worker_init(worker: Any) -> None:
    """Once the app is loaded: its long-lived objects (modules, catalogs, the game tables a
    CPU uses) leave the garbage collector's view, and the youngest generation is collected
    less often. A full collection over thousands of open pages' objects otherwise stops the
    worker, and every request in it, for tens of milliseconds at a time."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_THRESHOLD, 20, 100)


GC_THRESHOLD = 50_000  # allocations between collections of the youngest generation


def when_ready(server: Any) -> None:
    """The master is listening: open the operator's port, if asked for (a port already
    taken stops the server, with one line saying so)."""
    bind = os.environ.get("OPS_BIND", "").strip()
    if not bind:
        return
    from ops.health import OK, Verdict, always_live, parse_bind
    from ops.server import OpsServer

    def workers_running() -> Verdict:
        return Verdict({"workers": OK if server.WORKERS else "none"})

    try:
        OPS_SERVER.append(
            OpsServer(parse_bind(bind), live=always_live, ready=workers_running).start()
        )
    except (OSError, ValueError) as error:
        logging.getLogger("gunicorn.error").error("cannot serve OPS_BIND %s: %s", bind, error)
        sys.exit(1)


def child_exit(server: Any, worker: Any) -> None:
    """A worker is gone: its live gauges stop counting."""
    from ops.exposition import worker_exited

    worker_exited(worker.pid)


def on_exit(server: Any) -> None:
    remove_multiprocess_dir(METRICS_DIR)


if os.environ.get("LOG_FORMAT", "").strip().lower() == "json":
    # One handler, on the root logger, JSON and redacted (ops.redact); gunicorn's own
    # loggers pass their lines up to it. The app's configure_logging keeps this handler.
    logconfig_dict = {
        "version": 1,
        "disable_existing_loggers": False,
        "root": {"level": "INFO", "handlers": ["console"]},
        "loggers": {
            "gunicorn.error": {"level": "INFO", "handlers": [], "propagate": True},
            # No line per request (as in the text format): nginx keeps the access log.
            "gunicorn.access": {"level": "WARNING", "handlers": [], "propagate": True},
        },
        "handlers": {
            "console": {
                "class": "logging.StreamHandler",
                "formatter": "json",
                "stream": "ext://sys.stderr",
            }
        },
        "formatters": {"json": {"()": "ops.redact.formatter_from_env"}},
    }
