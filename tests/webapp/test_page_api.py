"""What the page gets beyond the table: the latest moment and a game's history (public events
only, the same for every reader), How to play, leaving a running game, a rematch, the
tutorial, and local sign-ins that renew the same person."""

from __future__ import annotations

import httpx
import pytest

from games.registry import GAMES, get_game
from tables.fairness.replay_keys import replay_id
from tables.profiles import ratings, stats
from tables.table.store import TableStore
from tests.support.scenes import Script, set_up
from tests.webapp.conftest import TOKEN, USERS, WebServer, auth
from tests.webapp.test_local_mode import error_of, sign_in
from webapp.app import create_app
from webapp.config import WebConfig
from webapp.init_data import sign_user
from webapp.membership import Everyone
from webapp.page_strings import page_strings


@pytest.fixture
def store(redis_client, clock):
    """The store of a Telegram Mini App server whose clock the tests move (CPU deadlines),
    on an emptied Redis: a person's finished games from another test are not theirs."""
    return TableStore(redis_client, clock=clock)


@pytest.fixture
def http(store):
    # The script moves as fast as the machine goes, and every step reads the table as each
    # reader: far beyond a person's request rate, which this test is not about.
    config = WebConfig(bot_token=TOKEN, long_poll_seconds=2, request_rate_per_person=10**6,
                       request_burst_per_person=10**6)  # fmt: skip
    server = WebServer(create_app(store, config, membership=Everyone()))
    server.start()
    with httpx.Client(base_url=server.url, timeout=10) as client:
        yield client
    server.stop()


def _headers(user: dict) -> dict[str, str]:
    return {"Authorization": "tma " + sign_user(TOKEN, user)}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_moment_and_history_are_the_same_public_data_for_everyone(http, store, clock, game):
    script = Script(store, clock, game, people=2, cpus=("normal",), **_set_up(game))
    script.start()
    readers = [_headers(user) for user in script.users] + [auth(3)]  # two players, a watcher
    moments = 0
    while script.step():
        views = [http.get(f"/api/tables/{script.table_id}", headers=h).json() for h in readers]
        # The moment's data is the same; its story is told to each reader ("you").
        assert len({repr((v["moment"], v.get("history"))) for v in views}) == 1
        assert len(views[0]["story"]) == len(views[2]["story"])
        assert views[2]["you"] is None and views[2]["private"] is None
        moment = views[0]["moment"]
        if moment:
            moments += 1
            assert moment["version"] <= views[0]["version"]
            assert all(isinstance(event["type"], str) for event in moment["events"])
            assert "(/verify)" not in "\n".join(views[0]["story"])  # proofs live in "verify"
    assert moments > 0
    if game == "mino_dice":
        final = http.get(f"/api/tables/{script.table_id}", headers=readers[0]).json()
        hands = [event["hand"] for event in final["history"]]
        assert hands == list(range(1, len(hands) + 1)) and hands  # every hand's scores


def _set_up(game: str) -> dict:
    chosen = set_up(game)
    chosen.pop("cpus", None)
    return chosen


def test_how_to_play_at_a_table_names_its_preset_and_settings(http, store, clock):
    script = Script(store, clock, "myllymatti", preset="harsh")
    rules = http.get(f"/api/tables/{script.table_id}/rules", headers=auth(3)).json()
    game = get_game("myllymatti")
    assert rules["preset"] == "harsh"
    assert rules["description"] == game.presentation.preset_descriptions["harsh"]
    assert [s["label"] for s in rules["settings"]] == [s.label for s in game.rules.settings_specs]
    assert rules["lines"] and all(isinstance(line, str) for line in rules["lines"])


def test_how_to_play_is_in_the_readers_language(http, store, clock):
    script = Script(store, clock, "mino_dice")
    german = {**USERS[3], "language_code": "de"}
    english = http.get(f"/api/tables/{script.table_id}/rules", headers=auth(3)).json()
    translated = http.get(f"/api/tables/{script.table_id}/rules", headers=_headers(german)).json()
    assert translated["lines"] != english["lines"] and len(translated["lines"]) == len(
        english["lines"]
    )
    assert translated["description"] != english["description"]


