"""What the page and the API give away: who may frame the page, and where initData may come
from (the Authorization header only, never the page's URL)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote

import pytest

from tables.table.store import TableStore
from tests.webapp.conftest import TOKEN, USERS
from webapp.app import create_app
from webapp.config import WebConfig
from webapp.init_data import sign_user
from webapp.local import LocalMode

STATIC = Path(__file__).resolve().parents[2] / "webapp" / "static"


def frame_ancestors(response) -> str:
    policy = response.headers["Content-Security-Policy"]
    found = re.findall(r"frame-ancestors ([^;]*)", policy)
    assert len(found) == 1, policy
    return found[0].strip()


def test_only_telegram_web_clients_may_frame_the_mini_app(redis_client):
    app = create_app(TableStore(redis_client), WebConfig(bot_token=TOKEN))
    response = app.test_client().get("/")
    assert response.status_code == 200
    assert frame_ancestors(response) == "https://web.telegram.org https://*.web.telegram.org"


def test_nobody_may_frame_the_local_page(redis_client):
    config = WebConfig.from_env({}, local=True)
    app = create_app(TableStore(redis_client), config, local=LocalMode.new())
    response = app.test_client().get("/", headers={"Host": "127.0.0.1"})
    assert response.status_code == 200
    assert frame_ancestors(response) == "'none'"
    assert response.headers["X-Frame-Options"] == "DENY"


@pytest.mark.parametrize(
    "where", ["tgWebAppData", "initData", "init_data", "tma", "auth", "hash-in-path"]
)
def test_init_data_in_the_url_is_never_accepted(redis_client, where):
    app = create_app(TableStore(redis_client), WebConfig(bot_token=TOKEN))
    client = app.test_client()
    init_data = sign_user(TOKEN, USERS[1])
    assert client.get("/api/me", headers={"Authorization": "tma " + init_data}).status_code == 200
    if where == "hash-in-path":
        response = client.get("/api/me#tgWebAppData=" + quote(init_data))
    else:
        response = client.get(f"/api/me?{where}={quote(init_data)}")
    assert response.status_code == 401
    client.set_cookie("tgWebAppData", quote(init_data))
    assert client.get("/api/me").status_code == 401
    body = {"init_data": init_data, "initData": init_data}
    assert client.post("/api/tables/abcdefghij/lobby", json=body).status_code == 401


def test_the_page_script_never_reads_init_data_from_its_url():
    for script in STATIC.glob("*.js"):
        text = script.read_text()
        assert "tgWebAppData" not in text, script.name
        assert "location.hash" not in text, script.name
