"""The Mini App API over HTTP against real Redis: every endpoint and every refusal."""

from __future__ import annotations

import json
import threading
import time

import httpx
import pytest

from games.mia import GAME
from games.rng import DeterministicRng
from tables.table import lobby
from tables.table.model import ChatRef
from tests.webapp.conftest import TOKEN, USERS, WebServer, auth
from webapp.app import create_app
from webapp.config import WebConfig
from webapp.init_data import sign_user
from webapp.membership import Everyone

GROUP = ChatRef(-100321)


def lobby_table(store, *users: int):
    table = store.create(GROUP, users[0], USERS[users[0]]["first_name"], game="mia").table
    for user in users[1:]:
        name = USERS[user]["first_name"]
        table = store.change(table.id, lambda t, u=user, n=name: lobby.join(t, u, n)).table
    return table


def playing_table(store, *users: int):
    table = lobby_table(store, *users)
    return store.change(table.id, lambda t: lobby.start(t, users[0], store.rng)).table


def actor(table) -> int:
    return table.seats[table.state["to_act"]].user_id


def error_of(response) -> str:
    assert response.headers["content-type"].startswith("application/json")
    return response.json()["error"]["code"]


# --- authentication ----------------------------------------------------------------------


def test_me_returns_the_user_from_initdata(http):
    response = http.get("/api/me", headers=auth(1))
    assert response.status_code == 200
    body = response.json()
    assert (body["id"], body["first_name"], body["language_code"]) == (1, "Alice", "en")
    assert body["strings"]["look"] == "Tap to look"
    assert body["stats"]["games"] == 0 and body["tables"] == []


@pytest.mark.parametrize(
    "header",
    [None, "", "tma", "Bearer abc", "tma not-init-data",
     "tma " + sign_user("1:other-bot", USERS[1]),
     "tma " + sign_user(TOKEN, USERS[1], auth_date=int(time.time()) - 86401)],
    # Stable ids: the signed headers hold the time, and every test worker must collect alike.
    ids=["none", "empty", "bare-scheme", "bearer", "not-init-data", "other-bot", "expired"],
)  # fmt: skip
def test_requests_without_valid_initdata_get_401(http, header):
    headers = {} if header is None else {"Authorization": header}
    response = http.get("/api/me", headers=headers)
    assert response.status_code == 401 and error_of(response) == "unauthorized"


def test_the_user_id_never_comes_from_a_parameter(http, store):
    table = playing_table(store, 1, 2)
    mover = actor(table)
    other = 2 if mover == 1 else 1
    response = http.post(
        f"/api/tables/{table.id}/moves?user_id={mover}",
        json={"action": "claim:31", "decision": table.state["step"], "user_id": mover},
        headers=auth(other),
    )
    assert response.status_code == 409 and error_of(response) == "not_your_turn"


# --- reading tables ----------------------------------------------------------------------


def test_a_seated_player_sees_the_table_their_seat_and_their_own_dice(http, store):
    table = playing_table(store, 1, 2, 3)
    mover = actor(table)
    body = http.get(f"/api/tables/{table.id}", headers=auth(mover)).json()
    assert body["status"] == "playing" and body["version"] == table.version
    assert body["seats"][body["you"]]["you"] and body["seats"][body["you"]]["acting"]
    dice = table.state["dice"]
    assert body["private"]["caption"].startswith(f"{dice[0]}{dice[1]}")
    assert [a["action"] for row in body["actions"] for a in row][:2] == ["claim:31", "claim:32"]
    assert any("round 1" in line for line in body["lines"])


def test_someone_without_a_seat_sees_the_public_table_only(http, store):
    table = playing_table(store, 1, 2)
    body = http.get(f"/api/tables/{table.id}", headers=auth(4)).json()
    assert body["you"] is None and body["private"] is None and body["actions"] == []
    assert [seat["name"] for seat in body["seats"]] == ["Alice", "Bob"]


def test_other_players_never_get_the_dice(http, store):
    table = playing_table(store, 1, 2, 3)
    mover = actor(table)
    salt = table.state["salt"]
    for user in (1, 2, 3, 4):
        text = http.get(f"/api/tables/{table.id}", headers=auth(user)).text
        assert salt not in text
        body = json.loads(text)
        assert (body["private"] is not None) == (user == mover)


