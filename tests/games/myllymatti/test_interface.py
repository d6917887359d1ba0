"""The Game interface as Myllymatti fills it in: settings, scopes, tokens, timeouts, leaving,
views, and the choices in docs/myllymatti-rules-choices.md."""

from __future__ import annotations

import copy
import json

import pytest

from games.base import PRIVATE, PUBLIC, SEQUENTIAL
from games.errors import GameOver, IllegalAction, InvalidSettings, SeatOut
from games.myllymatti import GAME, cpu
from games.myllymatti.actions import CHANCE, PICKUP
from games.myllymatti.settings import PRESETS, SETTINGS_SPECS
from games.myllymatti.state import PHASE_COLLECT, PHASE_OVER
from games.rng import DeterministicRng
from tests.games.myllymatti.scripted import position


def test_declarations_name_the_game_and_its_seats():
    assert (GAME.name, GAME.command, GAME.presentation.title) == (
        "myllymatti",
        "myllymatti",
        "Myllymatti",
    )
    assert (GAME.rules.min_seats, GAME.rules.max_seats, GAME.rules.dynamics) == (2, 4, SEQUENTIAL)


def test_the_default_preset_is_standard_and_holds_the_specs_decisions():
    assert GAME.rules.default_preset == "standard"
    assert PRESETS["standard"] == {"chance": "either", "pickup": "top", "tied_cards": "owners"}
    assert GAME.rules.normalize_settings({}) == PRESETS["standard"]
    assert all(spec.choices[0] == PRESETS["standard"][spec.key] for spec in SETTINGS_SPECS)
    assert (
        set(GAME.presentation.preset_labels)
        == set(GAME.presentation.preset_descriptions)
        == set(PRESETS)
    )
    assert GAME.rules.preset_of(PRESETS["harsh"]) == "harsh"


@pytest.mark.parametrize("settings", [{"pickup": "all"}, {"colour": "red"}, {"chance": True}])
def test_unknown_settings_and_values_are_refused(settings):
    with pytest.raises(InvalidSettings):
        GAME.rules.normalize_settings(settings)


def test_playing_a_card_is_private_while_chance_and_pick_up_are_public():
    assert GAME.rules.action_scope("play:qh") == PRIVATE
    assert GAME.rules.action_scope(CHANCE) == GAME.rules.action_scope(PICKUP) == PUBLIC


def test_public_actions_come_from_the_public_view():
    state, _ = GAME.rules.new_game({}, 3, DeterministicRng(3))
    seat = state.to_act
    assert GAME.rules.public_actions(GAME.rules.public_view(state), seat) == [CHANCE]
    assert GAME.rules.public_actions(GAME.rules.public_view(state), (seat + 1) % 3) == []
    shed = position([["5h"], ["th"]], to_act=1, trick=[(0, "9h")])
    assert GAME.rules.public_actions(GAME.rules.public_view(shed), 1) == [PICKUP]


def test_the_decision_token_changes_with_every_move():
    state, _ = GAME.rules.new_game({}, 3, DeterministicRng(4))
    tokens = {GAME.rules.decision(state, state.to_act)}
    for _ in range(5):
        state, _ = GAME.rules.apply(
            state, state.to_act, GAME.rules.legal_actions(state, state.to_act)[0], None
        )
        tokens.add(GAME.rules.decision(state, state.to_act))
    assert len(tokens) == 6


def test_a_move_never_changes_the_state_it_was_given():
    state, _ = GAME.rules.new_game({}, 3, DeterministicRng(5))
    before = copy.deepcopy(GAME.rules.dump(state))
    GAME.rules.apply(state, state.to_act, CHANCE, DeterministicRng(0))
    GAME.rules.resign(state, 0, DeterministicRng(0))
    GAME.rules.timeout(state, state.to_act, DeterministicRng(0))
    assert GAME.rules.dump(state) == before


def test_the_state_survives_a_json_round_trip():
    state, _ = GAME.rules.new_game({}, 4, DeterministicRng(6))
    data = json.loads(json.dumps(GAME.rules.dump(state)))
    assert GAME.rules.load(data) == state


def test_unknown_actions_are_refused():
    state, _ = GAME.rules.new_game({}, 2, DeterministicRng(7))
    with pytest.raises(IllegalAction):
        GAME.rules.apply(state, state.to_act, "fold", DeterministicRng(0))
    with pytest.raises(IllegalAction):
        GAME.rules.apply(state, state.to_act, PICKUP, DeterministicRng(0))  # a phase 2 action
    shed = position([["5h"], ["th"]], to_act=1, trick=[(0, "9h")])
    with pytest.raises(IllegalAction):
        GAME.rules.apply(shed, 1, CHANCE, DeterministicRng(0))  # a phase 1 action


# --- timeouts ------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(5))
def test_a_timeout_plays_what_a_normal_cpu_would_play(seed):
    state, _ = GAME.rules.new_game({}, 3, DeterministicRng(seed))
    for _ in range(seed * 7):  # somewhere into the game
        state, _ = GAME.rules.apply(
            state, state.to_act, GAME.rules.legal_actions(state, state.to_act)[-1], None
        )
    seat = state.to_act
    expected = cpu.choose(GAME.rules.view(state, seat), "normal", DeterministicRng("t"))
    after, events = GAME.rules.timeout(state, seat, DeterministicRng("t"))
    assert events[0] == {"type": "timed_out", "seat": seat}
    direct, direct_events = GAME.rules.apply(state, seat, expected, DeterministicRng("t"))
    assert after == direct and events[1:] == direct_events


