"""Fixtures shared by the tables tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from games.rng import DeterministicRng
from tables.table.store import TableStore
from tests.support.clock import Clock
from tests.support.redis_proxy import RedisProxy


@pytest.fixture
def proxy(redis_server, redis_client) -> Iterator[RedisProxy]:
    """A proxy in front of the test Redis that can lose a chosen reply."""
    proxy = RedisProxy(redis_server.url).start()
    yield proxy
    proxy.close()


@pytest.fixture
def clock() -> Clock:
    """Time that moves only when the test says so."""
    return Clock()


@pytest.fixture
def store(redis_client, clock: Clock, request: pytest.FixtureRequest) -> TableStore:
    """A store on the test Redis and the test's clock. Its draws are seeded by the file's
    name ("test_deadlines.py": "deadlines"), or by the file's ``STORE_SEED``."""
    name = request.module.__name__.rpartition(".test_")[2]
    seed = getattr(request.module, "STORE_SEED", name)
    return TableStore(redis_client, clock=clock, rng=DeterministicRng(seed))
