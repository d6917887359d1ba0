"""Panels refused by the server, through the real bot: Mino Dice and Myllymatti finish through
the fallbacks (Mia's is in test_panels_e2e: the alert and the table's buttons).

The first tap of the table's hand button asks for a panel; the server refuses it, so the tap
is answered by the alert (the presser's own hand), and the table's keyboard turns back to
inline mode (its play button writes the player's query once someone plays privately). The
game then finishes as before panels: public moves (a bid, Myllymatti's chance) on the
table's buttons, private ones (a die, a card) chosen in inline mode.
"""

from __future__ import annotations

from typing import Any

import pytest
import redis

from games.base import PRIVATE
from games.registry import get_game
from tables.table.store import TableStore
from tests.support import FakeBotApi
from tests.support.bot_process import TOKEN, BotProcess, bot_env
from tests.telegram_bot.group_chat import GroupChat, labels
from tests.telegram_bot.panel_play import PanelPlayers
from tests.telegram_bot.test_group_limits_e2e import short_stock
from tests.telegram_bot.test_panels_e2e import GROUP, NAMES, setup, start
from translations import tr


def switch_query(message: dict[str, Any], label: str) -> str | None:
    """The inline query the table's button labelled ``label`` writes, if it has one."""
    for row in (message.get("reply_markup") or {}).get("inline_keyboard", []):
        for button in row:
            if button["text"] == label and "switch_inline_query_current_chat" in button:
                return button["switch_inline_query_current_chat"]
    return None


@pytest.mark.parametrize("game", ["mino_dice", "myllymatti"])
def test_panels_refused_the_game_finishes_through_inline_mode(
    bot_api, redis_server, tmp_path, game
):
    own_redis = f"{redis_server.url}/{8 if game == 'mino_dice' else 9}"
    with FakeBotApi(TOKEN, ephemeral="refuse") as api:
        chat = setup(api)
        env = bot_env(api, own_redis, EPHEMERAL_PANELS="on")
        process = BotProcess(env, tmp_path / "bot.log").start()
        try:
            api.wait_for(lambda: api.is_polling, timeout=60)
            store = TableStore(redis.Redis.from_url(own_redis))
            table_id = start(chat, store, game)
            if game == "myllymatti":
                short_stock(store, table_id)  # (a short game)
            players = PanelPlayers(api, store, GROUP, table_id, NAMES)
            _a_refused_panel_is_answered_by_the_alert(api, chat, players, store, table_id)
            inline = _play_through_the_fallbacks(api, chat, players, store, table_id)
            api.wait_for(lambda: labels(chat.table_message() or {}) == ["🔁 Rematch"], timeout=60)
            players.write(f"panels-refused-{game}")
        finally:
            process.stop()
        assert "Traceback" not in process.log
        assert inline > 0 and (players.table_presses > 0 or game == "myllymatti"), inline
        assert all(api.ephemeral_messages(GROUP, user, gone=True) == [] for user in NAMES)
        api.assert_clean()


def _a_refused_panel_is_answered_by_the_alert(
    api: FakeBotApi, chat: GroupChat, players: PanelPlayers, store: TableStore, table_id: str
) -> None:
    message_id, data = players.look_button()
    user = next(iter(NAMES))
    answer = api.wait_answer(api.press(user, message_id, GROUP, data))
    assert answer["show_alert"] is True and answer["text"].startswith("Your "), answer
    players.say(f"{NAMES[user]} taps the hand button: panel refused -> alert {answer['text']!r}")


def _play_through_the_fallbacks(
    api: FakeBotApi, chat: GroupChat, players: PanelPlayers, store: TableStore, table_id: str
) -> int:
    """Every move until the end: public ones on the table, private ones in inline mode.
    Returns how many were chosen in inline mode."""
    game = get_game(store.load(table_id).game)
    play = tr("en", game.presentation.play_label)
    inline = 0
    for _ in range(3000):
        table = store.load(table_id)
        if table.status != "playing":
            return inline
        state = game.rules.load(table.state)
        seat = game.rules.to_act(state)[0]
        user = table.seats[seat].user_id
        view = game.rules.view(state, seat)
        action = game.rules.cpu_action(view, "normal", players.rng)
        token = game.rules.decision(state, seat)
        if game.rules.action_scope(action) != PRIVATE:
            players.press_on_table(user, token, action)
        else:
            message = chat.wait_table(lambda m: switch_query(m, play) is not None)
            query = api.inline_query(user, switch_query(message, play), chat_id=GROUP)
            answer = api.wait_inline_answer(query, timeout=20)
            item = next(i for i in game.presentation.private_info(view).items if i.action == action)
            result = f"{table_id}:{token}:{item.id}"
            assert result in {r["id"] for r in answer["results"]}, (result, answer)
            api.choose_inline_result(user, query, result, GROUP)
            players.say(f"{NAMES[user]} chooses {item.id} in inline mode")
            inline += 1
        api.wait_for(lambda v=table.version: store.load(table_id).version > v, timeout=20)
    raise AssertionError("the game did not end")