def test_local_rules_for_each_preset(local_http):
    for name, game in GAMES.items():
        for preset in game.rules.presets:
            body = local_http.get("/local/rules", params={"game": name, "preset": preset}).json()
            assert body["lines"] and body["preset"]
            assert body["description"] == game.presentation.preset_descriptions.get(preset, "")
    assert local_http.get("/local/rules", params={"game": "chess"}).status_code == 400
    assert local_http.get("/local/rules", params={"preset": "nope"}).status_code == 400


def test_leaving_a_running_game_and_a_rematch_from_the_page(http, store, clock):
    script = Script(store, clock, "mia", people=2, cpus=("normal",), settings={"lives": 2})
    script.start()
    first, second = (_headers(user) for user in script.users)
    url = f"/api/tables/{script.table_id}/lobby"
    left = http.post(url, json={"verb": "resign"}, headers=second)
    assert left.status_code == 200 and left.json()["left"] is True
    again = http.post(url, json={"verb": "resign"}, headers=second)
    assert again.status_code == 403 and error_of(again) == "not_seated"
    early = http.post(url, json={"verb": "rematch"}, headers=first)
    assert early.status_code == 409 and error_of(early) == "not_finished"
    assert script.play_until(lambda s: s.table.status != "playing")
    watcher = http.post(url, json={"verb": "rematch"}, headers=auth(3))
    assert watcher.status_code == 403 and error_of(watcher) == "not_seated"
    extra = http.post(url, json={"verb": "rematch", "x": 1}, headers=first)
    assert extra.status_code == 400
    rematch = http.post(url, json={"verb": "rematch"}, headers=first)
    assert rematch.status_code == 200, rematch.text
    assert rematch.json()["status"] == "playing" and rematch.json()["id"] == script.table_id


def _rated_games(store: TableStore, user_id: int, game: str) -> int:
    return int(store.redis.hget(ratings.person_key(user_id, game), "n") or 0)


def test_a_rematch_leaves_out_who_left_and_a_cpu_is_never_rated_for_them(http, store, clock):
    """The issue's reproduction: Ben leaves a game of Mino Dice and Ann asks for a rematch."""
    script = Script(store, clock, "mino_dice", people=2, cpus=("normal",))
    script.start()
    ann, ben = (_headers(user) for user in script.users)
    ben_id = script.users[1]["id"]
    url = f"/api/tables/{script.table_id}/lobby"
    # (The scripts' people are the same in every test of this server's: counts from here.)
    rated = _rated_games(store, ben_id, "mino_dice")
    counted = stats.user_stats(store.redis, ben_id, "mino_dice")["games"]
    for _ in range(2):  # both bid first: Ann, then Ben
        script.step()
    assert http.post(url, json={"verb": "resign"}, headers=ben).json()["left"] is True
    assert script.play_until(lambda s: s.table.status != "playing")
    rated, counted = rated + 1, counted + 1  # he played, then left: that game is his (a loss)
    assert _rated_games(store, ben_id, "mino_dice") == rated
    assert stats.user_stats(store.redis, ben_id, "mino_dice")["games"] == counted
    rematch = http.post(url, json={"verb": "rematch"}, headers=ann)
    assert rematch.status_code == 200, rematch.text
    assert [seat["name"] for seat in rematch.json()["seats"]] == [script.users[0]["first_name"],
                                                                  "🤖 Ada"]  # fmt: skip
    assert script.table.left == [] and script.table.seat_of(ben_id) is None
    view = http.get(f"/api/tables/{script.table_id}", headers=ben).json()
    assert view["you"] is None and view["left"] is False and view["private"] is None
    refused = http.post(url, json={"verb": "resign"}, headers=ben)
    assert refused.status_code == 403 and error_of(refused) == "not_seated"
    tables = http.get("/api/my-games", headers=ben).json()["tables"]
    assert script.table_id not in [t["id"] for t in tables]  # not his table any more
    assert script.play_until(lambda s: s.table.status != "playing")
    assert _rated_games(store, ben_id, "mino_dice") == rated  # nothing in his name
    assert stats.user_stats(store.redis, ben_id, "mino_dice")["games"] == counted
    played = [p["replay"] for p in http.get("/api/my-games", headers=ben).json()["played"]]
    assert replay_id(script.table_id, 1) in played
    assert replay_id(script.table_id, 2) not in played


