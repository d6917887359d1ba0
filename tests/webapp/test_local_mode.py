"""Local mode over HTTP against real Redis: sign in with a name, open a table, play to the end.

CPU moves are deadlines; instead of the ticker thread (and its real CPU pace) the tests move
the store's clock and fire what is due, exactly as the ticker would.
"""

from __future__ import annotations

from urllib.parse import quote

import pytest

from games.registry import get_game
from tables.table.ticker import fire_due
from tests.webapp.conftest import TOKEN, USERS, auth
from translations import tr
from webapp.app import create_app
from webapp.config import ConfigError, WebConfig
from webapp.init_data import sign_user
from webapp.local import (
    LOCAL_USER_ID_BASE,
    LocalMode,
    NotLoopback,
    is_loopback_host_header,
    loopback_address,
)

MAX_STEPS = 3000
PRESETS = get_game("mia").rules.presets


def sign_in(http, name: str) -> dict[str, str]:
    response = http.post("/local/session", json={"name": name})
    assert response.status_code == 201, response.text
    body = response.json()
    assert body["user"]["first_name"] == name
    assert LOCAL_USER_ID_BASE < body["user"]["id"] < 2**53
    return {"Authorization": "tma " + body["init_data"]}


def error_of(response) -> str:
    assert response.headers["content-type"].startswith("application/json")
    return response.json()["error"]["code"]


def actions(view) -> list[str]:
    return [item["action"] for row in view["actions"] for item in row]


def pick(view) -> str:
    """A legal move that keeps a game short: challenge when possible, else the lowest claim."""
    legal = actions(view)
    return "challenge" if "challenge" in legal else legal[0]


def play_to_the_end(http, store, clock, table_id: str, people: list[dict[str, str]]) -> dict:
    """Every person moves when it is their turn; CPUs move when their deadline passes."""
    seat_of = {}
    for headers in people:
        seat_of[http.get(f"/api/tables/{table_id}", headers=headers).json()["you"]] = headers
    moves = {"people": 0, "cpus": 0}
    for _ in range(MAX_STEPS):
        view = http.get(f"/api/tables/{table_id}", headers=people[0]).json()
        if view["over"]:
            assert view["status"] == "finished"
            return {"view": view, **moves}
        acting = next(i for i, seat in enumerate(view["seats"]) if seat["acting"])
        if view["seats"][acting]["cpu"]:
            clock.now += 1.5  # past the CPU's pace (1 s in local mode)
            assert fire_due(store) == 1
            moves["cpus"] += 1
            continue
        headers = seat_of[acting]
        own = http.get(f"/api/tables/{table_id}", headers=headers).json()
        for other, other_headers in seat_of.items():  # nobody else sees the acting dice
            if other != acting:
                seen = http.get(f"/api/tables/{table_id}", headers=other_headers).json()
                assert seen["private"] is None or own["private"] is None
        response = http.post(
            f"/api/tables/{table_id}/moves",
            json={"action": pick(own), "decision": own["decision"]},
            headers=headers,
        )
        assert response.status_code == 200, response.text
        moves["people"] += 1
    raise AssertionError("the game did not end")


# --- playing -------------------------------------------------------------------------------


def test_a_whole_game_against_two_cpus(local_http, local_store, clock):
    alice = sign_in(local_http, "Alice")
    response = local_http.post(
        "/local/tables",
        json={
            "preset": "standard",
            "settings": {"lives": 2},
            "cpus": ["easy", "hard"],
            "turn_timer": 0,
        },
        headers=alice,
    )
    assert response.status_code == 201, response.text
    body = response.json()
    view = body["table"]
    assert view["status"] == "playing" and view["you"] == 0 and view["creator"]
    assert [seat["name"] for seat in view["seats"]] == ["Alice", "🤖 Ada", "🤖 Grace"]
    assert [seat["cpu"] for seat in view["seats"]] == [False, True, True]
    base = str(local_http.base_url).rstrip("/")
    assert body["url"] == f"{base}/?table={quote(view['id'])}"
    table = local_store.load(view["id"])
    assert table.settings == {**PRESETS["standard"], "lives": 2}
    assert table.option("turn_timer") == 0 and table.option("cpu_delay") == 1.0
    assert table.chat_id < -(2**52)  # never a Telegram chat

    result = play_to_the_end(local_http, local_store, clock, view["id"], [alice])
    assert result["people"] >= 1 and result["cpus"] >= 1
    assert result["view"]["winners"][0] in ("Alice", "🤖 Ada", "🤖 Grace")
    me = local_http.get("/api/me", headers=alice).json()
    assert me["first_name"] == "Alice" and me["stats"]["games"] == 1


