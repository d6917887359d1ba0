"""Players' panels, through the real bot: each game played whole from ephemeral messages.

Three members (one never opened a private chat with the bot) open their panels once with the
table's 👀/hand button and play every move from them. Nothing is posted in a player's name,
nothing deleted, the group gets at most one call per move, a refused move is told on the
panel, and no other member's view ever holds a panel's secrets. With panels refused by the
server, the same games finish through today's paths (the alert, the table's buttons, inline
mode). The toy game's hidden calls, a choice in steps, are made on the panels too (each step
opened on its caller's own panel), so nothing is posted there either. Each test writes its
transcript to test-artifacts/.
"""

from __future__ import annotations

import re

import pytest
import redis

from games import registry
from tables.table.store import TableStore
from tests.support import FakeBotApi
from tests.support.group_panels import (  # noqa: F401  (bot_extra_env: a fixture)
    ANN,
    CAT,
    GROUP,
    NAMES,
    bot_extra_env,
    open_panel_table,
    play_from_the_table,
    refused_panels_bot,
    seat_three,
)
from tests.support.toy_game import GAME as TOY
from tests.telegram_bot.group_chat import labels
from tests.telegram_bot.panel_play import PanelPlayers, panel_buttons

pytestmark = pytest.mark.usefixtures("toy")  # the toy game, registered (tests/conftest.py)

GROUP_METHODS = ("sendMessage", "editMessageText", "editMessageReplyMarkup")
# Every registered game (the registry says which), and the toy game of tests/support.
PLAYED = [*(game.name for game in registry.BUILT_IN), TOY.name]


def group_calls(api: FakeBotApi) -> int:
    counts = api.stats["per_chat"].get(GROUP, {})
    return sum(counts.get(method, 0) for method in GROUP_METHODS)


def secret_lines(api: FakeBotApi, user: int) -> set[str]:
    """The lines of a player's panels that name what they hold."""
    lines = set()
    for panel in api.ephemeral_messages(GROUP, user, gone=True):
        for text in [panel["text"], *panel["edits"]]:
            lines |= {line for line in text.splitlines() if line.startswith("Your ")}
    return lines


@pytest.mark.parametrize("game", PLAYED)
def test_a_whole_game_from_the_players_panels(bot, bot_api, redis_server, game):
    chat = seat_three(bot_api)
    store = TableStore(redis.Redis.from_url(redis_server.url))
    table_id = open_panel_table(chat, store, game)
    before = group_calls(bot_api)
    players = PanelPlayers(bot_api, store, GROUP, table_id, NAMES)
    refused, refusal = _a_refused_press(players, store, table_id)
    players.play_game()
    bot_api.wait_for(lambda: labels(chat.table_message() or {}) == ["🔁 Rematch"], timeout=60)
    bot_api.wait_for(lambda: all(not players.panel(u) for u in NAMES), timeout=30)  # removed
    calls = group_calls(bot_api) - before
    players.say(f"(the group got {calls} calls for {players.moves} moves)")
    path = players.write(f"panels-{game}")
    stats = bot_api.stats
    assert players.table_presses == 0 and players.moves > 5, path
    if game == "toy":  # its hidden calls in steps: each opened on the caller's own panel
        assert players.steps >= len(NAMES), path
    assert calls / players.moves <= 1.0, (calls, players.moves, path)
    assert stats["per_method"].get("deleteMessage", 0) == 0
    assert stats["per_method"].get("deleteMessages", 0) == 0
    assert not [m for m in bot_api.messages(GROUP) if not m["from_bot"]]  # none in their name
    assert refusal in bot_api.member_view(refused, GROUP)  # the refusal reached its player
    for user in NAMES:  # nobody else ever saw what a panel held
        others = [set(bot_api.member_view(o, GROUP).splitlines()) for o in NAMES if o != user]
        own = secret_lines(bot_api, user)
        assert own, path
        leaked = {line for line in own for view in others if line in view}
        shared = {line for o in NAMES if o != user for line in secret_lines(bot_api, o)}
        assert leaked <= shared, (leaked, path)  # (the same dice can fall to two players)
    story = "\n".join(chat.story())
    ending = r"is the Myllymatti" if game == "myllymatti" else r"wins the game|share the win"
    assert len(re.findall(ending, story)) == 1, path  # the end told once, by the final table


def _a_refused_press(players: PanelPlayers, store: TableStore, table_id: str) -> tuple[int, str]:
    """Someone whose move it is not presses a button left on their panel: refused, and the
    panel says why. Returns who pressed and what they were told."""
    table = store.load(table_id)
    match = table.match()
    waiting = [s for s, seat in enumerate(table.seats) if s not in match.to_act()]
    user = table.seats[waiting[0] if waiting else 0].user_id
    panel = players.open_panel(user)
    stale = f"{table_id}:{match.decision(table.seat_of(user)) + 7}:g:x"
    query = players.api.press_ephemeral(
        user, GROUP, panel["ephemeral_message_id"], stale, check_button=False
    )
    answer = players.api.wait_answer(query)
    assert answer.get("show_alert") is True, answer
    text = answer["text"]
    players.api.wait_for(lambda: "🚫" in (players.panel(user) or {}).get("text", ""), timeout=20)
    told = players.panel(user)["text"].replace("\n", " / ")
    players.say(f"{NAMES[user]} presses an old button on their panel -> {text!r}; panel: {told}")
    return user, text


def test_panels_refused_by_the_server_the_game_goes_on_as_before(redis_server, tmp_path):
    """Mia with a server that refuses panels: the 👀 press is answered by the alert (the dice),
    the table's keyboard is as it was, and the game finishes from the table's buttons."""
    with refused_panels_bot(redis_server.url, 7, tmp_path / "bot.log") as (api, chat, store):
        table_id = open_panel_table(chat, store, "mia")
        players = PanelPlayers(api, store, GROUP, table_id, NAMES)
        message_id, data = players.look_button()
        table = store.load(table_id)
        (seat,) = table.match().to_act()
        actor = table.seats[seat].user_id
        answer = api.wait_answer(api.press(actor, message_id, GROUP, data))
        assert answer["show_alert"] is True and "Your dice" in answer["text"]
        assert api.ephemeral_messages(GROUP, actor) == []
        assert play_from_the_table(players, chat, store, table_id) == 0  # all on the table
        api.wait_for(lambda: labels(chat.table_message() or {}) == ["🔁 Rematch"], timeout=60)
        players.write("panels-refused-mia")


def test_buttons_of_a_panel_are_the_panels_own(bot, bot_api, redis_server):
    """Only the receiver sees a panel and presses it; its disabled buttons do nothing."""
    chat = seat_three(bot_api)
    store = TableStore(redis.Redis.from_url(redis_server.url))
    table_id = open_panel_table(chat, store, "mino_dice")
    players = PanelPlayers(bot_api, store, GROUP, table_id, NAMES)
    panel = players.open_panel(CAT)  # Cat never wrote to the bot: the panel reaches her
    assert panel["text"].startswith("🔒 Only you see this.")
    assert any("disabled" in b for b in panel_buttons(panel))  # dice wait for the bids
    with pytest.raises(AssertionError, match="sees no ephemeral message"):
        bot_api.press_ephemeral(ANN, GROUP, panel["ephemeral_message_id"], "x")
    assert "Your dice" not in bot_api.member_view(ANN, GROUP)
