"""myllymatti.md, "Phase 2 — shedding" and the end of the game, as executable examples.

Spades are trump in these positions unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from games.myllymatti import GAME
from games.myllymatti.actions import PICKUP, legal_actions
from games.myllymatti.errors import DoesNotBeat, NothingToPickUp
from games.myllymatti.settings import PICKUP_TRICK
from games.myllymatti.state import PHASE_COLLECT, PHASE_OVER, PHASE_SHED
from games.rng import DeterministicRng
from tests.games.myllymatti.scripted import position


def play(state, seat, card):
    return GAME.rules.apply(state, seat, f"play:{card}", DeterministicRng(0))


def pick_up(state, seat):
    return GAME.rules.apply(state, seat, PICKUP, DeterministicRng(0))


def plays(state, seat):
    return sorted(a.removeprefix("play:") for a in legal_actions(state, seat) if ":" in a)


def end_of_phase_1(**overrides):
    """Seat 1 wins the last trick of phase 1 with its last card (seat 0 has the face-up card)."""
    options = {
        "phase": PHASE_COLLECT,
        "to_act": 1,
        "opponent": 2,
        "trump": "h",
        "face_up": (0, "qh"),
        "won": [["2c", "3c"], ["4c", "5c"], []],
    }
    options.update(overrides)
    state = position([["ad", "7d"], ["9c"], ["3d"]], **options)
    state, _ = play(state, 1, "9c")
    return play(state, 2, "3d")


# --- the switch ----------------------------------------------------------------------------


def test_each_player_takes_up_their_won_cards_leftover_hand_and_face_up_card():
    state, _events = end_of_phase_1()
    assert state.phase == PHASE_SHED
    assert sorted(state.hands[0]) == sorted(["2c", "3c", "ad", "7d", "qh"])
    assert sorted(state.hands[1]) == sorted(["4c", "5c", "9c", "3d"])
    assert state.won == [[], [], []] and state.face_up is None
    assert state.trump == "h"  # the trump stays known


def test_a_player_with_no_cards_at_the_start_of_phase_2_is_out_and_cannot_lose():
    state, events = end_of_phase_1()
    assert state.hands[2] == [] and state.out == [[2]]
    assert {"type": "went_out", "seat": 2, "place": 1, "start": True} in events
    assert GAME.rules.to_act(state) == [1]


def test_the_player_who_won_the_last_trick_of_phase_1_leads_the_first_trick():
    state, _events = end_of_phase_1()
    assert (state.leader, state.to_act) == (1, 1)
    assert state.trick == [] and state.trick_size == 2
    assert plays(state, 1) == sorted(state.hands[1])  # the lead is any card


def test_a_single_player_holding_cards_after_phase_1_is_the_myllymatti_at_once():
    state = position([[], ["9c"], ["3d"]], phase=PHASE_COLLECT, to_act=1, opponent=2)
    state, _ = play(state, 1, "9c")
    state, events = play(state, 2, "3d")  # seat 1 takes all four cards there are
    assert state.phase == PHASE_OVER and state.loser == 1
    assert GAME.rules.ranking(state) == [0, 2, 1] and GAME.rules.places(state) == [1, 1, 3]
    assert {"type": "went_out", "seat": 0, "place": 1, "start": True} in events


# --- beating -------------------------------------------------------------------------------


def test_a_higher_card_of_the_same_suit_beats_the_top_card():
    state = position([["5h"], ["th", "8h", "9d"], ["2c"]], to_act=1, trick=[(0, "9h")])
    assert plays(state, 1) == ["th"]
    state, events = play(state, 1, "th")
    assert events[0] == {"type": "beat", "seat": 1, "card": "th", "top": "9h"}


def test_any_trump_beats_a_card_that_is_not_trump():
    state = position([["5h"], ["2s", "ks", "8h"], ["2c"]], to_act=1, trick=[(0, "ah")])
    assert plays(state, 1) == ["2s", "ks"]


def test_a_trump_on_top_is_beaten_only_by_a_higher_trump():
    state = position([["5h"], ["8s", "ts", "ah", "ad"], ["2c"]], to_act=1, trick=[(0, "9s")])
    assert plays(state, 1) == ["ts"]
    with pytest.raises(DoesNotBeat):
        play(state, 1, "ah")
    with pytest.raises(DoesNotBeat):
        play(state, 1, "8s")


def test_a_player_may_pick_up_even_when_they_could_beat():
    state = position([["5h"], ["th"], ["2c"]], to_act=1, trick=[(0, "9h")])
    assert PICKUP in legal_actions(state, 1)


def test_picking_up_takes_only_the_top_card_and_ends_the_turn():
    state = position(
        [["5h", "6h"], ["2c", "3c"], ["4d", "5d"]], to_act=2, trick=[(0, "9h"), (1, "jh")]
    )
    state, events = pick_up(state, 2)
    assert sorted(state.hands[2]) == ["4d", "5d", "jh"]
    assert [entry["card"] for entry in state.trick] == ["9h"]
    assert state.to_act == 0  # the next player faces the new top card
    assert events == [{"type": "picked_up", "seat": 2, "cards": ["jh"], "trump": state.trump}]


def test_with_that_setting_picking_up_takes_the_whole_trick():
    state = position(
        [["5h", "6h"], ["2c", "3c"], ["4d", "5d"]],
        to_act=2,
        trick=[(0, "9h"), (1, "jh")],
        settings={"pickup": PICKUP_TRICK},
    )
    state, _ = pick_up(state, 2)
    assert sorted(state.hands[2]) == ["4d", "5d", "9h", "jh"]
    assert state.trick == [] and (state.leader, state.to_act) == (0, 0)


def test_picking_up_needs_a_card_on_the_table():
    state = position([["5h"], ["2c"]], to_act=0)
    assert PICKUP not in legal_actions(state, 0)
    with pytest.raises(NothingToPickUp):
        pick_up(state, 0)


# --- the end of a trick --------------------------------------------------------------------


def test_a_full_trick_is_set_aside_by_whoever_played_the_last_card_who_then_leads():
    state = position(
        [["5h", "6h"], ["2c", "3c"], ["qh", "5d"]], to_act=2, trick=[(0, "9h"), (1, "jh")]
    )
    state, events = play(state, 2, "qh")
    assert state.set_aside == ["9h", "jh", "qh"] and state.trick == []
    assert (state.leader, state.to_act) == (2, 2)
    assert {"type": "set_aside", "seat": 2, "cards": ["9h", "jh", "qh"]} in events


def test_a_trick_holds_as_many_cards_as_players_had_cards_when_it_began():
    state = position([["5h", "6h"], ["jh"], ["qh", "5d"]], to_act=1, trick=[(0, "9h")])
    assert state.trick_size == 3
    state, _ = play(state, 1, "jh")  # seat 1 goes out: the trick still needs three cards
    assert state.trick_size == 3 and state.to_act == 2
    state, _ = play(state, 2, "qh")
    assert state.set_aside == ["9h", "jh", "qh"]
    assert (state.leader, state.trick_size) == (2, 2)  # two players left for the next one


def test_when_every_card_of_the_trick_is_picked_up_the_player_left_of_the_picker_leads():
    state = position([["5h", "6h"], ["2c", "3c"], ["4d", "5d"]], to_act=1, trick=[(0, "9h")])
    state, _ = pick_up(state, 1)
    assert state.trick == [] and (state.leader, state.to_act) == (2, 2)
    assert state.trick_size == 3


def test_after_picking_up_the_player_who_played_the_new_top_card_may_face_it():
    state = position([["5h", "7h"], ["2c", "3c"]], to_act=0, trick_size=3, trick=[(0, "9h")])
    state.trick = [{"seat": 1, "card": "4h"}, {"seat": 0, "card": "9h"}]
    state.to_act = 1
    state, _ = pick_up(state, 1)
    assert state.to_act == 0 and state.trick[-1]["card"] == "4h"
    assert plays(state, 0) == ["5h", "7h"]


def test_a_player_who_plays_their_last_card_leaves_the_game_safely():
    state = position([["5h", "6h"], ["jh"], ["qh", "5d"]], to_act=1, trick=[(0, "9h")])
    state, events = play(state, 1, "jh")
    assert state.out == [[1]] and state.is_out(1)
    assert {"type": "went_out", "seat": 1, "place": 1, "start": False} in events
    assert GAME.presentation.seat_badges(GAME.rules.public_view(state))[1].out


def test_going_out_with_the_card_that_fills_the_trick_passes_the_lead_on():
    state = position([["5h", "6h"], ["2c", "3c"], ["qh"]], to_act=2, trick=[(0, "9h"), (1, "jh")])
    state, _ = play(state, 2, "qh")
    assert state.out == [[2]] and (state.leader, state.to_act) == (0, 0)


# --- the loser -----------------------------------------------------------------------------


def test_the_last_player_still_holding_cards_is_the_myllymatti():
    state = position([["5h"], ["9h", "2c"]], to_act=0)
    state, events = play(state, 0, "5h")
    assert state.phase == PHASE_OVER and state.loser == 1
    assert GAME.rules.is_over(state) and GAME.rules.to_act(state) == []
    assert [e["type"] for e in events][-3:] == ["lost", "deal_revealed", "game_over"]


def test_everyone_else_is_ranked_by_the_order_in_which_they_went_out():
    state = position([["5h"], ["7h"], ["9h", "2c"], []], to_act=0, out=[[3]], trick_size=3)
    state, _ = play(state, 0, "5h")  # out second
    state, events = play(state, 1, "7h")  # out third: seat 2 is the Myllymatti
    assert GAME.rules.ranking(state) == [3, 0, 1, 2]
    assert GAME.rules.places(state) == [1, 2, 3, 4]
    assert events[-1] == {"type": "game_over", "ranking": [3, 0, 1, 2], "places": [1, 2, 3, 4]}


def test_players_out_at_the_start_of_phase_2_share_a_place():
    state = position([["5h"], ["9h", "2c"], [], []], to_act=0, out=[[2, 3]])
    state, _ = play(state, 0, "5h")
    assert GAME.rules.ranking(state) == [2, 3, 0, 1]
    assert GAME.rules.places(state) == [1, 1, 3, 4]


def test_first_out_and_myllymatti_are_counted_for_statistics():
    state = position([["5h"], ["7h"], ["9h", "2c"], []], to_act=0, out=[[3]], trick_size=3)
    state.tally["cards_picked_up"] = [0, 0, 4, 0]
    state, _ = play(state, 0, "5h")
    state, _ = play(state, 1, "7h")
    stats = GAME.rules.final_stats(state)
    assert [s["myllymatti"] for s in stats] == [0, 0, 1, 0]
    assert [s["first_out"] for s in stats] == [0, 0, 0, 1]
    assert stats[2]["cards_picked_up"] == 4
