"""myllymatti.md, "Phase 1": the last stock card, play from hands once the stock is empty, and
how phase 1 ends (leftover hands, tied cards lying there)."""

from __future__ import annotations

import pytest

from games.myllymatti import GAME, page
from games.myllymatti.actions import legal_actions
from games.myllymatti.errors import NotInHand
from games.myllymatti.settings import TIED_LAST_WINNER
from games.myllymatti.state import PHASE_COLLECT, PHASE_SHED
from games.rng import DeterministicRng
from tests.games.myllymatti.scripted import position
from translations import render

HANDS = [["2c", "3c", "4c"], ["5h", "9d", "kc"], ["7s", "8h", "jd"]]


def play(state, seat, card):
    return GAME.rules.apply(state, seat, f"play:{card}", DeterministicRng(0))


def kinds(events):
    return [event["type"] for event in events]


# --- the last stock card -------------------------------------------------------------------


def test_whoever_draws_the_last_stock_card_shows_it_and_keeps_it_face_up():
    state = position(HANDS, phase=PHASE_COLLECT, to_act=1, trump=None, stock=["as", "qh"])
    state, _ = play(state, 1, "5h")
    state, events = play(state, 2, "7s")  # seat 1 (leader) draws as, seat 2 draws qh, the last
    assert "as" in state.hands[1]
    assert "qh" not in state.hands[2] and len(state.hands[2]) == 2
    assert (state.face_up, state.face_up_seat) == ("qh", 2)
    assert {"type": "last_card", "seat": 2, "card": "qh"} in events
    public = GAME.rules.public_view(state)
    assert (public["face_up"], public["face_up_seat"]) == ("qh", 2)


def test_the_last_stock_card_is_not_played_in_phase_1():
    state = position(HANDS, phase=PHASE_COLLECT, to_act=1, trump=None, stock=["as", "qh"])
    state, _ = play(state, 1, "5h")
    state, _ = play(state, 2, "7s")
    assert "play:qh" not in legal_actions(state, 2)
    with pytest.raises(NotInHand):
        play(state, 2, "qh")


def test_the_suit_of_the_last_stock_card_is_trump():
    state = position(HANDS, phase=PHASE_COLLECT, to_act=1, trump=None, stock=["qh"])
    state, _ = play(state, 1, "5h")
    state, _ = play(state, 2, "7s")
    assert state.trump == "h" and GAME.rules.public_view(state)["trump"] == "h"


# --- when the stock is empty ---------------------------------------------------------------


def test_when_the_stock_is_empty_play_goes_on_from_hands():
    state = position(HANDS, phase=PHASE_COLLECT, to_act=1, trump="h")
    state, _ = play(state, 1, "5h")
    state, _ = play(state, 2, "7s")
    assert state.phase == PHASE_COLLECT and state.to_act == 2
    assert [len(hand) for hand in state.hands] == [3, 2, 2]  # nothing to draw


def test_players_with_no_cards_are_skipped_when_choosing_the_next_opponent():
    hands = [["4h", "5c"], ["9c", "2d"], []]
    state = position(hands, phase=PHASE_COLLECT, to_act=0, opponent=1, trump="h")
    state, _ = play(state, 0, "4h")
    state, _ = play(state, 1, "9c")  # seat 1 wins; seat 2, on its left, has no cards
    assert (state.leader, state.opponent, state.to_act) == (1, 0, 1)


def test_phase_1_ends_when_the_player_who_must_lead_has_no_cards():
    hands = [["ad", "5c"], ["9c"], ["3d"]]
    state = position(hands, phase=PHASE_COLLECT, to_act=1, opponent=2, trump="h")
    state, events = play(state, 1, "9c")
    state, events = play(state, 2, "3d")  # seat 1 wins with its last card, then must lead
    assert state.phase == PHASE_SHED
    assert "phase_two" in kinds(events)


def test_phase_1_ends_when_nobody_with_cards_is_left_to_answer():
    hands = [[], ["9c", "4h"], ["3d"]]
    won = [[], [], ["2h", "2s"]]
    state = position(hands, phase=PHASE_COLLECT, to_act=1, opponent=2, trump="h", won=won)
    state, _ = play(state, 1, "9c")
    state, _events = play(state, 2, "3d")  # nobody with cards left of seat 1 to answer
    assert state.phase == PHASE_SHED


