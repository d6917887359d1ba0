"""A real scrape: Debian's Prometheus scrapes the real bot and the real web app (gunicorn,
two workers, as compose runs it) on their operator's ports while people play Mia in a group
(two moves through the group's buttons, four through the Mini App's API). Then Prometheus's
own HTTP API must count each move where it was made, every dashboard panel and alert rule
must evaluate, and no label may carry an id, a name or a secret. Both processes log JSON.

One world for the module (starting it is most of the cost); the tests read it in order, and
the last one takes Redis away.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

import httpx
import pytest
import redis

from tables.engine import keys
from tables.engine.redis_server import RedisServer, free_port
from tables.table.model import ChatRef
from tables.table.store import TableStore
from tests.support import FakeBotApi
from tests.support.bot_process import ROOT, TOKEN, BotProcess, bot_env
from tests.support.production import Gunicorn, Nginx
from tests.support.prometheus import Prometheus
from tests.telegram_bot.group_chat import GroupChat, acting_name, labels, table_version
from webapp.init_data import sign_user

ALICE, BOB, CAROL = 7710001, 7710002, 7710003  # Alice owns the bot (OWNER_IDS)
NAMES = {"Zelda Quux": ALICE, "Mortimer Snark": BOB, "Ottoline Brisk": CAROL}
GROUP = -1007712345
RULES = ROOT / "deploy" / "monitoring" / "prometheus" / "alerts.yml"
DASHBOARD = ROOT / "deploy" / "monitoring" / "grafana" / "dashboards" / "cupclaim.json"
BOT_MOVES, WEB_MOVES = 2, 4
ALLOWED_LABELS = {
    "__name__", "job", "instance", "game", "reason", "event", "status", "level", "kind",
    "outcome", "route", "method", "version", "role", "le", "quantile", "generation",
    "implementation", "major", "minor", "patchlevel", "alertname", "alertstate", "severity",
}  # fmt: skip


@dataclass
class World:
    api: FakeBotApi
    chat: GroupChat
    redis: RedisServer
    bot: BotProcess
    web: Gunicorn
    proxy: Nginx
    prometheus: Prometheus
    bot_ops: str
    web_ops: str
    table_id: str = ""
    refused_code: str = ""


def auth(user_id: int) -> dict[str, str]:
    name = next(n for n, i in NAMES.items() if i == user_id)
    user = {"id": user_id, "first_name": name, "language_code": "en"}
    return {"Authorization": "tma " + sign_user(TOKEN, user)}


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    tmp = tmp_path_factory.mktemp("ops")
    server = RedisServer(data_dir=tmp / "redis").start()
    api = FakeBotApi(TOKEN).start()
    for name, user_id in NAMES.items():
        api.add_user(user_id, name, started_bot=True)
    api.add_chat(GROUP, title="Ops night", admins=[ALICE], members=[BOB, CAROL])
    bot_port, web_port = free_port(), free_port()
    env = bot_env(api, server.url, OPS_BIND=f"127.0.0.1:{bot_port}", LOG_FORMAT="json",
                  OWNER_IDS=str(ALICE))  # fmt: skip
    bot = BotProcess(env, tmp / "bot.log").start()
    web = proxy = prometheus = None
    try:
        api.wait_for(lambda: api.is_polling, timeout=60)
        web = Gunicorn(server.url, tmp / "gunicorn.log", OPS_BIND=f"127.0.0.1:{web_port}",
                       LOG_FORMAT="json", TELEGRAM_API_BASE_URL=api.base_url).start()  # fmt: skip
        proxy = Nginx(web.port, tmp / "nginx").start()
        jobs = {
            "cupclaim-bot": [f"127.0.0.1:{bot_port}"],
            "cupclaim-web": [f"127.0.0.1:{web_port}"],
        }
        prometheus = Prometheus(tmp / "prometheus", jobs, [RULES]).start()
        yield World(api, GroupChat(api, GROUP), server, bot, web, proxy, prometheus,
                    f"http://127.0.0.1:{bot_port}", f"http://127.0.0.1:{web_port}")  # fmt: skip
    finally:
        for process in (prometheus, proxy, web, bot):
            if process is not None:
                process.stop()
        api.stop()
        server.stop()
    assert "Traceback" not in bot.log, bot.log
    assert web is not None and "Traceback" not in web.log, web.log


def move_in_the_group(chat: GroupChat) -> None:
    """Whoever is to act presses a game button on the table message (a claim, or Challenge)."""
    game_buttons = ("❗ Challenge", "🎲 Accept & roll")
    message = chat.wait_table(
        lambda m: any(b in game_buttons or b.isdigit() for b in labels(m)), timeout=30
    )
    actor = NAMES[acting_name(message)]
    choice = next(b for b in labels(message) if b in game_buttons or b.isdigit())
    assert chat.press(actor, choice, message).get("show_alert") is not True
    chat.wait_newer_than(table_version(message), timeout=30)


def move_in_the_mini_app(http: httpx.Client, table_id: str) -> tuple[int, dict]:
    """The player whose page offers a move makes its first one; (player, the move)."""
    for user in (ALICE, BOB):
        view = http.get(f"/api/tables/{table_id}", headers=auth(user)).json()
        if view["decision"] is not None and view["actions"]:
            move = {"action": view["actions"][0][0]["action"], "decision": view["decision"]}
            answer = http.post(f"/api/tables/{table_id}/moves", json=move, headers=auth(user))
            assert answer.status_code == 200, answer.text
            return user, move
    raise AssertionError("nobody has a move")


def play_once(world: World) -> World:
    """Open a Mia table, make the group's and the Mini App's moves and a refused repeat, once
    per world: every test asks for it, so none depends on another having run first (under
    pytest-xdist a module's fixtures may be set up again between its tests)."""
    if world.table_id:
        return world
    world.api.send_message(ALICE, GROUP, "/mia")
    world.chat.wait_table(lambda m: "a new table is open" in m["text"], timeout=30)
    client = redis.Redis.from_url(world.redis.url)
    world.table_id = client.get(keys.chat_table(ChatRef(GROUP))).decode()
    with httpx.Client(base_url=world.proxy.url, timeout=20) as http:  # through nginx
        lobby = f"/api/tables/{world.table_id}/lobby"
        assert http.post(lobby, json={"verb": "join"}, headers=auth(BOB)).status_code == 200
        assert http.post(lobby, json={"verb": "start"}, headers=auth(ALICE)).status_code == 200
        for _ in range(BOT_MOVES):
            move_in_the_group(world.chat)
        for _ in range(WEB_MOVES):
            user, move = move_in_the_mini_app(http, world.table_id)
        again = http.post(f"/api/tables/{world.table_id}/moves", json=move, headers=auth(user))
        assert again.status_code == 409, again.text  # the same press twice: refused
        world.refused_code = again.json()["error"]["code"]
    return world


def test_moves_made_in_the_group_and_in_the_mini_app_are_counted_where_they_were_made(world):
    play_once(world)
    prometheus = world.prometheus
    web = 'sum(cupclaim_moves_applied_total{job="cupclaim-web", game="mia"})'
    assert prometheus.wait_for(web, WEB_MOVES) == WEB_MOVES
    bot = 'sum(cupclaim_moves_applied_total{job="cupclaim-bot", game="mia"})'
    assert prometheus.wait_for(bot, BOT_MOVES) == BOT_MOVES
    refused = (
        f'sum(cupclaim_moves_refused_total{{job="cupclaim-web", reason="{world.refused_code}"}})'
    )
    assert prometheus.wait_for(refused, 1) == 1
    opened = 'sum(cupclaim_tables_total{job="cupclaim-bot", event="opened", game="mia"})'
    assert prometheus.wait_for(opened, 1) == 1
    started = 'sum(cupclaim_tables_total{job="cupclaim-web", event="started", game="mia"})'
    assert prometheus.wait_for(started, 1) == 1
    moves_route = 'cupclaim_http_request_seconds_count{route="/api/tables/<table_id>/moves"}'
    assert prometheus.wait_for(f"sum({moves_route})", WEB_MOVES + 1) == WEB_MOVES + 1
    assert prometheus.value('sum(cupclaim_bot_api_calls_total{method="getChatMember"})') >= 1
    assert prometheus.value('sum(cupclaim_updates_received_total{kind="callback_query"})') >= 2
    shown = "sum(cupclaim_press_to_visible_seconds_count)"
    assert prometheus.wait_for(f"{shown} > bool 0", 1) == 1
    assert prometheus.value('min(up{job=~"cupclaim-.*"})') == 1


def test_every_dashboard_panel_and_every_alert_rule_evaluates(world):
    prometheus = play_once(world).prometheus
    panels = [p for p in json.loads(DASHBOARD.read_text())["panels"] if p["type"] != "row"]
    for panel in panels:
        for target in panel["targets"]:
            expr = target["expr"].replace("$__rate_interval", "1m")
            prometheus.query(expr)  # an error answer fails here, naming the query
    moves_panel = next(p for p in panels if p["title"] == "Moves per second")
    rate = moves_panel["targets"][0]["expr"].replace("$__rate_interval", "1m")
    # A rate needs two scrapes that saw the moves: wait for them (the scrapes go on).
    assert prometheus.wait_for(f"count({rate}) > bool 0", 1) == 1, "the moves panel is empty"
    deadline = time.monotonic() + 30
    while True:
        rules = [rule for group in prometheus.api("rules")["groups"] for rule in group["rules"]]
        if rules and all(rule.get("lastEvaluation", "").startswith("2") for rule in rules):
            break
        assert time.monotonic() < deadline, rules
        time.sleep(0.2)
    assert {rule["health"] for rule in rules} == {"ok"}, [r for r in rules if r["health"] != "ok"]
    firing = [rule["name"] for rule in rules if rule["state"] == "firing"]
    assert not firing  # a healthy set-up: nothing fires


def forbidden_values(world: World) -> list[str]:
    password = unquote(urlsplit(world.redis.url).password or "")
    secret = TOKEN.split(":", 1)[1]
    ids = [str(i) for i in (ALICE, BOB, CAROL, GROUP, -GROUP)]
    return [*ids, world.table_id, *NAMES, *" ".join(NAMES).split(), TOKEN, secret, password]


def test_no_label_carries_an_id_a_name_or_a_secret(world):
    play_once(world)
    forbidden = [value for value in forbidden_values(world) if value]
    texts = [httpx.get(f"{url}/metrics", timeout=10).text for url in (world.bot_ops, world.web_ops)]
    for text in texts:
        assert "cupclaim_moves_applied_total" in text
        for line in text.splitlines():
            if line.startswith("#") or "{" not in line:
                continue
            label_part = line[line.index("{") : line.rindex("}") + 1]
            assert not any(value in label_part for value in forbidden), line
    names = set(world.prometheus.api("labels"))
    assert names <= ALLOWED_LABELS, names - ALLOWED_LABELS
    for name in names - {"__name__"}:
        values = world.prometheus.api(f"label/{name}/values")
        leaked = [v for v in values if any(f in v for f in forbidden)]
        assert not leaked, (name, leaked)


def test_health_answers_and_metrics_only_on_the_operators_port(world):
    live = httpx.get(f"{world.bot_ops}/healthz", timeout=5)
    assert live.status_code == 200 and live.json()["checks"] == {"loop": "ok"}
    ready = httpx.get(f"{world.bot_ops}/readyz", timeout=5).json()
    assert ready == {"ok": True, "checks": {"started": "ok", "redis": "ok", "updates": "ok",
                                            "loops": "ok", "load": "ok"}}  # fmt: skip
    web_ready = httpx.get(f"{world.proxy.url}/readyz", timeout=5)
    assert web_ready.json() == {"ok": True, "checks": {"redis": "ok", "load": "ok"}}
    assert httpx.get(f"{world.web_ops}/readyz", timeout=5).json()["checks"] == {"workers": "ok"}
    through_nginx = httpx.get(f"{world.proxy.url}/metrics", timeout=5)
    assert through_nginx.status_code == 403 and "cupclaim" not in through_nginx.text
    assert httpx.get(f"{world.web.url}/metrics", timeout=5).status_code == 404  # the web port
    probe = [sys.executable, "-m", "ops.probe"]
    assert (
        subprocess.run([*probe, f"{world.bot_ops}/readyz"], cwd=ROOT, check=False).returncode == 0
    )
    missing = subprocess.run([*probe, f"{world.bot_ops}/nothing"], cwd=ROOT, check=False,
                             capture_output=True, text=True)  # fmt: skip
    assert missing.returncode == 1 and "404" in missing.stderr


def test_status_answers_the_owner_in_private_and_nobody_else(world):
    api = world.api
    store = TableStore(redis.Redis.from_url(world.redis.url))
    api.send_message(ALICE, GROUP, "/cancel")  # the game before closes, if it is not over
    api.wait_for(lambda: store.find_open(ChatRef(GROUP)) is None or None, timeout=30)
    api.send_message(CAROL, GROUP, "/mia")  # and a new lobby opens
    world.chat.wait_table(lambda m: "Ottoline Brisk 👑" in m["text"], timeout=30)
    api.send_message(BOB, BOB, "/status")  # not an owner
    api.send_message(ALICE, GROUP, "/status")  # an owner, but in the group
    api.send_message(ALICE, ALICE, "/status")
    answer = api.wait_for(
        lambda: [m for m in api.messages(ALICE) if m.get("from_bot") and "📊" in (m["text"] or "")],
        timeout=30,
    )[-1]["text"]
    assert "🎲 No game is being played.\n🪑 Tables waiting for players: 1" in answer, answer
    assert "🗄 Redis answers in" in answer and "Telegram's flood limit (429)" in answer
    assert re.search(r"Table changes in the last minute: \d+", answer)
    assert not [m for m in api.messages(BOB) if m.get("from_bot")]
    assert not [m for m in api.messages(GROUP) if m.get("from_bot") and "📊" in (m["text"] or "")]
    assert "status" not in {c["command"] for c in api.commands()}  # not in anyone's menu


def test_both_processes_log_one_json_object_per_line_without_secrets(world):
    forbidden = [TOKEN, TOKEN.split(":", 1)[1], unquote(urlsplit(world.redis.url).password)]
    for log in (world.bot.log, world.web.log):
        lines = [line for line in log.splitlines() if line.strip()]
        assert lines
        for line in lines:
            entry = json.loads(line)  # fails on any line that is not one JSON object
            assert {"time", "level", "logger", "event"} <= set(entry), line
            assert not any(secret in line for secret in forbidden), line
    assert any("operator port" in json.loads(line)["event"] for line in world.bot.log.splitlines())


def test_without_redis_neither_process_is_ready_but_both_stay_alive_and_come_back(world):
    world.redis.stop()
    deadline = time.monotonic() + 30
    bot = web = None
    while time.monotonic() < deadline:
        bot = httpx.get(f"{world.bot_ops}/readyz", timeout=5)
        web = httpx.get(f"{world.proxy.url}/readyz", timeout=5)
        if bot.status_code == 503 and web.status_code == 503:
            break
        time.sleep(0.2)
    assert bot.status_code == 503 and bot.json()["checks"]["redis"] == "down", bot.text
    assert web.status_code == 503 and web.json()["checks"]["redis"] == "down", web.text
    assert httpx.get(f"{world.bot_ops}/healthz", timeout=5).status_code == 200
    assert httpx.get(f"{world.proxy.url}/healthz", timeout=5).status_code == 200
    assert world.prometheus.wait_for("min(cupclaim_redis_up)", 0) == 0
    world.redis.start()  # the same port and data
    for url in (f"{world.bot_ops}/readyz", f"{world.proxy.url}/readyz"):
        deadline = time.monotonic() + 30
        while httpx.get(url, timeout=5).status_code != 200:
            assert time.monotonic() < deadline, url
            time.sleep(0.2)
