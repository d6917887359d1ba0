"""A large choice in steps (games/steps.py): what each step shows, and the contract's check
of a game's steps, which fails loudly on a choice too large for one keyboard."""

from __future__ import annotations

import pytest

from games import steps
from games.presentation_protocol import Presentation, four_to_a_row
from tests.games.steps_contract import check_step_declarations, check_steps
from tests.support.toy_calls import bids_offered
from tests.support.toy_game import GAME as TOY
from tests.support.toy_game import ToyPresentation

CALLS = bids_offered(True)


def quantity_then_rank(action: str) -> steps.Path:
    return (action.split(":")[1],) if action.startswith("call:") else ()


def test_without_steps_the_one_step_is_the_games_rows():
    actions = ["bid:0", "bid:1", "bid:2", "bid:3", "challenge"]
    assert TOY.presentation.level(["bid:0", "bid:1"]) == [["bid:0", "bid:1"]]
    level = steps.level(lambda action: (), four_to_a_row, actions)
    assert level == four_to_a_row(actions)
    assert steps.paths(lambda action: (), actions) == []


def test_the_first_step_offers_each_quantity_once_and_a_quantity_its_ranks():
    first = TOY.presentation.level(CALLS)
    assert [item for row in first for item in row] == [(str(q),) for q in range(1, 13)]
    assert first[0] == [("1",), ("2",), ("3",), ("4",)]  # step buttons four to a row
    five = TOY.presentation.level(CALLS, ("5",))
    assert five == [  # the game's own rows for its final choices
        ["call:5:1", "call:5:2", "call:5:3"],
        ["call:5:4", "call:5:5", "call:5:6"],
        ["call:5:7", "call:5:8", "call:5:9"],
    ]
    assert TOY.presentation.level(CALLS, ("13",)) == []  # no such step now
    assert TOY.presentation.level(CALLS, ("5", "1")) == []


def test_final_choices_and_steps_keep_the_games_order():
    actions = ["dudo", *CALLS[:18], "calza"]
    level = steps.level(quantity_then_rank, four_to_a_row, actions)
    assert level == [["dudo", "calza"], [("1",), ("2",)]]  # a final choice came first
    level = steps.level(quantity_then_rank, four_to_a_row, [*CALLS[:9], "dudo"])
    assert level == [[("1",)], ["dudo"]]


def test_deeper_paths_open_one_step_at_a_time():
    def by_tens(action: str) -> steps.Path:
        n = int(action.split(":")[1])
        return (f"h{n // 100}", f"t{n // 10 % 10}")

    actions = [f"n:{n}" for n in range(300)]
    assert steps.paths(by_tens, actions)[:3] == [("h0",), ("h0", "t0"), ("h0", "t1")]
    assert steps.level(by_tens, four_to_a_row, actions) == [[("h0",), ("h1",), ("h2",)]]
    assert len(steps.level(by_tens, four_to_a_row, actions, ("h1",))) == 3  # ten, four a row
    assert steps.level(by_tens, four_to_a_row, actions, ("h1", "t2"))[0][0] == "n:120"


def test_a_path_travels_as_one_string_and_a_forged_one_is_no_path():
    assert steps.path_key(()) == "" and steps.parse_path_key("") == ()
    assert steps.path_key(("5", "hi")) == "5.hi"
    assert steps.parse_path_key("5.hi") == ("5", "hi")
    for forged in ("5..1", ".", "A", "5.", "x" * 41, "a-b", "é"):
        assert steps.parse_path_key(forged) is None, forged


def test_the_toy_keeps_the_contract_of_steps():
    check_step_declarations(TOY.presentation)
    check_steps(TOY.presentation, CALLS)
    check_steps(TOY.presentation, bids_offered(False))


def test_a_choice_too_large_for_one_keyboard_fails_the_contract_loudly():
    class Flat(ToyPresentation):
        def action_steps(self, action: str) -> tuple[str, ...]:
            return ()

    flat = Flat()
    with pytest.raises(AssertionError, match=r"108 buttons.*offer the choice in steps"):
        check_steps(flat, CALLS)


def test_steps_must_be_named_keys_that_travel_and_rows_telegram_takes():
    class Unnamed(ToyPresentation):
        step_label = Presentation.step_label

    unnamed = Unnamed()
    with pytest.raises(AssertionError, match="step_label"):
        check_step_declarations(unnamed)

    class BadKey(ToyPresentation):
        def action_steps(self, action: str) -> tuple[str, ...]:
            return ("Q" + action[5:6],)

    bad_key = BadKey()
    with pytest.raises(AssertionError, match="cannot travel"):
        check_steps(bad_key, CALLS)

    class Wide(ToyPresentation):
        def action_rows(self, actions: list[str]) -> list[list[str]]:
            return [actions]

    wide = Wide()
    with pytest.raises(AssertionError, match="a row of 9 buttons"):
        check_steps(wide, CALLS)
