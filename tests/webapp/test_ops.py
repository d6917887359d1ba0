"""The web app's own health answers and request metrics (webapp/ops.py)."""

from __future__ import annotations

import redis
from prometheus_client import REGISTRY

from tables.engine.redis_server import free_port
from tables.table.store import TableStore
from tests.webapp.conftest import auth
from webapp import ops

MOVES = "/api/tables/<table_id>/moves"


def test_liveness_never_asks_redis_and_readiness_does(http):
    assert http.get("/healthz").json() == {"ok": True, "checks": {"process": "ok"}}
    assert http.get("/readyz").json() == {"ok": True, "checks": {"redis": "ok", "load": "ok"}}


def test_readiness_says_redis_is_down_when_it_does_not_answer():
    store = TableStore(redis.Redis(port=free_port(), socket_connect_timeout=0.5))
    assert ops.RedisCheck(store).state() == "down"


def test_a_worker_with_every_connection_busy_is_not_ready():
    env = {"WEB_THREADS": "2", "WEB_CONNECTIONS": "10"}
    assert ops.load_state(env) == "ok"
    ops.LOAD.add(in_flight=3)
    try:
        assert ops.load_state(env) == "saturated"
    finally:
        ops.LOAD.add(in_flight=-3)
    ops.LOAD.add(waiting=9)
    try:
        assert ops.load_state(env) == "too_many_waits"
    finally:
        ops.LOAD.add(waiting=-9)


def test_requests_are_counted_by_their_rule_never_their_path(http):
    labels = {"route": MOVES, "method": "POST", "status": "401"}
    before = REGISTRY.get_sample_value("cupclaim_http_responses_total", labels) or 0
    assert http.post("/api/tables/k3xq9pz2ab/moves", json={}).status_code == 401
    assert REGISTRY.get_sample_value("cupclaim_http_responses_total", labels) == before + 1
    unmatched = {"route": "unmatched", "method": "GET", "status": "404"}
    before = REGISTRY.get_sample_value("cupclaim_http_responses_total", unmatched) or 0
    assert http.get("/no/such/path/7710001", headers=auth(1)).status_code == 404
    assert REGISTRY.get_sample_value("cupclaim_http_responses_total", unmatched) == before + 1
    assert ops.LOAD.in_flight == 0  # every request counted in is counted out