def test_the_classic_preset_and_its_own_lives(local_http, local_store):
    alice = sign_in(local_http, "Alice")
    response = local_http.post(
        "/local/tables", json={"preset": "classic", "cpus": ["normal"]}, headers=alice
    )
    table = local_store.load(response.json()["table"]["id"])
    assert table.settings == PRESETS["classic"] and table.settings["lives"] == 6
    response = local_http.post(
        "/local/tables",
        json={"preset": "classic", "settings": {"lives": 3}, "cpus": ["normal"]},
        headers=alice,
    )
    table = local_store.load(response.json()["table"]["id"])
    assert table.settings == {**PRESETS["classic"], "lives": 3}


def test_a_second_tab_joins_a_table_without_cpus_and_both_play(local_http, local_store, clock):
    alice, bob = sign_in(local_http, "Alice"), sign_in(local_http, "Bob")
    created = local_http.post(
        "/local/tables", json={"settings": {"lives": 2}, "cpus": []}, headers=alice
    )
    assert created.status_code == 201
    table_id = created.json()["table"]["id"]
    assert created.json()["table"]["status"] == "lobby"

    seen = local_http.get(f"/api/tables/{table_id}", headers=bob).json()
    assert seen["can_join"] is True and seen["you"] is None
    started = local_http.post(f"/api/tables/{table_id}/lobby", json={"verb": "start"}, headers=bob)
    assert started.status_code == 403 and error_of(started) == "not_allowed"
    joined = local_http.post(f"/api/tables/{table_id}/lobby", json={"verb": "join"}, headers=bob)
    assert joined.json()["you"] == 1
    started = local_http.post(
        f"/api/tables/{table_id}/lobby", json={"verb": "start"}, headers=alice
    )
    assert started.json()["status"] == "playing"

    result = play_to_the_end(local_http, local_store, clock, table_id, [alice, bob])
    assert result["cpus"] == 0 and result["people"] >= 2
    assert result["view"]["winners"][0] in ("Alice", "Bob")


def test_a_friend_joins_before_the_cpus_start(local_http, local_store, clock):
    alice, bob = sign_in(local_http, "Alice"), sign_in(local_http, "Bob")
    created = local_http.post(
        "/local/tables",
        json={"settings": {"lives": 2}, "cpus": ["easy"], "start": False},
        headers=alice,
    ).json()
    table_id = created["table"]["id"]
    assert created["table"]["status"] == "lobby"
    local_http.post(f"/api/tables/{table_id}/lobby", json={"verb": "join"}, headers=bob)
    view = local_http.post(
        f"/api/tables/{table_id}/lobby", json={"verb": "start"}, headers=alice
    ).json()
    assert [seat["name"] for seat in view["seats"]] == ["Alice", "🤖 Ada", "Bob"]
    result = play_to_the_end(local_http, local_store, clock, table_id, [alice, bob])
    assert result["view"]["over"]


def test_the_local_page_is_marked_and_loads_no_telegram_script(local_http):
    response = local_http.get("/")
    assert response.status_code == 200
    assert 'data-local="1"' in response.text and "telegram" not in response.text.lower()
    csp = response.headers["content-security-policy"]
    assert "script-src 'self';" in csp and "form-action 'none'" in csp


def test_config_offers_the_games_choices_in_the_browsers_language(local_http):
    body = local_http.get("/local/config").json()
    mia = next(game for game in body["games"] if game["name"] == "mia")
    assert [preset["value"] for preset in mia["presets"]] == ["standard", "classic"]
    assert mia["presets"][1]["settings"] == PRESETS["classic"]
    assert mia["presets"][1]["description"]  # what the preset means
    assert [spec["key"] for spec in mia["settings"]] == [
        spec.key for spec in get_game("mia").rules.settings_specs
    ]  # every setting of the game
    assert [c["value"] for c in mia["settings"][0]["choices"]] == [2, 3, 5, 6]
    assert [level["value"] for level in body["cpu_levels"]] == ["easy", "normal", "hard", "expert"]
    assert mia["max_cpus"] == 9
    assert body["strings"]["new_game"] == "New game" and body["strings"]["look"]


