"""A player who leaves a running game sees nothing more of the seat through the bot.

The seat plays on (a CPU plays it, or the turn timer), and its new secrets are dealt after
she left: her 👀 answer and her inline query must show none of them, for every game and at
every later point, or she could pass them to a player still in. Each game through the real
bot, with the leave made the way the Mini App's "Leave the game" makes it (tables.table.play).
"""

from __future__ import annotations

import pytest
import redis

from games.registry import BUILT_IN, get_game
from tables.table import lobby, play
from tables.table.model import PLAYING
from tables.table.store import TableStore
from tests.support.group_panels import open_table
from tests.telegram_bot.group_chat import GroupChat, labels, table_version
from translations import tr

ANN, BEN, CAT = 31, 32, 33
GROUP = -100931
PEOPLE = {"Ann": ANN, "Ben": BEN, "Cat": CAT}
LEFT = "You left this game."


def setup(api) -> GroupChat:
    for name, user in PEOPLE.items():
        api.add_user(user, name)
    api.add_chat(GROUP, members=list(PEOPLE.values()))
    return GroupChat(api, GROUP)


def look(chat: GroupChat, label: str) -> str | None:
    """Ann's answer to the table message's look button (None: the message has none)."""
    message = chat.table_message()
    if message is None or label not in labels(message):
        return None
    return chat.press(ANN, label, message)["text"]


def ask_inline(chat: GroupChat, table_id: str) -> dict:
    """The bot's whole answer: its results and the button above them."""
    query = chat.api.inline_query(ANN, table_id, chat_id=GROUP)
    return chat.api.wait_inline_answer(query)


def someone_else_moves(store: TableStore, table_id: str) -> bool:
    """Ben or Cat makes a legal move (the same code a button runs); False when none can."""
    table = store.load(table_id)
    if table.status != PLAYING:
        return False
    match = table.match()
    for user in (BEN, CAT):
        seat = table.seat_of(user)
        legal = match.legal(seat)
        if legal and seat not in table.left:
            token = match.decision(seat)
            press = lambda t, u=user, a=legal[0], d=token: play.move(t, u, a, store.rng, d)  # noqa: E731
            store.change(table_id, press)
            return True
    return False


@pytest.mark.parametrize("game", [game.name for game in BUILT_IN])
def test_after_leaving_neither_the_look_button_nor_inline_mode_shows_the_seat(
    bot, bot_api, redis_server, game
):
    chat = setup(bot_api)
    store = TableStore(redis.Redis.from_url(redis_server.url))
    played = get_game(game)
    label = tr("en", played.presentation.private_label)
    quick_cpus = lambda t: lobby.change_setting(t, ANN, "cpu_delay", 0.3)  # noqa: E731
    table_id = open_table(chat, store, game, {u: n for n, u in PEOPLE.items()}, quick_cpus)
    before = look(chat, label)
    assert before is None or before != LEFT  # still in: her own secrets, or nothing yet

    # Ann leaves from the Mini App; the seat plays on without her.
    shown = table_version(chat.table_message())
    store.change(table_id, lambda t: play.resign(t, ANN, store.rng))
    chat.wait_newer_than(shown)

    for _check in range(4):
        answer = look(chat, label)
        assert answer in (None, LEFT), answer
        inline = ask_inline(chat, table_id)
        assert inline["results"] == [], inline  # no item of the seat's, nothing to choose
        assert inline["button"]["text"] in (LEFT, "You have no game running."), inline
        shown = table_version(chat.table_message())
        if not someone_else_moves(store, table_id):
            break
        chat.wait_newer_than(shown)
    bot_api.assert_clean()
