"""The web app as operators see it: each request timed and counted (ops.metrics), liveness
and readiness (``/healthz``, ``/readyz``), and the table a log line is about.

``/healthz``: the worker answers (no Redis: an outage must not get every worker restarted).
``/readyz``: Redis answers (the process's Redis watch, or a ping at most once a second), and
the worker is not saturated: fewer requests in flight than it has Redis connections for
(``WEB_THREADS``, set per worker by webapp/gunicorn_config.py), and its long polls under
nine tenths of its connections (``WEB_CONNECTIONS``). The web app's ``/metrics`` is not
here: gunicorn's master serves it on the operator's port (``OPS_BIND``), never on this one.
"""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass, field

from flask import Flask, Response, g, request
from flask.typing import ResponseReturnValue

from ops import labels, metrics
from ops.health import OK, Verdict, parse_bind
from ops.logs import set_table
from ops.server import OpsServer
from tables.engine.health import RedisWatch
from tables.table.store import TableStore

LONG_POLL_ENDPOINT = "api.wait"
FRESH_SECONDS = 5.0  # a Redis watch older than this says nothing
PING_EVERY = 1.0  # seconds between pings when there is no watch


@dataclass
class Load:
    """What this worker is doing now: requests in flight (long polls apart) and long polls."""

    in_flight: int = 0
    waiting: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, in_flight: int = 0, waiting: int = 0) -> None:
        with self.lock:
            self.in_flight += in_flight
            self.waiting += waiting


LOAD = Load()


def wait_opened() -> None:
    LOAD.add(waiting=1)
    metrics.LONG_POLLS_OPEN.inc()


def wait_closed() -> None:
    LOAD.add(waiting=-1)
    metrics.LONG_POLLS_OPEN.dec()


def wait_refused() -> None:
    metrics.LONG_POLLS_REFUSED.inc()


def install(app: Flask, store: TableStore) -> None:
    """Time and count every request, and serve ``/healthz`` and ``/readyz``."""
    redis_check = RedisCheck(store)

    @app.before_request
    def started() -> None:
        g.ops_started = time.perf_counter()
        g.ops_counted = request.endpoint != LONG_POLL_ENDPOINT
        if g.ops_counted:
            LOAD.add(in_flight=1)
            metrics.IN_FLIGHT.inc()
        set_table((request.view_args or {}).get("table_id"))

    @app.after_request
    def finished(response: Response) -> Response:
        began = g.get("ops_started")
        if began is not None:
            rule = request.url_rule.rule if request.url_rule is not None else None
            route, method = labels.route(rule), labels.http_method(request.method)
            metrics.REQUEST_SECONDS.labels(route, method).observe(time.perf_counter() - began)
            metrics.RESPONSES.labels(route, method, labels.status(response.status_code)).inc()
        return response

    @app.teardown_request
    def done(error: BaseException | None) -> None:
        if g.pop("ops_counted", False):
            LOAD.add(in_flight=-1)
            metrics.IN_FLIGHT.dec()

    @app.get("/healthz")
    def healthz() -> ResponseReturnValue:
        return _verdict(Verdict({"process": OK}))

    @app.get("/readyz")
    def readyz() -> ResponseReturnValue:
        return _verdict(Verdict({"redis": redis_check.state(), "load": load_state()}))


def load_state(env: dict[str, str] | None = None) -> str:
    env = dict(os.environ if env is None else env)
    threads = _number(env.get("WEB_THREADS"))
    connections = _number(env.get("WEB_CONNECTIONS"))
    with LOAD.lock:
        in_flight, waiting = LOAD.in_flight, LOAD.waiting
    if threads and in_flight > threads:  # (this very request is one of them)
        return "saturated"
    if connections and waiting >= 0.9 * connections:
        return "too_many_waits"
    return OK


class RedisCheck:
    """Whether Redis answers: the serving process's watch (tables.engine.health, every 0.5 s) when
    it has one and it is fresh, else a watch of our own, asked at most once a second (its
    ping has a 1 s timeout and no retries: a readiness probe must answer quickly)."""

    def __init__(self, store: TableStore) -> None:
        self.store = store
        self._own: RedisWatch | None = None

    def state(self) -> str:
        watch = self.store.health
        now = time.monotonic()
        if watch is None or now - watch.checked_at >= FRESH_SECONDS:
            if self._own is None:
                self._own = RedisWatch(self.store.redis, "webapp")
            watch = self._own
            if now - watch.checked_at >= PING_EVERY:
                watch.check()
        return OK if watch.up else "down"


def _verdict(verdict: Verdict) -> ResponseReturnValue:
    return Response(
        verdict.body(),
        status=verdict.status,
        mimetype="application/json",
        headers={"Cache-Control": "no-store"},
    )


def _number(raw: str | None) -> int:
    return int(raw) if raw and raw.isascii() and raw.isdigit() else 0


def ops_bind(env: dict[str, str] | None = None) -> tuple[str, int] | None:
    """``OPS_BIND``, parsed (a ValueError naming it when malformed), or None when unset."""
    bind = (os.environ if env is None else env).get("OPS_BIND", "").strip()
    return parse_bind(bind) if bind else None


def serve_ops_port(store: TableStore, bind: tuple[str, int] | None) -> OpsServer | None:
    """``python -m webapp`` (one threaded process): its own operator port when ``OPS_BIND``
    asks, with the same readiness as ``/readyz``. (Under gunicorn the master serves it.)"""
    metrics.started_as("web")
    if bind is None:
        return None
    redis_check = RedisCheck(store)
    return OpsServer(
        bind,
        live=lambda: Verdict({"process": OK}),
        ready=lambda: Verdict({"redis": redis_check.state(), "load": load_state()}),
    ).start()