def test_unknown_and_malformed_table_ids_get_404(http):
    for table_id in ("zzzzzzzzzz", "x", "..%2F..", "a" * 300):
        response = http.get(f"/api/tables/{table_id}", headers=auth(1))
        assert response.status_code == 404
        assert error_of(response) in ("no_such_table", "not_found")


def test_a_lobby_shows_who_sits_and_offers_join(http, store):
    table = lobby_table(store, 1)
    body = http.get(f"/api/tables/{table.id}", headers=auth(2)).json()
    assert body["status"] == "lobby" and body["can_join"] is True


# --- moves -------------------------------------------------------------------------------


def test_a_move_applies_through_tables_and_returns_the_new_view(http, store):
    table = playing_table(store, 1, 2)
    mover = actor(table)
    response = http.post(
        f"/api/tables/{table.id}/moves",
        json={"action": "claim:43", "decision": table.state["step"]},
        headers=auth(mover),
    )
    assert response.status_code == 200
    body = response.json()
    assert body["version"] == table.version + 1
    assert store.load(table.id).state["claim"] == "43"
    assert store.log.events_after(store.load(table.id), table.version)[0][1][0]["type"] == "claimed"


def test_a_move_sent_twice_changes_nothing_the_second_time(http, store):
    table = playing_table(store, 1, 2)
    mover = actor(table)
    move = {"action": "claim:43", "decision": table.state["step"]}
    assert http.post(f"/api/tables/{table.id}/moves", json=move, headers=auth(mover)).is_success
    again = http.post(f"/api/tables/{table.id}/moves", json=move, headers=auth(mover))
    assert again.status_code == 409 and error_of(again) == "stale"
    assert store.load(table.id).version == table.version + 1


@pytest.mark.parametrize(
    ("body", "code", "status"),
    [
        ({"action": "claim:35", "decision": None}, "bad_request", 400),
        ({"action": "claim:35"}, "bad_request", 400),
        ({"action": 53, "decision": 3}, "bad_request", 400),
        ({"action": "CLAIM 53", "decision": 3}, "bad_request", 400),
        ({"action": "claim:53", "decision": True}, "bad_request", 400),
        ({"action": "claim:53", "decision": -1}, "bad_request", 400),
        ({"action": "fly", "decision": "DECISION"}, "illegal_move", 422),
        ({"action": "challenge", "decision": "DECISION"}, "illegal_move", 422),
        ({"action": "claim:35", "decision": "DECISION"}, "illegal_move", 422),
        ({"action": "claim:53", "decision": 999}, "stale", 409),
    ],
)
def test_bad_moves_get_a_clear_error_and_change_nothing(http, store, body, code, status):
    table = playing_table(store, 1, 2)
    if body.get("decision") == "DECISION":
        body = {**body, "decision": table.state["step"]}
    response = http.post(f"/api/tables/{table.id}/moves", json=body, headers=auth(actor(table)))
    assert (response.status_code, error_of(response)) == (status, code)
    assert store.load(table.id).to_dict() == table.to_dict()


def test_out_of_turn_and_unseated_moves_are_refused(http, store):
    table = playing_table(store, 1, 2)
    other = 2 if actor(table) == 1 else 1
    move = {"action": "claim:43", "decision": table.state["step"]}
    response = http.post(f"/api/tables/{table.id}/moves", json=move, headers=auth(other))
    assert (response.status_code, error_of(response)) == (409, "not_your_turn")
    response = http.post(f"/api/tables/{table.id}/moves", json=move, headers=auth(4))
    assert (response.status_code, error_of(response)) == (403, "not_seated")
    assert store.load(table.id).version == table.version


@pytest.mark.parametrize(
    ("content", "content_type"),
    [("{not json", "application/json"), ("[1,2]", "application/json"),
     ('{"action":"claim:43"}', "text/plain"), ("", "application/json")],
)  # fmt: skip
def test_malformed_bodies_are_400(http, store, content, content_type):
    table = playing_table(store, 1, 2)
    response = http.post(
        f"/api/tables/{table.id}/moves",
        content=content,
        headers={**auth(actor(table)), "Content-Type": content_type},
    )
    assert (response.status_code, error_of(response)) == (400, "bad_request")


