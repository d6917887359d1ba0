"""Callback data round-trips, stays within 64 bytes, and refuses anything forged."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.mia import GAME
from games.rng import DeterministicRng
from telegram_bot.buttons.callback_data import GAME as GAME_KIND
from telegram_bot.buttons.callback_data import STEP, BadCallbackData, Button, parse, step_button

TABLE = "abcdefghij"


def test_every_mia_action_round_trips_within_64_bytes():
    state, _ = GAME.rules.new_game({}, 3, DeterministicRng(1))
    actions = [
        *GAME.rules.legal_actions(state, state.to_act),
        "challenge",
        "accept",
        "fold",
        "pass",
    ]
    for action in actions:
        button = Button(TABLE, 123456789, GAME_KIND, action)
        data = button.encode()
        assert len(data.encode()) <= 64
        assert parse(data) == button


def test_lobby_verbs_split_into_verb_and_argument():
    button = parse(f"{TABLE}:7:l:set:false_mia_penalty")
    assert (button.verb, button.argument, button.stamp) == ("set", "false_mia_penalty", 7)


@pytest.mark.parametrize(
    "data",
    [
        None, "", "x", f"{TABLE}:1:g", f"{TABLE}:one:g:claim:53", f"{TABLE}:1:z:claim:53",
        "ABCDEFGHIJ:1:g:claim:53", f"{TABLE}:1:g:CLAIM 53", f"{TABLE}:-1:g:claim:53",
        f"{TABLE}:1:g:" + "a" * 60, f"{TABLE}:1234567890:g:x", "../../:1:g:x",
    ],
)  # fmt: skip
def test_forged_or_broken_data_is_refused(data):
    with pytest.raises(BadCallbackData):
        parse(data)


@given(st.text(max_size=80))
def test_parse_never_fails_with_anything_but_bad_callback_data(data):
    try:
        button = parse(data)
    except BadCallbackData:
        return
    assert button.encode() == data


def test_a_step_button_names_its_path_and_the_first_step_its_own_sign():
    deep = step_button(TABLE, 123456789, ("q" * 16, "r" * 16, "s" * 6))
    assert len(deep.encode().encode()) <= 64
    assert parse(deep.encode()).step_path == ("q" * 16, "r" * 16, "s" * 6)
    first = step_button(TABLE, 7, ())
    assert first.encode() == f"{TABLE}:7:s:-" and parse(first.encode()).step_path == ()
    assert parse(f"{TABLE}:7:s:5").kind == STEP


@pytest.mark.parametrize("payload", ["A", "5..1", ".", "5.", "#1", "5:1", "-5", "x" * 41])
def test_forged_step_data_is_refused(payload):
    with pytest.raises(BadCallbackData):
        parse(f"{TABLE}:7:s:{payload}")
