"""Every refusal of every game reaches the Mini App as a 4xx with the game's own words, in
every language: a game's own codes are 422, the shared ones keep their status. Each refusal
is made for real: a position where the game raises it (tests/games/refusals.py) is put on a
real table, and the seat's person sends the move over HTTP, signed in with each language."""

from __future__ import annotations

import pytest

from games import registry
from games.registry import get_game
from tables.table import lobby
from tables.table.model import ChatRef, Table
from tables.table.store import TableStore
from tests.games.refusals import Refusal, declared_refusals, find_refusals
from tests.support.refusal_tables import table_at as at_refusal
from tests.support.toy_game import GAME as TOY
from tests.webapp.conftest import TOKEN, USERS
from translations import SUPPORTED_LANGUAGES, tr
from translations.errors import ERROR_TEXTS
from webapp.errors import STATUS_BY_CODE
from webapp.init_data import sign_user

pytestmark = pytest.mark.usefixtures("toy")  # the toy game, registered (tests/conftest.py)

GAME_NAMES = [*(game.name for game in registry.BUILT_IN), TOY.name]


def table_at(store: TableStore, refusal: Refusal, game_name: str, chat: int) -> Table:
    return at_refusal(store, refusal, game_name, chat, USERS)


def signed_in(user: int, language: str) -> dict[str, str]:
    person = {**USERS[user], "language_code": language}
    return {"Authorization": "tma " + sign_user(TOKEN, person)}


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_refusal_is_a_4xx_with_the_games_own_words_in_every_language(http, store, name):
    game = get_game(name)
    refusals = find_refusals(game)
    own = declared_refusals(game)
    assert own <= set(refusals), f"never raised: {own - set(refusals)}"
    for number, (code, refusal) in enumerate(sorted(refusals.items())):
        table = table_at(store, refusal, name, -300000 - number)
        user = table.seats[refusal.seat].user_id
        body = {
            "action": refusal.action,
            "decision": game.rules.decision(refusal.state, refusal.seat),
        }
        words = game.presentation.error_texts.get(code) or ERROR_TEXTS[code]
        expected = 422 if code in own else STATUS_BY_CODE[code]
        for language in SUPPORTED_LANGUAGES:
            response = http.post(
                f"/api/tables/{table.id}/moves", json=body, headers=signed_in(user, language)
            )
            assert response.status_code == expected, (code, response.text)
            assert 400 <= response.status_code < 500
            error = response.json()["error"]
            assert error == {"code": code, "message": tr(language, words)}, (code, language)
        assert store.load(table.id).version == table.version  # a refusal changes nothing


def test_a_bid_spelled_with_a_leading_zero_is_refused_not_read_as_the_bid(http, store):
    table = store.create(ChatRef(-300999), 1, "Alice", game="mino_dice").table
    store.change(table.id, lambda t: lobby.join(t, 2, "Bob"))
    table = store.change(table.id, lambda t: lobby.start(t, 1, store.rng)).table
    body = {
        "action": "bid:01",
        "decision": get_game("mino_dice").rules.decision(
            get_game("mino_dice").rules.load(table.state), 0
        ),
    }
    refused = http.post(f"/api/tables/{table.id}/moves", json=body, headers=signed_in(1, "en"))
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "bid_out_of_range"
    assert store.load(table.id).version == table.version
    assert (
        http.post(
            f"/api/tables/{table.id}/moves",
            json={**body, "action": "bid:1"},
            headers=signed_in(1, "en"),
        ).status_code
        == 200
    )