def test_after_a_tie_the_same_opponent_with_no_cards_ends_phase_1():
    hands = [["ad"], ["9c", "4h"], ["9d"]]
    state = position(hands, phase=PHASE_COLLECT, to_act=1, opponent=2, trump="h", last_winner=0)
    state, _ = play(state, 1, "9c")
    state, events = play(state, 2, "9d")  # a tie: seat 1 must lead against seat 2 again
    assert state.phase == PHASE_SHED
    switch = next(e for e in events if e["type"] == "phase_two")
    assert switch["returned"] == [{"seat": 1, "card": "9c"}, {"seat": 2, "card": "9d"}]


def test_cards_still_in_hand_are_shown_and_kept_for_phase_2():
    hands = [["ad", "5c"], ["9c"], ["3d"]]
    state = position(hands, phase=PHASE_COLLECT, to_act=1, opponent=2, trump="h")
    state, events = play(state, 1, "9c")
    state, events = play(state, 2, "3d")
    switch = next(e for e in events if e["type"] == "phase_two")
    assert switch["shown"] == [["5c", "ad"], [], []]
    assert sorted(state.hands[0]) == ["5c", "ad"]


def test_tied_cards_lying_at_the_end_go_back_to_whoever_played_each_of_them():
    hands = [["ad"], ["9c", "4h"], ["9d"]]
    state = position(
        hands,
        phase=PHASE_COLLECT,
        to_act=1,
        opponent=2,
        trump="h",
        tied=[(0, "6s"), (1, "6h")],
        last_winner=0,
    )
    state, _ = play(state, 1, "9c")
    state, _ = play(state, 2, "9d")
    assert state.phase == PHASE_SHED
    assert sorted(state.hands[0]) == ["6s", "ad"]
    assert sorted(state.hands[1]) == ["4h", "6h", "9c"]
    assert state.hands[2] == ["9d"]


def test_with_that_setting_tied_cards_lying_at_the_end_go_to_the_last_winner():
    hands = [["ad"], ["9c", "4h"], ["9d"]]
    state = position(
        hands,
        phase=PHASE_COLLECT,
        to_act=1,
        opponent=2,
        trump="h",
        last_winner=0,
        settings={"tied_cards": TIED_LAST_WINNER},
    )
    state, _ = play(state, 1, "9c")
    state, _ = play(state, 2, "9d")
    assert sorted(state.hands[0]) == ["9c", "9d", "ad"]
    assert state.hands[1] == ["4h"] and state.hands[2] == []


def test_tied_cards_go_back_to_who_played_them_when_no_trick_was_ever_won():
    hands = [["ad"], ["9c", "4h"], ["9d"]]
    settings = {"tied_cards": TIED_LAST_WINNER}
    state = position(hands, phase=PHASE_COLLECT, to_act=1, opponent=2, settings=settings)
    state, _ = play(state, 1, "9c")
    state, _ = play(state, 2, "9d")
    assert sorted(state.hands[1]) == ["4h", "9c"] and state.hands[2] == ["9d"]


def test_phase_2_tells_the_trump_card_and_its_owner():
    hands = [["ad", "5c"], ["9c"], ["3d"]]
    state = position(hands, phase=PHASE_COLLECT, to_act=1, opponent=2, trump="h", face_up=(2, "kh"))
    state, events = play(state, 1, "9c")
    state, events = play(state, 2, "3d")
    switch = next(e for e in events if e["type"] == "phase_two")
    assert (switch["trump_card"], switch["trump_owner"]) == ("kh", 2)
    assert "kh" in state.hands[2]
    names = ["Sam", "Ada", "Grace"]
    told = [render(line, "en") for line in page.describe_events([switch], names, 0)]
    assert "⭐ The last stock card, K♥ (trump), goes into Grace's hand." in told
    told = [render(line, "de") for line in page.describe_events([switch], names, 2)]
    assert "⭐ Die letzte Talonkarte, K♥ (Trumpf), kommt auf deine Hand." in told
