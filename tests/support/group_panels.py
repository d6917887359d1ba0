"""Players' panels in a group, for the end-to-end tests.

The panel tests share one group and one way in.
Ann, Ben and Cat (Cat never opened a private chat with the bot) open a table and start it
(:func:`seat_three`, :func:`open_table`).
The bot has the toy game beside the registry's games (the fixture ``bot_extra_env``, which
the test module imports, with tests/conftest.py's ``toy``).
A bot of its own, whose server refuses panels (:func:`refused_panels_bot`), plays a game
through the fallbacks (:func:`play_from_the_table`).

:func:`panel_move` makes moves from players' panels for
:class:`tests.support.group_play.GroupTable`. A person without a panel taps the table
message's 👀/hand button (a press, answered by the panel). With one, they press the button
of their move on it once it shows it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import redis

from games import registry
from games.base import PRIVATE
from tables.table import lobby
from tables.table.model import ChatRef
from tables.table.store import TableStore
from tests.support.bot_api_server import FakeBotApi
from tests.support.bot_process import TOKEN, BotProcess, bot_env
from tests.telegram_bot.group_chat import GroupChat, labels
from translations import tr

ANN, BEN, CAT = 41, 42, 43
NAMES = {ANN: "Ann", BEN: "Ben", CAT: "Cat"}
GROUP = -100_930
PRESETS = {"mino_dice": "quick", "toy": "calls"}  # Mino Dice's 4 hands; the toy's hidden calls


@pytest.fixture
def bot_extra_env() -> dict[str, str]:
    return {"EPHEMERAL_PANELS": "on", "EXTRA_GAMES": "tests.support.toy_game"}


def seat_three(api: FakeBotApi) -> GroupChat:
    """The group of the panel tests: Ann and Ben wrote to the bot, Cat never did."""
    api.add_user(ANN, "Ann", started_bot=True)
    api.add_user(BEN, "Ben", started_bot=True)
    api.add_user(CAT, "Cat")
    api.add_chat(GROUP, title="Game night", members=list(NAMES))
    return GroupChat(api, GROUP)


def open_table(
    chat: GroupChat,
    store: TableStore,
    game: str,
    people: dict[int, str] = NAMES,
    prepare: Callable[[Any], object] | None = None,
    ready: Callable[[dict[str, Any]], bool] = lambda m: "✋ Join" not in labels(m),
) -> str:
    """The first person opens a table of ``game``, the others join in order, ``prepare``
    changes the lobby (a preset, a setting), and the first starts it; returns its id once
    the table message is ``ready``."""
    creator, *joiners = people
    chat.api.send_message(creator, chat.chat_id, f"/{registry.GAMES[game].command}")
    chat.wait_table(lambda m: "a new table is open" in m["text"])
    for place, user in enumerate(joiners, start=2):
        chat.press(user, "✋ Join")
        chat.wait_table(lambda m, line=f"{place}. {people[user]}": line in m["text"])
    table_id = store.find_open(ChatRef(chat.chat_id)).id
    if prepare is not None:
        store.change(table_id, prepare)
    chat.press(creator, "▶️ Start", chat.wait_table(lambda m: "▶️ Start" in labels(m)))
    chat.api.wait_for(lambda: store.load(table_id).status == "playing", timeout=20)
    chat.wait_table(ready)
    return table_id


def open_panel_table(chat: GroupChat, store: TableStore, game: str) -> str:
    """The panel tests' table of ``game`` (their preset, if they pick one), started, its
    look button on the table message."""
    chosen = PRESETS.get(game)
    return open_table(
        chat,
        store,
        game,
        prepare=(lambda table: lobby.choose_preset(table, ANN, chosen)) if chosen else None,
        ready=lambda m: any(":p:" in b.get("callback_data", "") for b in _buttons(m)),
    )


@contextmanager
def refused_panels_bot(
    redis_url: str, database: int, log: Path
) -> Iterator[tuple[FakeBotApi, GroupChat, TableStore]]:
    """A bot with panels on, whose server refuses them, on a Redis database of its own (it
    must not fire the deadlines of the other bot's tables): its server, the group, the store.
    The bot's log holds no traceback, and the server saw no misuse, once the test is done."""
    own_redis = f"{redis_url}/{database}"
    with FakeBotApi(TOKEN, ephemeral="refuse") as api:
        chat = seat_three(api)
        process = BotProcess(bot_env(api, own_redis, EPHEMERAL_PANELS="on"), log).start()
        try:
            api.wait_for(lambda: api.is_polling, timeout=60)
            yield api, chat, TableStore(redis.Redis.from_url(own_redis))
        finally:
            process.stop()
        assert "Traceback" not in process.log
        api.assert_clean()


def switch_query(message: dict[str, Any], label: str) -> str | None:
    """The inline query the table's button labelled ``label`` writes, if it has one."""
    for row in (message.get("reply_markup") or {}).get("inline_keyboard", []):
        for button in row:
            if button["text"] == label and "switch_inline_query_current_chat" in button:
                return button["switch_inline_query_current_chat"]
    return None


def play_from_the_table(players: Any, chat: GroupChat, store: TableStore, table_id: str) -> int:
    """Every move until the end, as before panels: public ones on the table's buttons,
    private ones chosen in inline mode. ``players`` are the test's
    :class:`tests.telegram_bot.panel_play.PanelPlayers`. Returns how many were chosen
    in inline mode."""
    api, inline = chat.api, 0
    for _ in range(3000):
        table = store.load(table_id)
        if table.status != "playing":
            return inline
        match = table.match()
        seat = match.to_act()[0]
        user, view, token = table.seats[seat].user_id, match.view(seat), match.decision(seat)
        action = match.rules.cpu_action(view, "normal", players.rng)
        if match.rules.action_scope(action) != PRIVATE:
            players.press_on_table(user, token, action)
        else:
            items = match.presentation.private_info(view).items
            item = next(i for i in items if i.action == action)
            _choose_inline(players, chat, table_id, user, f"{token}:{item.id}")
            inline += 1
        api.wait_for(lambda v=table.version: store.load(table_id).version > v, timeout=20)
    raise AssertionError("the game did not end")


def _choose_inline(players: Any, chat: GroupChat, table_id: str, user: int, item: str) -> None:
    """``user`` chooses ``item`` ("<token>:<item id>") in the results of the table's play
    button."""
    api = chat.api
    play = tr("en", registry.GAMES[players.store.load(table_id).game].presentation.play_label)
    message = chat.wait_table(lambda m: switch_query(m, play) is not None)
    query = api.inline_query(user, switch_query(message, play), chat_id=chat.chat_id)
    answer = api.wait_inline_answer(query, timeout=20)
    result = f"{table_id}:{item}"
    assert result in {r["id"] for r in answer["results"]}, (result, answer)
    api.choose_inline_result(user, query, result, chat.chat_id)
    players.say(f"{NAMES[user]} chooses {item.partition(':')[2]} in inline mode")


def panel_content(api: FakeBotApi, chat_id: int, user: int) -> str:
    """What the person's live panel shows ("" when they have none)."""
    live = api.ephemeral_messages(chat_id, user)
    if not live:
        return ""
    return json.dumps([live[-1]["text"], live[-1]["reply_markup"]], ensure_ascii=False)


def _buttons(record: dict[str, Any]) -> list[dict[str, Any]]:
    return [b for row in (record.get("reply_markup") or {}).get("inline_keyboard", []) for b in row]


def panel_move(
    table: Any,  # a tests.support.group_play.GroupTable (it imports this module)
    person: Any,  # its Person
    message: dict[str, Any],
    action: str,
    token: int,
    version: int,
) -> bool:
    """Make the move from the panel; False when there is no panel showing it yet (asked for,
    or still on its way): the person looks again on the next step."""
    api, chat_id = table.api, table.chat_id
    if person.user in table._panel_pending:
        return False  # their last press is not shown on the panel yet
    live = api.ephemeral_messages(chat_id, person.user)
    if not live:  # the tap that opens it counts as a press shown once the panel is there
        look = [b for b in _buttons(message) if ":p:" in b.get("callback_data", "")]
        if look:
            api.press(person.user, message["message_id"], chat_id, look[0]["callback_data"])
            table._panel_pending[person.user] = (time.monotonic(), "")
        return False
    wanted = f":{token}:g:{action}"
    found = [b for b in _buttons(live[-1]) if b.get("callback_data", "").endswith(wanted)]
    if not found:
        return False
    before = panel_content(api, chat_id, person.user)
    api.press_ephemeral(
        person.user, chat_id, live[-1]["ephemeral_message_id"], found[0]["callback_data"]
    )
    now = time.monotonic()
    table._panel_pending[person.user] = (now, before)
    table._pending.append((now, version + 1))
    table.moves += 1
    return True
