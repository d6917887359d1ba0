"""The group's keyboard of a choice offered in steps, built from a real table (no bot): the
first step's buttons, a step's choices with Back, callback data within 64 bytes, an open step
kept only for its own decision and until its opener has chosen, who may open a step (judged
as a move would be), and a hidden choice never narrowed there (its steps open in the
presser's own inline results)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games import registry
from games.errors import NotYourTurn
from games.presentation_protocol import Presentation
from tables.table import lobby, play
from tables.table.errors import NotSeated, StaleMove
from tables.table.model import ChatRef
from tables.table.store import TableStore
from telegram_bot.buttons.callback_data import STEP, BadCallbackData, parse, step_button
from telegram_bot.buttons.keyboards import keyboard
from telegram_bot.buttons.step_press import judge_step
from telegram_bot.chat_messages import ChatMessages, OpenStep
from tests.support.toy_game import GAME as TOY
from tests.support.toy_game import ToyPresentation

pytestmark = pytest.mark.usefixtures("toy")  # the toy game, registered (tests/conftest.py)

ANN, BEN, DAN = 1, 2, 4


def calls_table(redis_client, preset: str = "open_calls") -> tuple[TableStore, str]:
    store = TableStore(redis_client)
    table = store.create(ChatRef(-777), ANN, "Ann", game=TOY.name).table
    store.change(table.id, lambda t: lobby.choose_preset(t, ANN, preset))
    store.change(table.id, lambda t: lobby.join(t, BEN, "Ben"))
    store.change(table.id, lambda t: lobby.start(t, ANN, store.rng))
    return store, table.id


def labels(markup) -> list[list[str]]:
    return [[button.text for button in row] for row in markup.inline_keyboard]


def datas(markup) -> list[str]:
    return [b.callback_data for row in markup.inline_keyboard for b in row if b.callback_data]


def test_the_first_step_offers_quantities_and_a_quantity_its_ranks_with_back(redis_client):
    store, table_id = calls_table(redis_client)
    table = store.load(table_id)
    first = keyboard(table)
    assert labels(first) == [
        ["🃏 My hand"],
        ["1 × …", "2 × …", "3 × …", "4 × …"],
        ["5 × …", "6 × …", "7 × …", "8 × …"],
        ["9 × …", "10 × …", "11 × …", "12 × …"],
    ]
    token = play.decision_of(table, 0)
    assert parse(datas(first)[5]) == step_button(table_id, token, ("5",))
    five = keyboard(table, step=OpenStep(table.game_no, token, ("5",)))
    assert labels(five)[1:] == [
        ["5 × 1+", "5 × 2+", "5 × 3+"],
        ["5 × 4+", "5 × 5+", "5 × 6+"],
        ["5 × 7+", "5 × 8+", "5 × 9+"],
        ["⬅️ Back"],
    ]
    back = parse(datas(five)[-1])
    assert (back.kind, back.stamp, back.step_path) == (STEP, token, ())
    moves = [parse(data) for data in datas(five)[1:-1]]
    assert [m.payload for m in moves][:2] == ["call:5:1", "call:5:2"]
    assert all(m.stamp == token for m in moves)
    for markup in (first, five):
        assert all(len(data.encode()) <= 64 for data in datas(markup))
        assert sum(len(row) for row in markup.inline_keyboard) <= 100


def test_an_open_step_holds_only_for_its_game_and_decision(redis_client):
    store, table_id = calls_table(redis_client)
    table = store.load(table_id)
    token = play.decision_of(table, 0)
    first = labels(keyboard(table))
    for stale in (
        OpenStep(table.game_no, token + 1, ("5",)),  # an older decision's step
        OpenStep(table.game_no + 1, token, ("5",)),  # the last game's
        OpenStep(table.game_no, token, ("13",)),  # no such step now
    ):
        assert labels(keyboard(table, step=stale)) == first


def test_without_steps_the_keyboard_is_as_it_always_was(redis_client):
    store, table_id = calls_table(redis_client, preset="standard")
    table = store.load(table_id)
    plain = keyboard(table, step=OpenStep(table.game_no, play.decision_of(table, 0), ("1",)))
    assert labels(plain) == [["🃏 My hand"], ["Bid 0", "Bid 1", "Bid 2", "Bid 3"]]


def test_only_a_seat_that_may_act_opens_a_step_on_its_own_decision(redis_client):
    store, table_id = calls_table(redis_client)
    table = store.load(table_id)
    token = play.decision_of(table, 0)
    five = parse(step_button(table_id, token, ("5",)).encode())
    assert judge_step(table, ANN, five) == OpenStep(table.game_no, token, ("5",), 0)
    with pytest.raises(NotSeated):
        judge_step(table, DAN, five)  # watching, not playing
    with pytest.raises(NotYourTurn):
        judge_step(table, BEN, five)  # he calls after Ann
    with pytest.raises(StaleMove):
        judge_step(table, ANN, parse(step_button(table_id, token + 1, ("5",)).encode()))
    with pytest.raises(BadCallbackData):
        judge_step(table, ANN, parse(f"{table_id}:{token}:s:13"))  # forged: no such step
    store.change(table_id, lambda t: play.move(t, ANN, "call:5:3", store.rng, token))
    with pytest.raises(StaleMove):  # Ann has called: that decision is over
        judge_step(store.load(table_id), ANN, five)
    bens = parse(step_button(table_id, play.decision_of(store.load(table_id), 1), ("5",)).encode())
    with pytest.raises(NotYourTurn):
        judge_step(store.load(table_id), ANN, bens)
    assert judge_step(store.load(table_id), BEN, bens).path == ("5",)


def test_a_step_closes_once_its_opener_has_chosen(redis_client):
    store, table_id = calls_table(redis_client)
    token = play.decision_of(store.load(table_id), 0)
    store.change(table_id, lambda t: play.move(t, ANN, "call:5:3", store.rng, token))
    table = store.load(table_id)
    bens = play.decision_of(table, 1)
    first = labels(keyboard(table))
    assert labels(keyboard(table, step=OpenStep(table.game_no, bens, ("5",), 1)))[-1] == ["⬅️ Back"]
    # A step its opener (Ann) left open on the decision that is now Ben's: closed.
    assert labels(keyboard(table, step=OpenStep(table.game_no, bens, ("5",), 0))) == first


def test_a_hidden_choice_is_never_narrowed_on_the_group_keyboard(redis_client):
    store, table_id = calls_table(redis_client, preset="calls")
    table = store.load(table_id)
    token = play.decision_of(table, 0)
    first = keyboard(table)
    quantities = [button for row in first.inline_keyboard[1:] for button in row]
    assert [button.text for button in quantities][:2] == ["1 × …", "2 × …"]
    # No callback to press: each writes "<table> <quantity>" in the presser's own input box.
    assert all(button.callback_data is None for button in quantities)
    assert quantities[4].switch_inline_query_current_chat == f"{table_id} 5"
    assert datas(first) == datas(keyboard(table, step=OpenStep(table.game_no, token, ("5",), 0)))
    with pytest.raises(BadCallbackData):
        judge_step(table, ANN, parse(step_button(table_id, token, ("5",)).encode()))
    store.change(table_id, lambda t: play.move(t, ANN, "call:5:3", store.rng, token))
    with pytest.raises(BadCallbackData):  # Ben alone still calls: still hidden
        judge_step(store.load(table_id), BEN, parse(step_button(table_id, token, ("5",)).encode()))
    # Without inline mode the steps are left off: the Mini App offers the calls.
    bare = keyboard(store.load(table_id), "https://t.me/bot/app?startapp=x", inline_mode=False)
    assert labels(bare) == [["🃏 My hand"], ["📱 Open the Mini App"]]


def test_the_open_step_is_kept_once_and_a_second_tap_changes_nothing(redis_client):
    _store, table_id = calls_table(redis_client)
    messages = ChatMessages(redis_client)
    step = OpenStep(0, 3, ("5",))
    assert messages.open_step(table_id, step) is True
    assert messages.open_step(table_id, step) is False
    assert messages.state(table_id).step == step
    assert messages.open_step(table_id, OpenStep(0, 3, ())) is True
    assert messages.state(table_id).step == OpenStep(0, 3, ())


def test_a_keyboard_telegram_would_refuse_is_never_sent(redis_client, caplog):
    class Flat(ToyPresentation):
        action_steps = Presentation.action_steps  # no steps at all

    flat = replace(TOY, presentation=Flat())
    registry.GAMES[TOY.name] = flat  # a game that slipped past the contract test
    store, table_id = calls_table(redis_client, preset="calls")
    markup = keyboard(store.load(table_id))
    assert sum(len(row) for row in markup.inline_keyboard) <= 100
    assert "offers 108 buttons at once" in caplog.text


def test_the_settings_panel_seats_a_cpu_of_every_level_expert_included(redis_client):
    store = TableStore(redis_client)
    table = store.create(ChatRef(-778), ANN, "Ann", game="mia").table
    table = store.change(table.id, lambda t: setattr(t, "panel", "settings") or []).table
    rows = [row for row in keyboard(table).inline_keyboard if row[0].text.startswith("🤖")]
    assert [[button.text for button in row] for row in rows] == [
        ["🤖 + easy", "🤖 + normal"],
        ["🤖 + hard", "🤖 + expert"],
    ]
    pressed = parse(rows[1][1].callback_data)
    assert pressed.payload == "cpu:expert"
    table = store.change(table.id, lambda t: lobby.add_cpu(t, ANN, pressed.payload[4:])).table
    assert table.seats[-1].cpu == "expert"


def test_with_panels_a_hidden_choices_steps_open_on_the_pressers_panel(redis_client):
    """Where players have panels, a quantity is a press (it opens the presser's panel at
    that step), judged as a move would be; an open choice's steps stay the group's."""
    store, table_id = calls_table(redis_client, preset="calls")
    table = store.load(table_id)
    token = play.decision_of(table, 0)
    first = keyboard(table, panels=True)
    quantities = [button for row in first.inline_keyboard[1:] for button in row]
    assert not any(button.switch_inline_query_current_chat for button in quantities)
    assert parse(quantities[4].callback_data) == step_button(table_id, token, ("5",))
    five = parse(step_button(table_id, token, ("5",)).encode())
    assert judge_step(table, ANN, five, panels=True) == OpenStep(table.game_no, token, ("5",), 0)
    with pytest.raises(NotSeated):
        judge_step(table, DAN, five, panels=True)
    with pytest.raises(BadCallbackData):  # no such step
        judge_step(table, ANN, parse(f"{table_id}:{token}:s:99"), panels=True)
    store.change(table_id, lambda t: play.move(t, ANN, "call:5:3", store.rng, token))
    with pytest.raises(NotYourTurn):  # Ann has called: nothing left to open
        judge_step(store.load(table_id), ANN, five, panels=True)
