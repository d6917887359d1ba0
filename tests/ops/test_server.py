"""The operator's port: three paths, JSON health answers, a clear 4xx for anything else."""

from __future__ import annotations

import socket
import subprocess
import sys

import httpx
import pytest

from ops import metrics
from ops.health import OK, Verdict, parse_bind
from ops.server import OpsServer
from tests.support.bot_process import ROOT


@pytest.fixture
def server():
    state = {"ready": Verdict({"redis": OK})}
    ops = OpsServer(("127.0.0.1", 0), live=lambda: Verdict({"loop": OK}),
                    ready=lambda: state["ready"]).start()  # fmt: skip
    yield f"http://127.0.0.1:{ops.port}", state
    ops.stop()


def test_health_and_readiness_answer_json_with_200_or_503(server):
    url, state = server
    assert httpx.get(f"{url}/healthz").json() == {"ok": True, "checks": {"loop": "ok"}}
    assert httpx.get(f"{url}/readyz").status_code == 200
    state["ready"] = Verdict({"redis": "down", "updates": OK})
    answer = httpx.get(f"{url}/readyz")
    assert answer.status_code == 503
    assert answer.json() == {"ok": False, "checks": {"redis": "down", "updates": "ok"}}


def test_a_probe_that_breaks_is_a_503_not_a_crash(server):
    url, state = server
    state["ready"] = None  # not a Verdict: the probe raises
    answer = httpx.get(f"{url}/readyz")
    assert answer.status_code == 503 and answer.json()["ok"] is False


def test_metrics_are_the_prometheus_text_format(server):
    url, _ = server
    metrics.table_opened("mia")
    answer = httpx.get(f"{url}/metrics")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/plain")
    assert "# TYPE cupclaim_deadline_lateness_seconds histogram" in answer.text
    assert 'cupclaim_tables_total{event="opened",game="mia"}' in answer.text


def test_other_paths_and_methods_get_a_clear_4xx(server):
    url, _ = server
    assert httpx.get(f"{url}/").status_code == 404
    assert httpx.get(f"{url}/metrics/../etc").status_code == 404
    assert httpx.post(f"{url}/metrics", content=b"x").status_code == 405


@pytest.mark.parametrize(
    ("text", "bind"),
    [("0.0.0.0:9100", ("0.0.0.0", 9100)), (":9100", ("0.0.0.0", 9100)),
     ("[::1]:9100", ("::1", 9100)), (" 127.0.0.1:1 ", ("127.0.0.1", 1))],
)  # fmt: skip
def test_bind_addresses(text, bind):
    assert parse_bind(text) == bind


@pytest.mark.parametrize("text", ["9100", "host:", "host:port", "h:0", "h:70000", "h:٩١٠٠"])
def test_bad_bind_addresses_are_refused_with_the_setting_named(text):
    with pytest.raises(ValueError, match="OPS_BIND"):
        parse_bind(text)


def test_a_taken_port_is_an_error_at_start():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        with pytest.raises(OSError):
            OpsServer(
                taken.getsockname(), live=lambda: Verdict({}), ready=lambda: Verdict({})
            ).start()


def test_the_probe_command_exits_by_the_answer(server):
    url, state = server
    probe = [sys.executable, "-m", "ops.probe"]
    assert subprocess.run([*probe, f"{url}/readyz"], cwd=ROOT, check=False).returncode == 0
    state["ready"] = Verdict({"redis": "down"})
    failed = subprocess.run([*probe, f"{url}/readyz"], cwd=ROOT, check=False,
                            capture_output=True, text=True)  # fmt: skip
    assert failed.returncode == 1 and "redis" in failed.stderr
    assert subprocess.run([*probe, "nonsense"], cwd=ROOT, check=False,
                          capture_output=True).returncode == 2  # fmt: skip
