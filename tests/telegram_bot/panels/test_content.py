"""What a player's panel shows, built from real tables: whether it is their move (not whose,
so that others' moves leave it as it is), and why nothing can be played, once."""

from __future__ import annotations

from games.rng import DeterministicRng
from tables.table import lobby, play
from tables.table.model import ChatRef, Table
from tables.table.store import TableStore
from telegram_bot.buttons.callback_data import GAME, STEP, parse
from telegram_bot.panels.content import panel_view
from tests.support.toy_game import GAME as TOY
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
    assert cat is not None and cat.text.splitlines()[-1] == "⏸ Not your turn."
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
    assert [x for x in lines if "Not your turn" in x] == ["⏸ Not your turn."]
    assert "" not in lines


def pressable(view) -> list[tuple[str, str, str]]:
    """(label, kind, payload) of each button that does something."""
    found = []
    for row in view.keyboard:
        for button in row:
            if "callback_data" in button:
                data = parse(button["callback_data"])
                found.append((button["text"], data.kind, data.payload))
    return found


def test_a_hidden_choices_steps_are_on_the_panel_and_a_step_shows_its_choices(redis_client, toy):
    store = TableStore(redis_client, rng=DeterministicRng("content calls"))
    table = store.create(ChatRef(-100_557), ANN, "Ann", game=TOY.name).table
    store.change(table.id, lambda t: lobby.choose_preset(t, ANN, "calls"))
    store.change(table.id, lambda t: lobby.join(t, BEN, "Ben"))
    table = store.change(table.id, lambda t: lobby.start(t, ANN, store.rng)).table
    token = play.decision_of(table, 0)
    first = pressable(panel_view(table, ANN, "en"))
    assert first[:2] == [("1 × …", STEP, "1"), ("2 × …", STEP, "2")] and len(first) == 12
    five = pressable(panel_view(table, ANN, "en", step=(("5",), token)))
    assert five[0] == ("5 × 1+", GAME, "call:5:1") and len(five) == 10
    assert five[-1] == ("⬅️ Back", STEP, "-")
    assert pressable(panel_view(table, ANN, "en", step=(("5",), token + 1))) == first  # old
    assert pressable(panel_view(table, BEN, "en")) == first  # Ben's own, from the first
    table = store.change(table.id, lambda t: play.move(t, ANN, "call:5:3", store.rng, token))
    assert pressable(panel_view(table.table, ANN, "en", step=(("5",), token))) == []  # called
