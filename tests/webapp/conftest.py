"""The real Flask app, served over HTTP on a free port, against the test redis-server."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Iterator

import httpx
import pytest
import redis
from werkzeug.serving import make_server

from games.rng import DeterministicRng
from tables.table.store import TableStore
from tests.support.clock import Clock
from webapp.app import create_app
from webapp.config import WebConfig
from webapp.init_data import sign_user
from webapp.local import LocalMode
from webapp.membership import Everyone

TOKEN = "123456789:AAH-test_token-for-the-fake-bot-api"
USERS = {
    1: {"id": 1, "first_name": "Alice", "language_code": "en"},
    2: {"id": 2, "first_name": "Bob", "language_code": "en"},
    3: {"id": 3, "first_name": "Carol", "language_code": "en"},
    4: {"id": 4, "first_name": "Dave", "language_code": "en"},
}


class WebServer:
    def __init__(self, app) -> None:
        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    def start(self) -> WebServer:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()


def auth(user_id: int, **kwargs) -> dict[str, str]:
    return {"Authorization": "tma " + sign_user(TOKEN, USERS[user_id], **kwargs)}


@pytest.fixture
def store(redis_client) -> TableStore:
    return TableStore(redis_client)


@pytest.fixture
def web(store) -> Iterator[WebServer]:
    config = WebConfig(bot_token=TOKEN, long_poll_seconds=2)
    # Everyone counts as a member of every group here: test_membership.py asks the Bot API.
    server = WebServer(create_app(store, config, membership=Everyone())).start()
    yield server
    server.stop()


@pytest.fixture
def http(web) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=web.url, timeout=10) as client:
        yield client


# --- local mode (python -m webapp --local), with a clock the tests move for CPU deadlines ---


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def local_seed() -> str:
    """The seed of the local store's dice and CPUs (a test may parametrize its own)."""
    return "local page"


@pytest.fixture
def local_store(redis_server, redis_client, clock, local_seed) -> TableStore:
    # Its own client: a long poll may still be waiting in Redis while a test tears down.
    # Seeded: what a test sees of a game never depends on an unseeded draw.
    client = redis.Redis.from_url(redis_server.url)
    return TableStore(client, clock=clock, rng=DeterministicRng(local_seed))


@pytest.fixture
def local_web(local_store) -> Iterator[WebServer]:
    config = WebConfig.from_env({}, local=True)
    config = dataclasses.replace(config, long_poll_seconds=2)
    server = WebServer(create_app(local_store, config, local=LocalMode.new())).start()
    yield server
    server.stop()


@pytest.fixture
def local_http(local_web) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=local_web.url, timeout=10) as client:
        yield client
