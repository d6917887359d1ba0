"""The table option that lets anyone with the link watch from the Mini App: set in the
lobby's settings like the other options, and honoured by the web app."""

from __future__ import annotations

import redis

from tables.table.model import ChatRef
from tables.table.store import TableStore
from tests.telegram_bot.group_chat import GroupChat, labels
from tests.webapp.conftest import TOKEN, auth
from webapp.app import create_app
from webapp.config import WebConfig

ALICE, DAVE = 1, 4
GROUP = -100919


def test_the_creator_lets_anyone_with_the_link_watch(bot, bot_api, redis_server):
    bot_api.add_user(ALICE, "Alice")
    bot_api.add_user(DAVE, "Dave")  # not in the group
    bot_api.add_chat(GROUP, members=[ALICE])
    chat = GroupChat(bot_api, GROUP)
    bot_api.send_message(ALICE, GROUP, "/mia")
    lobby = chat.wait_table(lambda m: "a new table is open" in m["text"])
    assert "Watching: group members" in lobby["text"]
    store = TableStore(redis.Redis.from_url(redis_server.url))
    table = store.find_open(ChatRef(GROUP))
    assert table is not None
    config = WebConfig(bot_token=TOKEN, api_base_url=bot_api.base_url)
    page = create_app(store, config).test_client()
    assert page.get(f"/api/tables/{table.id}", headers=auth(DAVE)).status_code == 403

    chat.press(ALICE, "⚙️ Settings", lobby)
    chat.wait_table(lambda m: "Watching: group members" in labels(m))
    chat.press(ALICE, "Watching: group members")
    chat.wait_table(lambda m: "Watching: anyone with the link" in labels(m))
    assert store.load(table.id).option("spectators") == "anyone"
    watching = page.get(f"/api/tables/{table.id}", headers=auth(DAVE))
    assert watching.status_code == 200 and watching.get_json()["you"] is None
    joining = page.post(f"/api/tables/{table.id}/lobby", json={"verb": "join"}, headers=auth(DAVE))
    assert joining.status_code == 403  # watching, never sitting down