def test_oversized_bodies_are_refused_early(http, store):
    table = playing_table(store, 1, 2)
    response = http.post(
        f"/api/tables/{table.id}/moves",
        content=json.dumps({"action": "claim:43", "pad": "x" * 10000}),
        headers={**auth(actor(table)), "Content-Type": "application/json"},
    )
    assert (response.status_code, error_of(response)) == (413, "payload_too_large")


def test_wrong_methods_and_paths_are_json_errors(http):
    assert http.get("/api/tables/abcdefghij/moves", headers=auth(1)).status_code == 405
    assert error_of(http.get("/api/nothing", headers=auth(1))) == "not_found"


def test_lobby_join_leave_and_start_from_the_page(http, store):
    table = lobby_table(store, 1)
    url = f"/api/tables/{table.id}/lobby"
    assert http.post(url, json={"verb": "join"}, headers=auth(2)).json()["you"] == 1
    again = http.post(url, json={"verb": "join"}, headers=auth(2))
    assert (again.status_code, error_of(again)) == (409, "already_seated")
    refused = http.post(url, json={"verb": "start"}, headers=auth(2))
    assert (refused.status_code, error_of(refused)) == (403, "not_allowed")
    assert http.post(url, json={"verb": "kick"}, headers=auth(1)).status_code == 400
    started = http.post(url, json={"verb": "start"}, headers=auth(1)).json()
    assert started["status"] == "playing"


# --- following the table -----------------------------------------------------------------


@pytest.fixture
def patient(store):
    """The app with long polls of 60 s: an answer within a client's 15 s means it was not the
    timeout that answered."""
    config = WebConfig(bot_token=TOKEN, long_poll_seconds=60)
    app = create_app(store, config, membership=Everyone())
    server = WebServer(app).start()
    with httpx.Client(base_url=server.url, timeout=15) as client:
        yield client, app.extensions["webapp"].wait_limiter
    server.stop()


def test_wait_answers_at_once_when_the_table_is_already_newer(patient, store):
    http, _limiter = patient
    table = playing_table(store, 1, 2)
    body = http.get(f"/api/tables/{table.id}/wait?after=0", headers=auth(1)).json()
    assert body["version"] == table.version


def test_wait_wakes_up_when_someone_moves(patient, store):
    http, limiter = patient
    table = playing_table(store, 1, 2)
    mover = actor(table)
    answers: list[dict] = []
    url = f"/api/tables/{table.id}/wait?after={table.version}"
    waiter = threading.Thread(
        target=lambda: answers.append(http.get(url, headers=auth(4)).json()), daemon=True
    )
    waiter.start()
    deadline = time.monotonic() + 60
    while limiter.open_waits(4) == 0:  # Dave's wait is open: now someone moves
        assert time.monotonic() < deadline, "the wait never started"
        time.sleep(0.01)
    move = {"action": "claim:43", "decision": table.state["step"]}
    moved = http.post(f"/api/tables/{table.id}/moves", json=move, headers=auth(mover))
    assert moved.status_code == 200, moved.text
    waiter.join(timeout=30)
    assert [answer["version"] for answer in answers] == [table.version + 1]


def test_wait_times_out_with_the_same_version(http, store):
    table = playing_table(store, 1, 2)
    url = f"/api/tables/{table.id}/wait?after={table.version}&timeout=1"
    assert http.get(url, headers=auth(1)).json()["version"] == table.version
    assert http.get(f"/api/tables/{table.id}/wait?after=x", headers=auth(1)).status_code == 400


# --- privacy over whole games ------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_no_response_ever_holds_another_seats_dice_over_a_whole_game(http, store, seed):
    table = playing_table(store, 1, 2, 3)
    rng = DeterministicRng(seed)
    for _ in range(300):
        table = store.load(table.id)
        if table.status != "playing":
            break
        state = GAME.rules.load(table.state)
        owner = state.dice_owner
        for user in (1, 2, 3, 4):
            text = http.get(f"/api/tables/{table.id}", headers=auth(user)).text
            body = json.loads(text)
            assert state.salt not in text
            mine = owner is not None and table.seats[owner].user_id == user
            assert (body["private"] is not None) == mine
        seat = state.to_act
        action = GAME.rules.cpu_action(GAME.rules.view(state, seat), "normal", rng)
        user = table.seats[seat].user_id
        move = {"action": action, "decision": table.state["step"]}
        assert http.post(f"/api/tables/{table.id}/moves", json=move, headers=auth(user)).is_success
    assert store.load(table.id).status == "finished"