def test_every_setting_and_a_level_per_cpu_can_be_chosen(local_http, local_store):
    alice = sign_in(local_http, "Alice")
    wanted = {"doubles": "11-high", "fold_on_mia": True, "mia_penalty": 2, "pass_on": True}
    response = local_http.post(
        "/local/tables",
        json={"game": "mia", "settings": wanted, "cpus": ["easy", "hard", "normal"]},
        headers=alice,
    )
    assert response.status_code == 201, response.text
    table = local_store.load(response.json()["table"]["id"])
    assert {key: table.settings[key] for key in wanted} == wanted
    assert [seat.cpu for seat in table.seats[1:]] == ["easy", "hard", "normal"]


# --- only in local mode, only from loopback ---------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path"),
    [("GET", "/local/config"), ("POST", "/local/session"), ("POST", "/local/tables"),
     ("POST", "/local/session?local=1"), ("GET", "/local/config?local=true")],
)  # fmt: skip
def test_local_routes_do_not_exist_outside_local_mode(http, method, path):
    response = http.request(method, path, json={"name": "Mallory"}, headers=auth(1))
    assert response.status_code == 404 and error_of(response) == "not_found"


def test_the_telegram_page_stays_as_it_was(http):
    page = http.get("/?local=1").text
    assert "data-local" not in page and "telegram-web-app.js" in page


def test_local_initdata_and_telegram_initdata_do_not_mix(http, local_http):
    local_headers = sign_in(local_http, "Alice")
    response = http.get("/api/me", headers=local_headers)  # the Telegram app: other key
    assert response.status_code == 401 and error_of(response) == "unauthorized"
    for path in ("/api/me", "/local/tables"):
        method = local_http.get if path == "/api/me" else local_http.post
        response = method(path, headers=auth(1))  # signed with the bot token
        assert response.status_code == 401 and error_of(response) == "unauthorized"


def test_a_forged_or_missing_initdata_cannot_open_a_table(local_http):
    init_data = sign_in(local_http, "Alice")["Authorization"].removeprefix("tma ")
    tampered = init_data.replace("Alice", "Admin")
    assert tampered != init_data
    forged = sign_user("guessed-secret", {"id": LOCAL_USER_ID_BASE + 5, "first_name": "Eve"})
    for headers in (
        {},
        {"Authorization": ""},
        {"Authorization": "tma x"},
        {"Authorization": "tma " + tampered},
        {"Authorization": "tma " + forged},
        {"Authorization": "tma " + sign_user(TOKEN, USERS[1])},
        {"Authorization": "Bearer " + init_data},
    ):
        response = local_http.post("/local/tables", json={"cpus": ["easy"]}, headers=headers)
        assert response.status_code == 401 and error_of(response) == "unauthorized"


def test_requests_for_another_host_name_are_refused(local_http):
    for host in ("evil.example", "evil.example:8080", "127.0.0.1.nip.io", "10.0.0.1"):
        response = local_http.get("/local/config", headers={"Host": host})
        assert response.status_code == 403 and error_of(response) == "wrong_host"
    for host in ("localhost:8080", "127.0.0.1", "[::1]:9"):
        assert local_http.get("/local/config", headers={"Host": host}).status_code == 200


def test_names_are_cleaned_as_every_seat_name_is(local_http):
    for raw, shown in (("x" * 33, "x" * 31 + "…"), ("A\u0000B", "A B"), ("🤖 Ada", "Ada"),
                       ("👩\u200d👩\u200d👧 Fam", "👩\u200d👩\u200d👧 Fam")):  # fmt: skip
        response = local_http.post("/local/session", json={"name": raw})
        assert response.status_code == 201 and response.json()["user"]["first_name"] == shown


@pytest.mark.parametrize(
    "body",
    [[], "x", {}, {"name": 5}, {"name": None}, {"name": "x" * 500},
     {"name": "Alice", "id": 1}, {"name": "Alice", "language_code": "de"}],
)  # fmt: skip
def test_bad_session_bodies_get_400(local_http, body):
    response = local_http.post("/local/session", json=body)
    assert response.status_code == 400 and error_of(response) == "bad_request"


@pytest.mark.parametrize(
    "raw", ["\u200b", "\u200d", "\u200d\u200c\ufe0f", "\u3164", "\u2800", "\u202e\u0000",
            "\U000e0020", " \u0301 ", "🤖", "🤖\u200d"],
)  # fmt: skip
def test_a_name_nobody_can_read_is_refused_with_words_that_say_so(local_http, raw):
    response = local_http.post("/local/session", json={"name": raw})
    assert response.status_code == 422, response.text
    assert response.json()["error"] == {
        "code": "unreadable_name",
        "message": "Please enter a name people can read.",
    }
    german = local_http.post(
        "/local/session", json={"name": raw}, headers={"Accept-Language": "de"}
    ).json()["error"]["message"]
    assert (
        german
        == tr("de", "Please enter a name people can read.")
        != "Please enter a name people can read."
    )


