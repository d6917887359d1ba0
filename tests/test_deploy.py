"""The compose files publish nginx, never gunicorn (which has no timeout for slow clients),
run gunicorn with the settings the tests run (webapp/gunicorn_config.py), and Redis with
the limits the tests run."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from tables.engine.redis_server import HASH_VALUE_LIMIT, loopback_server_args

ROOT = Path(__file__).resolve().parents[1]


class ComposeLoader(yaml.SafeLoader):
    """Compose's merge tags (!reset, !override) read as plain values."""


ComposeLoader.add_multi_constructor(
    "!", lambda loader, suffix, node: loader.construct_sequence(node)
    if isinstance(node, yaml.SequenceNode) else loader.construct_scalar(node)
    if isinstance(node, yaml.ScalarNode) else loader.construct_mapping(node),
)  # fmt: skip


def services(name: str) -> dict[str, Any]:
    return yaml.load((ROOT / name).read_text(), Loader=ComposeLoader)["services"]


def test_only_the_proxy_is_published():
    """To the world: nginx only. The monitoring profile's Prometheus and Grafana listen on
    the host's loopback only; the operator's ports (9100) are never published."""
    for name in ("docker-compose.yml", "docker-compose.scale.yml", "docker-compose.cluster.yml"):
        published = {service for service, spec in services(name).items() if spec.get("ports")}
        monitoring = {s for s in published if "monitoring" in services(name)[s].get("profiles", [])}
        assert published - monitoring <= {"proxy"}, (name, published)
        for service in monitoring:
            assert all(str(p).startswith("127.0.0.1:") for p in services(name)[service]["ports"])
        for spec in services(name).values():
            assert not any("9100" in str(port) for port in spec.get("ports", [])), name
    base = services("docker-compose.yml")
    assert base["proxy"]["image"].startswith("nginx")
    assert any("deploy/nginx.conf" in volume for volume in base["proxy"]["volumes"])


def test_gunicorn_runs_with_the_tested_settings_and_trusts_one_proxy():
    web = services("docker-compose.yml")["webapp"]
    assert web["command"][:3] == ["gunicorn", "-c", "python:webapp.gunicorn_config"]
    assert web["environment"]["WEBAPP_TRUSTED_PROXIES"] == "1"


def test_every_redis_the_project_runs_keeps_a_tables_hash_compact():
    """The limit that keeps a table's hash a listpack (tables.engine.redis_server): the same in the
    compose files as in the embedded server and the tests' cluster."""
    flag, value = HASH_VALUE_LIMIT
    assert flag in loopback_server_args(1, ROOT, appendonly=True)
    commands = [services("docker-compose.yml")["redis"]["command"]]
    commands += [
        spec["command"]
        for name, spec in services("docker-compose.cluster.yml").items()
        if name.startswith("redis-") and "cluster-enabled" in " ".join(spec["command"])
    ]
    assert len(commands) == 7
    for command in commands:
        assert command[command.index(flag) + 1] == value
