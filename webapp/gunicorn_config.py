"""gunicorn settings for the Mini App, the ones docker-compose runs (and the tests too):

    gunicorn -c python:webapp.gunicorn_config 'webapp.wsgi:application'

``WEB_BIND`` (``0.0.0.0:8080``), ``WEB_WORKERS`` (2) and ``WEB_THREADS`` (128 per worker) tune
it. Each worker tells the app how many threads it serves with, so the app's Redis pool has a
connection for every thread (see tables.connection).

gunicorn reads a request's headers on one of those threads and has no timeout for it, so a
client that sends its headers slowly holds a thread: in production it runs behind nginx
(deploy/nginx.conf), which buffers whole requests before passing them on.
"""

from __future__ import annotations

import os
from typing import Any

bind = os.environ.get("WEB_BIND", "0.0.0.0:8080")
workers = int(os.environ.get("WEB_WORKERS", "2"))
threads = int(os.environ.get("WEB_THREADS", "128"))
worker_class = "gthread"
timeout = 60  # a worker silent this long is restarted; long polls answer within 60 s
graceful_timeout = 30
keepalive = 5


def post_fork(server: Any, worker: Any) -> None:
    """In each worker, before the app loads: its thread count, for the Redis pool's size."""
    os.environ["WEB_THREADS"] = str(worker.cfg.threads)
