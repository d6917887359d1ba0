"""Where an embedded redis-server is the normal way (play in a browser), starting one is a
line of information; a deployment without REDIS_URL is warned (the bot's e2e test)."""

from __future__ import annotations

import contextlib
import logging

import redis

from tables.engine.connection import connect


def test_an_expected_embedded_redis_is_information_not_a_warning(tmp_path, monkeypatch, caplog):
    for name in ("REDIS_URL", "REDIS_CLUSTER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("EMBEDDED_REDIS_DIR", str(tmp_path / "redis"))
    with caplog.at_level(logging.INFO, logger="tables.engine.connection"):
        client = connect(embedded_expected=True)
    try:
        assert client.ping()
        said = [
            (r.levelno, r.getMessage())
            for r in caplog.records
            if r.name == "tables.engine.connection"
        ]
        assert [level for level, _ in said] == [logging.INFO]
        assert "redis-server of our own" in said[0][1] and "REDIS_URL" not in said[0][1]
    finally:
        with contextlib.suppress(redis.ConnectionError):
            client.shutdown(nosave=True)
