"""Shared fixtures: a real redis-server per test session, a clean database per test, the toy
game registered for a test that plays it."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from hypothesis import HealthCheck, settings

from games import registry
from games.game import Game
from games.rng import DeterministicRng
from tables.engine.redis_server import RedisServer
from tables.table import store as store_module
from tests.support import FakeBotApi
from tests.support.bot_process import TOKEN, BotProcess, bot_env
from tests.support.toy_game import GAME as TOY

# Property tests judge what happens, never how fast: a machine busy with the other test workers
# must not turn a slow example (or slow data generation) into a failure.
settings.register_profile(
    "cup-and-claim", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("cup-and-claim")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under pytest-xdist (.ci/run: --dist loadgroup) a file's tests run on one worker, in
    order, sharing its module fixtures; every cluster test shares one worker too, so one
    session cluster of six redis-servers serves them all."""
    for item in items:
        path = item.nodeid.split("::", 1)[0]
        group = "redis-cluster" if path.startswith("tests/cluster/") else path
        item.add_marker(pytest.mark.xdist_group(group))


@pytest.fixture(autouse=True)
def seeded_stores(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A store a test makes without its own randomness draws its dice, deals and CPU choices
    from a generator seeded by the test's id (and how many stores it made before): what a
    test sees of a game never depends on an unseeded draw, and a failure plays again the
    same. (The bot's processes are seeded the same way: tests.support.seeded_bot.)"""
    made = itertools.count()

    def seeded() -> DeterministicRng:
        return DeterministicRng(f"{request.node.nodeid}#{next(made)}")

    monkeypatch.setattr(store_module, "SecureRng", seeded)


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    server = RedisServer(data_dir=Path(tmp_path_factory.mktemp("redis"))).start()
    yield server
    server.stop()


@pytest.fixture
def redis_client(redis_server: RedisServer) -> Iterator[redis.Redis]:
    client = redis.Redis.from_url(redis_server.url)
    client.flushall()
    yield client
    client.close()


@pytest.fixture
def bot_api() -> Iterator[FakeBotApi]:
    with FakeBotApi(TOKEN) as api:
        yield api


@pytest.fixture
def bot_extra_env() -> dict[str, str]:
    """Extra environment for the bot process; a test module may override this fixture."""
    return {}


@pytest.fixture
def bot(bot_api, redis_server, redis_client, tmp_path, bot_extra_env):
    """The bot, running and polling; afterwards it must have kept every Telegram rule."""
    env = bot_env(bot_api, redis_server.url, **bot_extra_env)
    process = BotProcess(env, tmp_path / "bot.log").start()
    try:
        bot_api.wait_for(lambda: bot_api.is_polling, timeout=60)
        yield process
    finally:
        process.stop()
    assert "Traceback" not in process.log, process.log
    bot_api.assert_clean()


@pytest.fixture
def toy() -> Iterator[Game]:
    """High Card (tests/support/toy_game.py) registered beside the registry's games while the
    test runs (a bot process has it through ``EXTRA_GAMES``). A file that plays it in every
    test says ``pytestmark = pytest.mark.usefixtures("toy")``."""
    registry.GAMES[TOY.name] = TOY
    yield TOY
    registry.GAMES.pop(TOY.name, None)
