"""Fixtures shared by the tables tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.redis_proxy import RedisProxy


@pytest.fixture
def proxy(redis_server, redis_client) -> Iterator[RedisProxy]:
    """A proxy in front of the test Redis that can lose a chosen reply."""
    proxy = RedisProxy(redis_server.url).start()
    yield proxy
    proxy.close()
