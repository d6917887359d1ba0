"""A real table standing at a refusal's position (tests.games.refusals), for the tests that
press a game's refusal through a front door: the bot's alert and the Mini App's 422."""

from __future__ import annotations

from collections.abc import Sequence

from games.registry import get_game
from tables.table import lobby
from tables.table.model import ChatRef, Table
from tables.table.store import TableStore
from tests.games.refusals import Refusal


def table_at(
    store: TableStore, refusal: Refusal, game_name: str, chat: int, people: Sequence[int]
) -> Table:
    """A table of the refusal's number of ``people`` (the first creates it) whose game stands
    at the refusal's position with its settings."""
    seated = list(people)[: refusal.seats]
    table = store.create(ChatRef(chat), seated[0], "P0", game=game_name).table
    for user in seated[1:]:
        store.change(table.id, lambda t, u=user: lobby.join(t, u, f"P{u}"))
    store.change(table.id, lambda t: lobby.start(t, seated[0], store.rng))
    game = get_game(game_name)

    def set_position(t: Table) -> list:
        t.settings = refusal.settings
        t.state = game.rules.dump(refusal.state)
        return []

    return store.change(table.id, set_position).table
