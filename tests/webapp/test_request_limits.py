"""One account cannot flood the API: past a burst no page ever sends, its requests are
answered at once with 429 while everyone else is served as usual."""

from __future__ import annotations

import time

import httpx
import pytest

from tables.table import lobby
from tables.table.model import ChatRef
from tests.support.clock import Clock
from tests.webapp.conftest import TOKEN, WebServer, auth
from translations import tr
from webapp.app import create_app
from webapp.config import ConfigError, WebConfig
from webapp.request_limits import RequestLimiter


def test_the_bucket_allows_a_burst_then_the_rate():
    clock = Clock()
    limiter = RequestLimiter(rate=2, burst=3, clock=clock)
    assert [limiter.allow(1) for _ in range(4)] == [True, True, True, False]
    assert limiter.allow(2)  # someone else has a bucket of their own
    assert limiter.retry_after(1) == 1
    clock.now += 0.5  # one request's worth
    assert limiter.allow(1) and not limiter.allow(1)
    clock.now += 60
    assert [limiter.allow(1) for _ in range(4)] == [True, True, True, False]  # never above 3


def test_people_whose_bucket_filled_up_again_are_forgotten():
    clock = Clock()
    limiter = RequestLimiter(rate=100, burst=5, clock=clock)
    for person in range(20_000):
        limiter.allow(person)
        clock.now += 0.001
    assert limiter.tracked() < 20_000


def test_limits_come_from_the_environment():
    env = {"TELEGRAM_BOT_TOKEN": TOKEN}
    config = WebConfig.from_env(
        {**env, "REQUEST_RATE_PER_PERSON": "5", "REQUEST_BURST_PER_PERSON": "9"}
    )
    assert (config.request_rate_per_person, config.request_burst_per_person) == (5, 9)
    assert WebConfig.from_env(env).request_rate_per_person == 20
    for bad in ("0", "-1", "fast", "²"):
        with pytest.raises(ConfigError):
            WebConfig.from_env({**env, "REQUEST_RATE_PER_PERSON": bad})


@pytest.fixture
def clocked_web(store):
    clock = Clock(time.time())  # initData is signed now
    config = WebConfig(bot_token=TOKEN, request_rate_per_person=2, request_burst_per_person=10)
    server = WebServer(create_app(store, config, clock=clock)).start()
    yield server, clock
    server.stop()


def test_a_flooding_account_gets_429_and_others_are_served(clocked_web, store):
    server, clock = clocked_web
    table = store.create(ChatRef(-100611), 1, "Alice", game="mia").table
    store.change(table.id, lambda t: lobby.join(t, 2, "Bob"))
    path = f"{server.url}/api/tables/{table.id}"
    with httpx.Client(timeout=10) as client:
        flood = [client.get(path, headers=auth(1)) for _ in range(30)]
        codes = [response.status_code for response in flood]
        assert codes[:10] == [200] * 10 and set(codes[10:]) == {429}
        refused = flood[-1]
        assert refused.json()["error"]["code"] == "too_many_requests"
        assert refused.json()["error"]["message"] == "Too many requests. Please wait a moment."
        assert int(refused.headers["Retry-After"]) >= 1
        german = client.get(path, headers={**auth(1), "Accept-Language": "de"}).json()
        assert german["error"]["message"] == tr("de", "Too many requests. Please wait a moment.")
        assert german["error"]["message"] != "Too many requests. Please wait a moment."
        assert client.get(path, headers=auth(2)).status_code == 200  # Bob, meanwhile
        assert client.get(f"{server.url}/api/strings").status_code == 200  # no account
        clock.now += 1  # two requests' worth later
        assert [client.get(path, headers=auth(1)).status_code for _ in range(3)] == [200, 200, 429]
