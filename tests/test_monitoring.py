"""The monitoring files (deploy/monitoring/) as CI can check them without Docker: the alert
rules with Debian's promtool (syntax, and their unit tests), Prometheus's configuration,
the Grafana dashboard's JSON and provisioning, and docker-compose's healthchecks and
monitoring profile. That every panel's query evaluates is checked against a real
Prometheus in tests/ops/test_scrape_e2e.py."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import yaml

from tests.test_deploy import services

ROOT = Path(__file__).resolve().parents[1]
MONITORING = ROOT / "deploy" / "monitoring"
RULES = MONITORING / "prometheus" / "alerts.yml"
DASHBOARD = MONITORING / "grafana" / "dashboards" / "cupclaim.json"
# What the issue asks the dashboard to show, each by the metric that shows it.
REQUIRED_PANELS = {
    "moves/s": "cupclaim_moves_applied_total",
    "p99 move latency": "cupclaim_move_seconds_bucket",
    "press → visible": "cupclaim_press_to_visible_seconds_bucket",
    "429s": 'outcome="flood"',
    "open long polls": "cupclaim_long_polls_open",
    "errors": "cupclaim_http_responses_total",
    "Redis": "cupclaim_redis_up",
}
REQUIRED_ALERTS = {
    "CupClaimTelegramFloodLimited", "CupClaimMoveLatencyHigh", "CupClaimRedisDown",
    "CupClaimBudgetQueueGrowing", "CupClaimNoUpdates",
}  # fmt: skip


def promtool() -> str:
    found = shutil.which("promtool")
    assert found, "promtool is needed: `bash .ci/run` installs Debian's prometheus package"
    return found


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [promtool(), *args], capture_output=True, text=True, check=False, cwd=RULES.parent
    )


def test_the_alert_rules_are_valid_prometheus_rules():
    checked = run("check", "rules", str(RULES))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    names = {rule["alert"] for group in yaml.safe_load(RULES.read_text())["groups"]
             for rule in group["rules"]}  # fmt: skip
    assert names >= REQUIRED_ALERTS


def test_the_alerts_fire_on_trouble_and_not_before():
    tested = run("test", "rules", "alerts_test.yml")
    assert tested.returncode == 0, tested.stdout + tested.stderr


def test_the_prometheus_configuration_is_valid_and_scrapes_both_processes():
    checked = run("check", "config", "prometheus.yml")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    config = yaml.safe_load((MONITORING / "prometheus" / "prometheus.yml").read_text())
    jobs = {job["job_name"]: job for job in config["scrape_configs"]}
    assert set(jobs) == {"cupclaim-bot", "cupclaim-web"}
    for job in jobs.values():
        assert job["dns_sd_configs"][0]["port"] == 9100  # the operator's port in compose


def dashboard_panels() -> list[dict]:
    dashboard = json.loads(DASHBOARD.read_text())
    assert dashboard["uid"] == "cupclaim" and dashboard["title"]
    return [panel for panel in dashboard["panels"] if panel["type"] != "row"]


def test_the_dashboard_loads_and_every_panel_has_a_titled_query_on_the_provisioned_source():
    datasources = yaml.safe_load(
        (MONITORING / "grafana/provisioning/datasources/prometheus.yml").read_text()
    )["datasources"]
    uid = datasources[0]["uid"]
    panels = dashboard_panels()
    ids = [panel["id"] for panel in json.loads(DASHBOARD.read_text())["panels"]]
    assert len(ids) == len(set(ids))
    for panel in panels:
        assert panel["title"] and panel["targets"], panel
        assert panel["datasource"]["uid"] == uid, panel["title"]
        for target in panel["targets"]:
            assert target["expr"].strip() and target["datasource"]["uid"] == uid
        position = panel["gridPos"]
        assert position["x"] >= 0 and position["x"] + position["w"] <= 24
    queries = " ".join(t["expr"] for panel in panels for t in panel["targets"])
    missing = [name for name, metric in REQUIRED_PANELS.items() if metric not in queries]
    assert not missing


def test_grafana_is_provisioned_with_the_dashboard_folder_compose_mounts():
    provider = yaml.safe_load(
        (MONITORING / "grafana/provisioning/dashboards/cupclaim.yml").read_text()
    )["providers"][0]
    grafana = services("docker-compose.yml")["grafana"]
    mounts = {volume.split(":")[1]: volume.split(":")[0] for volume in grafana["volumes"]}
    assert mounts[provider["options"]["path"]] == "./deploy/monitoring/grafana/dashboards"
    assert mounts["/etc/grafana/provisioning"] == "./deploy/monitoring/grafana/provisioning"


def test_compose_checks_readiness_and_runs_monitoring_only_in_its_profile():
    for name in ("docker-compose.yml", "docker-compose.cluster.yml"):
        spec = services(name)
        for service, port in (("bot", 9100), ("webapp", 8080)):
            check = spec[service]["healthcheck"]["test"]
            assert check == ["CMD", "python", "-m", "ops.probe",
                             f"http://127.0.0.1:{port}/readyz"], (name, check)  # fmt: skip
        for service in ("prometheus", "grafana"):
            assert spec[service]["profiles"] == ["monitoring"], (name, service)
        prometheus_mount = spec["prometheus"]["volumes"][0]
        assert prometheus_mount.startswith("./deploy/monitoring/prometheus:/etc/prometheus")
    base = services("docker-compose.yml")
    assert base["bot"]["environment"]["OPS_BIND"] == "0.0.0.0:9100"
    assert base["webapp"]["environment"]["OPS_BIND"] == "0.0.0.0:9100"
    assert base["proxy"]["depends_on"]["webapp"]["condition"] == "service_healthy"
