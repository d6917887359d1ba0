"""Long polls: one person (or one address) cannot keep more than a few open, so nobody can
take the web app's threads from everyone else."""

from __future__ import annotations

import threading

import httpx
import pytest

from tables.table import lobby
from tables.table.model import ChatRef
from tests.webapp.conftest import TOKEN, USERS, WebServer, auth
from webapp.app import create_app
from webapp.config import ConfigError, WebConfig
from webapp.init_data import sign_user
from webapp.wait_limits import WaitLimiter, address_key

GROUP = ChatRef(-100432)


def test_the_limiter_counts_people_and_addresses_and_releases():
    limiter = WaitLimiter(per_person=2, per_address=3)
    first = limiter.acquire(1, "192.0.2.1")
    second = limiter.acquire(1, "192.0.2.1")
    assert first and second
    assert limiter.acquire(1, "198.51.100.7") is None  # the person has two open
    third = limiter.acquire(2, "192.0.2.1")
    assert third is not None
    assert limiter.acquire(3, "192.0.2.1") is None  # the address has three open
    assert limiter.acquire(3, "198.51.100.7") is not None
    first.release()
    first.release()  # twice is once
    assert limiter.open_waits(1) == 1
    assert limiter.acquire(3, "192.0.2.1") is not None


def test_an_ipv6_client_counts_by_its_network():
    assert address_key("2001:db8:1:2::1") == address_key("2001:db8:1:2:ffff::99")
    assert address_key("2001:db8:1:2::1") != address_key("2001:db8:1:3::1")
    assert address_key("::ffff:192.0.2.1") == address_key("192.0.2.1") == "192.0.2.1"
    assert address_key("not an address") == "not an address"


def test_limits_come_from_the_environment():
    env = {"TELEGRAM_BOT_TOKEN": TOKEN, "WAIT_LIMIT_PER_PERSON": "2"}
    config = WebConfig.from_env({**env, "WAIT_LIMIT_PER_ADDRESS": "9"})
    assert (config.wait_limit_per_person, config.wait_limit_per_address) == (2, 9)
    for bad in ("0", "-1", "two", "²"):
        with pytest.raises(ConfigError):
            WebConfig.from_env({**env, "WAIT_LIMIT_PER_PERSON": bad})


@pytest.fixture
def limited_web(store):
    config = WebConfig(
        bot_token=TOKEN,
        long_poll_seconds=30,
        wait_limit_per_person=2,
        wait_limit_per_address=3,
        trusted_proxies=1,  # as behind nginx: the client's address is in X-Forwarded-For
    )
    server = WebServer(create_app(store, config)).start()
    yield server
    server.stop()


def lobby_with(store, *users: int):
    table = store.create(GROUP, users[0], USERS[users[0]]["first_name"], game="mia").table
    for user in users[1:]:
        name = USERS[user]["first_name"]
        table = store.change(table.id, lambda t, u=user, n=name: lobby.join(t, u, n)).table
    return table


def open_waits(url: str, user: int, count: int, address: str) -> list[threading.Thread]:
    """``count`` waits held open in the background (they end when the table changes)."""
    headers = {**auth(user), "X-Forwarded-For": address}

    def hold() -> None:
        httpx.get(url, headers=headers, timeout=60)

    threads = [threading.Thread(target=hold, daemon=True) for _ in range(count)]
    for thread in threads:
        thread.start()
    return threads


def wait_until(condition, what: str) -> None:
    deadline = threading.Event()
    for _ in range(600):
        if condition():
            return
        deadline.wait(0.05)
    raise AssertionError(f"not reached: {what}")


def test_waits_over_the_limit_are_refused_at_once_and_others_still_served(limited_web, store):
    table = lobby_with(store, 1, 2, 3, 4)
    url = f"{limited_web.url}/api/tables/{table.id}/wait?after={table.version}&timeout=60"
    limiter = limited_web.server.app.extensions["webapp"].wait_limiter
    held = open_waits(url, 1, 2, "192.0.2.1")
    wait_until(lambda: limiter.open_waits(1) == 2, "Alice's two waits are open")

    third = httpx.get(url, headers={**auth(1), "X-Forwarded-For": "192.0.2.1"}, timeout=10)
    assert third.status_code == 429
    assert third.json()["error"]["code"] == "too_many_waits"
    assert third.headers["Retry-After"] == "5"
    assert httpx.get(f"{limited_web.url}/api/me", headers=auth(2), timeout=10).status_code == 200

    # Bob shares Alice's address: one more wait there, then the address is full.
    open_waits(url, 2, 1, "192.0.2.1")
    wait_until(lambda: limiter.open_waits(2) == 1, "Bob's wait is open")
    refused = httpx.get(url, headers={**auth(3), "X-Forwarded-For": "192.0.2.1"}, timeout=10)
    assert refused.status_code == 429
    open_waits(url, 3, 1, "198.51.100.7")  # Carol elsewhere is not affected
    wait_until(lambda: limiter.open_waits(3) == 1, "Carol's wait is open")

    # A change answers every wait; their slots are free again.
    store.change(table.id, lambda t: lobby.leave(t, 4))
    for thread in held:
        thread.join(timeout=30)
    wait_until(lambda: limiter.open_waits(1) == 0, "Alice's waits are closed")
    again = httpx.get(
        f"{limited_web.url}/api/tables/{table.id}/wait?after=0",
        headers={"Authorization": "tma " + sign_user(TOKEN, USERS[1])},
        timeout=10,
    )
    assert again.status_code == 200


CROWD = 40  # an office, a school, a carrier's NAT: many people, one address


def test_forty_people_behind_one_address_all_get_their_update(store):
    """The defaults stop one account, not a crowd: forty people behind one address, one page
    each, all get their long poll's answer when the table moves."""
    config = WebConfig(bot_token=TOKEN, long_poll_seconds=30, trusted_proxies=1)
    server = WebServer(create_app(store, config)).start()
    try:
        table = lobby_with(store, 1, 2)
        store.change(table.id, lambda t: lobby.change_setting(t, 1, "spectators", "anyone"))
        table = store.load(table.id)
        url = f"{server.url}/api/tables/{table.id}/wait?after={table.version}&timeout=60"
        limiter = server.server.app.extensions["webapp"].wait_limiter
        answers: dict[int, httpx.Response] = {}

        def page(person: int) -> None:
            user = {"id": 1000 + person, "first_name": f"P{person}", "language_code": "en"}
            headers = {"Authorization": "tma " + sign_user(TOKEN, user)}
            headers["X-Forwarded-For"] = "203.0.113.9"
            answers[person] = httpx.get(url, headers=headers, timeout=60)

        threads = [threading.Thread(target=page, args=(p,), daemon=True) for p in range(CROWD)]
        for thread in threads:
            thread.start()
        wait_until(
            lambda: sum(limiter.open_waits(1000 + p) for p in range(CROWD)) == CROWD or answers,
            "every page's wait is open",
        )
        assert not answers, {p: r.status_code for p, r in answers.items()}  # none refused
        moved = store.change(table.id, lambda t: lobby.leave(t, 2)).table
        for thread in threads:
            thread.join(timeout=30)
        assert sorted(answers) == list(range(CROWD))
        assert {r.status_code for r in answers.values()} == {200}
        assert {r.json()["version"] for r in answers.values()} == {moved.version}
    finally:
        server.stop()
