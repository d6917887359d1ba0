"""What a player's panel shows, built from real tables: whether it is their move (not whose,
so that others' moves leave it as it is), and why nothing can be played, once."""

from __future__ import annotations

from games.rng import DeterministicRng
from tables import lobby
from tables.model import ChatRef, Table
from tables.store import TableStore
from telegram_bot.panels.content import panel_view
from tests.telegram_bot.panels.test_keeper import move_of

ANN, BEN, CAT = 51, 52, 53


def started(store: TableStore, game: str) -> Table:
    table = store.create(ChatRef(-100_556), ANN, "Ann", game=game).table
    store.change(table.id, lambda t: lobby.join(t, BEN, "Ben"))
    store.change(table.id, lambda t: lobby.join(t, CAT, "Cat"))
    return store.change(table.id, lambda t: lobby.start(t, ANN, store.rng)).table


def test_the_others_moves_leave_a_waiting_players_panel_as_it_is(redis_client):
    store = TableStore(redis_client, rng=DeterministicRng("content dice"))
    table = started(store, "mia")
    cat = panel_view(table, CAT, "en")
    assert cat is not None and cat.text.splitlines()[-1] == "⏳ Not your move yet."
    assert "▶️ Your move." in panel_view(table, ANN, "en").text
    after = move_of(store, table.id, DeterministicRng("content moves"))  # Ann claims
    assert panel_view(after, CAT, "en") == cat  # no edit due: Ben's move is not hers
    assert panel_view(after, ANN, "en") != panel_view(table, ANN, "en")
    assert "▶️ Your move." in panel_view(after, BEN, "en").text
    assert panel_view(after, 99, "en") is None  # not seated: no panel


def test_why_nothing_can_be_played_is_said_once(redis_client):
    store = TableStore(redis_client, rng=DeterministicRng("content cards"))
    table = started(store, "myllymatti")
    waiting = [u for u in (ANN, BEN, CAT) if "▶️" not in panel_view(table, u, "en").text]
    assert waiting
    lines = panel_view(table, waiting[0], "en").text.splitlines()
    assert "⏸ Not your turn." in lines and not [x for x in lines if x.startswith("⏳")]
    assert "" not in lines
