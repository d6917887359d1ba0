"""Every refusal of every game reaches the bot's players in the game's own words, in every
language: raised for real through the table store (a position where the game raises it,
tests/games/refusals.py), then worded as a button's alert and as inline mode's private note
word it; and a double tap on a bid in a German group, through the real bot."""

from __future__ import annotations

import pytest
import redis

from games import registry
from games.errors import GameError
from games.registry import get_game
from tables.table import lobby, play
from tables.table.model import ChatRef, Table
from tables.table.store import TableStore
from telegram_bot.texts import error_text
from tests.games.refusals import Refusal, find_refusals
from tests.support.refusal_tables import table_at as at_refusal
from tests.support.toy_game import GAME as TOY
from tests.telegram_bot.group_chat import GroupChat, labels
from translations import SUPPORTED_LANGUAGES, tr
from translations.errors import ERROR_TEXTS

pytestmark = pytest.mark.usefixtures("toy")  # the toy game, registered (tests/conftest.py)

GAME_NAMES = [*(game.name for game in registry.BUILT_IN), TOY.name]
PEOPLE = (41, 42, 43, 44)


def table_at(store: TableStore, refusal: Refusal, game_name: str, chat: int) -> Table:
    return at_refusal(store, refusal, game_name, chat, PEOPLE)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_refusal_is_told_in_the_games_own_words_in_every_language(redis_client, name):
    store = TableStore(redis_client)
    game = get_game(name)
    for number, (code, refusal) in enumerate(sorted(find_refusals(game).items())):
        table = table_at(store, refusal, name, -310000 - number)
        user = table.seats[refusal.seat].user_id
        token = game.rules.decision(refusal.state, refusal.seat)
        with pytest.raises(GameError) as raised:
            press = lambda t, u=user, a=refusal.action, d=token: play.move(t, u, a, store.rng, d)  # noqa: E731
            store.change(table.id, press)
        assert raised.value.code == code
        words = game.presentation.error_texts.get(code) or ERROR_TEXTS[code]
        for language in SUPPORTED_LANGUAGES:
            said = tr(language, words)
            assert error_text(code, language, game) == said  # a button's alert
            assert error_text(code, language) == said  # inline mode's note (no table at hand)


ANN, BEN = 51, 52
GROUP = -100951


def test_a_second_bid_is_refused_in_the_games_words_in_german(bot, bot_api, redis_server):
    """A changed mind after bidding meets the game's own refusal, in the presser's language;
    the very same button once more (a double tap) is answered as the first press was."""
    bot_api.add_user(ANN, "Ann", language_code="de")
    bot_api.add_user(BEN, "Ben", language_code="de")
    bot_api.add_chat(GROUP, members=[ANN, BEN])
    chat = GroupChat(bot_api, GROUP)
    store = TableStore(redis.Redis.from_url(redis_server.url))
    bot_api.send_message(ANN, GROUP, "/minodice")
    opened = chat.wait_table(lambda m: len(labels(m)) >= 2)
    chat.press(BEN, labels(opened)[0])  # ✋ Join, in German
    chat.wait_table(lambda m: "Ben" in m["text"])
    table = store.find_open(ChatRef(GROUP))
    store.change(table.id, lambda t: lobby.start(t, ANN, store.rng))
    bidding = chat.wait_table(lambda m: "1" in labels(m) and "0" in labels(m))
    first = chat.press(ANN, "1", bidding)
    assert first["text"] != tr("de", "You have already bid this hand.")
    again = chat.press(ANN, "1", bidding)  # the same button, a moment later
    assert again["text"] == first["text"]
    other = chat.press(ANN, "0", bidding)  # a changed mind
    assert other["text"] == tr("de", "You have already bid this hand.")
    assert other["text"] != "You have already bid this hand."  # in German, not English