@pytest.mark.parametrize("raw", ["", "   "])
def test_an_empty_name_is_asked_for(local_http, raw):
    response = local_http.post("/local/session", json={"name": raw})
    assert response.status_code == 422
    assert response.json()["error"] == {"code": "name_needed", "message": "Please enter your name."}


def test_a_session_needs_a_json_body(local_http):
    response = local_http.post("/local/session", content="name=Alice")
    assert response.status_code == 400 and error_of(response) == "bad_request"


@pytest.mark.parametrize(
    "body",
    [[], "standard", {"preset": "nope"}, {"preset": 1}, {"preset": None},
     {"settings": {"lives": 4}}, {"lives": "3"}, {"lives": True}, {"settings": {"lives": 3.5}},
     {"cpus": "easy"}, {"cpus": ["easy"] * 10}, {"cpus": ["insane"]}, {"cpus": [1]},
     {"cpus": [None]}, {"cpus": {"easy": 1}},
     {"turn_timer": 45}, {"turn_timer": "0"}, {"turn_timer": False},
     {"cpu_delay": 0.5}, {"cpu_delay": True},
     {"start": "yes"}, {"start": 1}, {"start": True, "cpus": []}, {"start": True},
     {"game": "chess"}, {"game": 1}, {"doubles": "11"}, {"fold_on_mia": True},
     {"settings": {"doubles": "11"}}, {"settings": {"nope": 1}}, {"settings": []},
     {"extra": 1}, {"cpus": ["easy"], "seats": 3}],
)  # fmt: skip
def test_bad_table_bodies_get_400_and_open_nothing(local_http, local_store, body):
    alice = sign_in(local_http, "Alice")
    response = local_http.post("/local/tables", json=body, headers=alice)
    assert response.status_code == 400 and error_of(response) == "bad_request"
    assert local_store.redis.keys("table:*") == []


def test_whole_numbers_stand_for_the_cpu_pace(local_http, local_store):
    alice = sign_in(local_http, "Alice")
    body = {"cpus": ["easy"], "cpu_delay": 2, "turn_timer": 60}
    response = local_http.post("/local/tables", json=body, headers=alice)
    assert response.status_code == 201
    table = local_store.load(response.json()["table"]["id"])
    assert table.option("cpu_delay") == 2.0 and table.option("turn_timer") == 60


def test_local_config_needs_no_token_and_ignores_one():
    env = {
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "WEBAPP_HOST": "0.0.0.0",
        "TELEGRAM_WEB_APP_JS_URL": "https://telegram.org/js/telegram-web-app.js",
    }
    config = WebConfig.from_env(env, local=True)
    assert (config.bot_token, config.host, config.telegram_js_url) == ("", "127.0.0.1", "")
    assert WebConfig.from_env({"TELEGRAM_BOT_TOKEN": TOKEN}).bot_token == TOKEN
    with pytest.raises(ConfigError):
        WebConfig.from_env({})


def test_an_app_without_a_key_is_never_made(local_store):
    with pytest.raises(ValueError):
        create_app(local_store, WebConfig(bot_token=""))  # anyone could sign initData
    with pytest.raises(ValueError):
        LocalMode("short")
    assert "secret=…" in repr(LocalMode.new())


# --- the loopback checks ---------------------------------------------------------------------


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "localhost", "::1"])
def test_loopback_hosts_are_accepted(host):
    assert loopback_address(host) in ("127.0.0.1", "127.0.0.2", "::1")


@pytest.mark.parametrize(
    "host", ["0.0.0.0", "::", "192.0.2.1", "10.0.0.1", "", " ", "0", "nonexistent.invalid"]
)
def test_other_hosts_are_refused(host):
    with pytest.raises(NotLoopback):
        loopback_address(host)


def test_host_headers():
    assert is_loopback_host_header("127.0.0.1:8080") and is_loopback_host_header("[::1]:80")
    assert is_loopback_host_header("LOCALHOST") and is_loopback_host_header("::1")
    assert not is_loopback_host_header("localhost.evil.example")
    assert not is_loopback_host_header("[::1")
    assert not is_loopback_host_header("")