def test_a_rematch_with_only_a_leaver_to_play_is_refused_unless_they_ask(http, store, clock):
    script = Script(store, clock, "mino_dice", people=2, cpus=())
    script.start()
    ann, ben = (_headers(user) for user in script.users)
    url = f"/api/tables/{script.table_id}/lobby"
    http.post(url, json={"verb": "resign"}, headers=ben)
    finished = script.table
    assert finished.status == "finished"
    refused = http.post(url, json={"verb": "rematch"}, headers=ann)
    assert refused.status_code == 409 and error_of(refused) == "not_enough_players"
    assert script.table.version == finished.version  # nothing changed
    back = http.post(url, json={"verb": "rematch"}, headers=ben)
    assert back.status_code == 200, back.text
    assert back.json()["left"] is False and back.json()["private"] is not None
    assert script.table.left == []
    again = http.post(url, json={"verb": "resign"}, headers=ben)
    assert again.status_code == 200 and again.json()["left"] is True


def test_renderer_words_reach_the_page_in_every_language():
    english = page_strings("en")
    for name, game in GAMES.items():
        for key in game.presentation.web_strings:
            assert f"{name}.{key}" in english
    assert english["mia.you_lose"] == "💔 You lose a life!"
    assert english["mia.you_lose.n"] == "💔 You lose {n} lives!"
    for language in ("nl", "de", "ja", "ms", "gu"):  # (the catalog tests check every entry)
        words = page_strings(language)
        assert set(words) == set(english)
        assert words["you_win"] != english["you_win"]
        assert words["mia.holds"] != english["mia.holds"]


def test_a_tutorial_opens_a_guided_table_with_hints_and_progress(local_http, local_store, clock):
    alice = sign_in(local_http, "Alice")
    created = local_http.post(
        "/local/tables", json={"game": "mia", "tutorial": True}, headers=alice
    )
    assert created.status_code == 201, created.text
    view = created.json()["table"]
    table = local_store.load(view["id"])
    assert table.tutorial and table.status == "playing"
    assert [seat.cpu for seat in table.seats[1:]] == ["easy", "easy"]
    assert table.option("turn_timer") == 0
    assert view["tutorial"] == {"started": 1, "completed": 0, "won": 0}
    user = local_http.get("/api/me", headers=alice).json()["id"]
    assert stats.tutorial_progress(local_store.redis, user, "mia")["started"] == 1
    for _ in range(200):  # CPUs move until it is Alice's decision: then the page has a tip
        view = local_http.get(f"/api/tables/{view['id']}", headers=alice).json()
        if view["seats"][0]["acting"]:
            break
        clock.now += 2
        local_store.fire_deadline(view["id"])
    assert view["hint"] and view["hint"].startswith("💡")
    bad = local_http.post("/local/tables", json={"tutorial": "yes"}, headers=alice)
    assert bad.status_code == 400


def test_a_local_sign_in_renews_as_the_same_person(local_http, local_web):
    first = local_http.post("/local/session", json={"name": "Alice"}).json()
    again = local_http.post(
        "/local/session", json={"name": "Alice B", "renew": first["init_data"]}
    ).json()
    assert again["user"]["id"] == first["user"]["id"]
    assert again["user"]["first_name"] == "Alice B"
    forged = sign_user("another-secret-entirely-0123456789abcdef", first["user"])
    refused = local_http.post("/local/session", json={"name": "Alice", "renew": forged})
    assert refused.status_code == 401
    telegram_user = sign_user(local_web.server.app.extensions["webapp"].bot_token, USERS[1])
    refused = local_http.post("/local/session", json={"name": "Eve", "renew": telegram_user})
    assert refused.status_code == 401  # only local people are renewed
    assert local_http.post("/local/session", json={"name": "A", "renew": 5}).status_code == 400


def test_the_pages_words_need_no_sign_in(http):
    german = http.get("/api/strings", params={"language": "de-AT"}).json()
    assert german["language"] == "de" and german["strings"] == page_strings("de")
    browser = http.get("/api/strings", headers={"Accept-Language": "ja,en;q=0.5"}).json()
    assert browser["language"] == "ja"
    assert http.get("/api/strings", params={"language": "xx"}).json()["language"] == "en"
