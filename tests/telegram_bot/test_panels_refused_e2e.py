"""Panels refused by the server, through the real bot: Mino Dice and Myllymatti finish through
the fallbacks (Mia's is in test_panels_e2e: the alert and the table's buttons).

The first tap of the table's hand button asks for a panel; the server refuses it, so the tap
is answered by the alert (the presser's own hand), and the table's keyboard turns back to
inline mode (its play button writes the player's query once someone plays privately). The
game then finishes as before panels: public moves (a bid, Myllymatti's chance) on the
table's buttons, private ones (a die, a card) chosen in inline mode.
"""

from __future__ import annotations

import pytest

from games import registry
from tests.support.group_panels import (
    GROUP,
    NAMES,
    open_panel_table,
    play_from_the_table,
    refused_panels_bot,
)
from tests.telegram_bot.group_chat import labels
from tests.telegram_bot.panel_play import PanelPlayers
from tests.telegram_bot.test_group_limits_e2e import short_stock


def privately_played() -> list[str]:
    """The registry's games with a private move (a die, a card), which inline mode carries
    once panels are refused (Mia's game, all on the table, is in test_panels_e2e)."""
    return [g.name for g in registry.BUILT_IN if g.presentation.play_label]


@pytest.mark.parametrize("game", privately_played())
def test_panels_refused_the_game_finishes_through_inline_mode(redis_server, tmp_path, game):
    database = 8 + privately_played().index(game)
    with refused_panels_bot(redis_server.url, database, tmp_path / "bot.log") as (api, chat, store):
        table_id = open_panel_table(chat, store, game)
        if game == "myllymatti":
            short_stock(store, table_id)  # (a short game)
        players = PanelPlayers(api, store, GROUP, table_id, NAMES)
        _a_refused_panel_is_answered_by_the_alert(players)
        inline = play_from_the_table(players, chat, store, table_id)
        api.wait_for(lambda: labels(chat.table_message() or {}) == ["🔁 Rematch"], timeout=60)
        players.write(f"panels-refused-{game}")
        assert inline > 0 and (players.table_presses > 0 or game == "myllymatti"), inline
        assert all(api.ephemeral_messages(GROUP, user, gone=True) == [] for user in NAMES)


def _a_refused_panel_is_answered_by_the_alert(players: PanelPlayers) -> None:
    message_id, data = players.look_button()
    user = next(iter(NAMES))
    answer = players.api.wait_answer(players.api.press(user, message_id, GROUP, data))
    assert answer["show_alert"] is True and answer["text"].startswith("Your "), answer
    players.say(f"{NAMES[user]} taps the hand button: panel refused -> alert {answer['text']!r}")