def test_in_phase_2_a_timed_out_player_beats_cheaply_or_picks_up():
    state = position([["5h"], ["th", "2s"], ["4c"]], to_act=1, trick=[(0, "9h")])
    _, events = GAME.rules.timeout(state, 1, DeterministicRng(0))
    assert events[1] == {"type": "beat", "seat": 1, "card": "th", "top": "9h"}
    state = position([["5h"], ["8h", "2c"], ["4c"]], to_act=1, trick=[(0, "9h")])
    _, events = GAME.rules.timeout(state, 1, DeterministicRng(0))
    assert events[1]["type"] == "picked_up"


# --- leaving -------------------------------------------------------------------------------


def test_a_player_who_leaves_is_the_myllymatti_and_the_game_ends_at_once():
    state, _ = GAME.rules.new_game({}, 3, DeterministicRng(8))
    after, events = GAME.rules.resign(state, 1, DeterministicRng(0))
    assert after.phase == PHASE_OVER and after.loser == 1 and after.resigned == 1
    assert events[0] == {"type": "resigned", "seat": 1}
    assert [e["type"] for e in events][-3:] == ["lost", "deal_revealed", "game_over"]
    assert GAME.rules.ranking(after)[-1] == 1


def test_after_leaving_the_others_rank_by_going_out_then_by_fewest_cards():
    state = position([["5h", "6h", "7h"], ["9h"], ["2c", "3c"], []], to_act=0, out=[[3]])
    after, events = GAME.rules.resign(state, 0, DeterministicRng(0))
    assert GAME.rules.ranking(after) == [3, 1, 2, 0]
    assert events[-1] == {"type": "game_over", "ranking": [3, 1, 2, 0], "places": [1, 2, 3, 4]}


def test_after_leaving_players_with_equal_cards_share_a_place():
    state, _ = GAME.rules.new_game({}, 4, DeterministicRng(9))  # everyone holds three cards
    after, _ = GAME.rules.resign(state, 2, DeterministicRng(0))
    assert GAME.rules.ranking(after)[-1] == 2 and GAME.rules.places(after) == [1, 1, 1, 4]


def test_in_phase_1_fewest_cards_counts_the_won_pile_and_the_face_up_card():
    state = position(
        [["5h"], ["9h"], ["2c"]],
        phase=PHASE_COLLECT,
        to_act=0,
        won=[["3d", "4d"], [], []],
        face_up=(1, "kd"),
    )
    after, _ = GAME.rules.resign(state, 2, DeterministicRng(0))
    assert GAME.rules.ranking(after) == [1, 0, 2] and GAME.rules.places(after) == [1, 2, 3]


def test_a_player_already_out_cannot_leave_and_a_finished_game_cannot_be_left():
    state = position([["5h"], ["9h", "2c"], []], to_act=0, out=[[2]])
    with pytest.raises(SeatOut):
        GAME.rules.resign(state, 2, DeterministicRng(0))
    over, _ = GAME.rules.resign(state, 0, DeterministicRng(0))
    with pytest.raises(GameOver):
        GAME.rules.resign(over, 1, DeterministicRng(0))
    with pytest.raises(GameOver):
        GAME.rules.apply(over, 1, PICKUP, DeterministicRng(0))


# --- views ---------------------------------------------------------------------------------


def test_views_show_counts_trump_stock_table_and_who_is_out():
    state = position(
        [["5h", "6h"], ["9h"], ["2c", "3c", "4c"], []],
        phase=PHASE_COLLECT,
        to_act=1,
        stock=["as", "ks"],
        tied=[(0, "7d"), (1, "7c")],
        trick=[(0, "8d")],
        leader=0,
        opponent=1,
        trump=None,
        out=[],
    )
    view = GAME.rules.view(state, 1)
    assert view["hand"] == ["9h"] and view["seat"] == 1
    assert view["hand_counts"] == [2, 1, 3, 0] and view["stock"] == 2
    assert view["trick"] == [{"seat": 0, "card": "8d"}]
    assert [entry["card"] for entry in view["tied"]] == ["7d", "7c"]
    assert view["phase"] == PHASE_COLLECT and view["trump"] is None and view["out"] == []
    assert view["legal_actions"] == ["play:9h", CHANCE]


def test_no_view_holds_a_card_from_another_hand_or_the_stock():
    state, _ = GAME.rules.new_game({}, 4, DeterministicRng(10))
    hidden = {card for hand in state.hands for card in hand} | set(state.stock)
    text = json.dumps(GAME.rules.public_view(state))
    assert not any(f'"{card}"' in text for card in hidden)
    for seat in range(4):
        text = json.dumps(GAME.rules.view(state, seat))
        assert not any(f'"{card}"' in text for card in hidden - set(state.hands[seat]))
