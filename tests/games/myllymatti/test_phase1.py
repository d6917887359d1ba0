"""myllymatti.md, "Players and cards" and "Phase 1 — collecting", as executable examples.

Three seats unless a test says otherwise; with dealer 0, seat 1 leads against seat 2.
"""

from __future__ import annotations

import pytest

from games.errors import InvalidSettings, NotYourTurn
from games.myllymatti import GAME, cards
from games.myllymatti.actions import CHANCE, legal_actions
from games.myllymatti.errors import NoChance, NotInHand
from games.myllymatti.settings import CHANCE_LEADER
from games.myllymatti.state import PHASE_COLLECT
from games.rng import DeterministicRng
from tests.games.myllymatti.scripted import ScriptedRng, cards_in, deal_deck, position

HANDS = [["2c", "3c", "4c"], ["5h", "9d", "kc"], ["7s", "8h", "jd"]]


def start(hands=HANDS, stock=(), dealer=0, **settings):
    rng = ScriptedRng(dealer, deal_deck(dealer, hands, list(stock)))
    state, events = GAME.rules.new_game(settings, len(hands), rng, "t.1")
    return state, events


def play(state, seat, card):
    return GAME.rules.apply(state, seat, f"play:{card}", DeterministicRng(0))


def kinds(events):
    return [event["type"] for event in events]


# --- players and cards ---------------------------------------------------------------------


@pytest.mark.parametrize("seats", [1, 5])
def test_a_game_needs_two_to_four_players(seats):
    with pytest.raises(InvalidSettings):
        GAME.rules.new_game({}, seats, DeterministicRng(1))


def test_a_standard_deck_of_52_cards_without_jokers():
    assert len(cards.DECK) == len(set(cards.DECK)) == 52
    assert {cards.suit(card) for card in cards.DECK} == set("cdhs")


def test_rank_high_to_low_is_a_k_q_j_10_down_to_2():
    order = ["a", "k", "q", "j", "t", "9", "8", "7", "6", "5", "4", "3", "2"]
    ranks = [cards.rank(rank + "s") for rank in order]
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == 13


def test_a_random_dealer_deals_three_cards_to_each_player_the_rest_is_the_stock():
    dealers = set()
    for seed in range(40):
        state, _ = GAME.rules.new_game({}, 4, DeterministicRng(seed))
        dealers.add(state.dealer)
        assert [len(hand) for hand in state.hands] == [3, 3, 3, 3]
        assert len(state.stock) == 52 - 12
    assert dealers == {0, 1, 2, 3}


def test_cards_are_dealt_one_at_a_time_from_the_left_of_the_dealer():
    state, _ = start(dealer=2)
    assert state.hands == HANDS
    assert state.deck[:3] == ["2c", "5h", "7s"]  # seats 0, 1, 2 after dealer 2


def test_each_players_hand_is_private():
    state, _ = start()
    for seat in range(3):
        view = GAME.rules.view(state, seat)
        assert view["hand"] == cards.sorted_hand(HANDS[seat])
        others = {card for other, hand in enumerate(HANDS) if other != seat for card in hand}
        assert not others & cards_in(view)
    assert not cards_in(GAME.rules.public_view(state)) & {card for hand in HANDS for card in hand}


# --- tricks --------------------------------------------------------------------------------


def test_the_player_left_of_the_dealer_leads_against_the_player_on_their_left():
    state, events = start(dealer=0)
    assert (state.leader, state.opponent, state.to_act) == (1, 2, 1)
    assert events[0]["leader"] == 1
    state, _ = start(dealer=2)
    assert (state.leader, state.opponent) == (0, 1)


def test_the_leader_may_lead_any_card_and_the_answer_may_be_any_card():
    state, _ = start()
    assert {a for a in legal_actions(state, 1) if a.startswith("play:")} == {
        "play:5h",
        "play:9d",
        "play:kc",
    }
    state, _ = play(state, 1, "kc")
    assert state.to_act == 2
    assert {a for a in legal_actions(state, 2) if a.startswith("play:")} == {
        "play:7s",
        "play:8h",
        "play:jd",
    }


def test_the_higher_rank_wins_the_trick_whatever_the_suits():
    state, _ = start()
    state, _ = play(state, 1, "5h")
    state, events = play(state, 2, "7s")  # a spade, a heart: only rank counts
    won = next(e for e in events if e["type"] == "trick_won")
    assert (won["seat"], won["other"], won["cards"]) == (2, 1, ["5h", "7s"])
    assert state.won[2] == ["5h", "7s"]


def test_both_players_draw_back_up_to_three_leader_first():
    state, _ = start(stock=["as", "ks", "qs"])
    state, _ = play(state, 1, "5h")
    state, _ = play(state, 2, "7s")
    assert "as" in state.hands[1] and "ks" in state.hands[2]
    assert [len(hand) for hand in state.hands] == [3, 3, 3]
    assert state.stock[0] == "qs"


def test_the_winner_leads_the_next_trick_against_the_player_on_their_left():
    state, _ = start()
    state, _ = play(state, 1, "5h")
    state, _ = play(state, 2, "7s")  # seat 2 wins: play moves round
    assert (state.leader, state.opponent, state.to_act) == (2, 0, 2)


def test_a_leader_who_wins_leads_again_against_the_same_player():
    state, _ = start()
    state, _ = play(state, 1, "kc")
    state, _ = play(state, 2, "7s")
    assert (state.leader, state.opponent, state.to_act) == (1, 2, 1)


def test_a_tie_stays_on_the_table_and_the_same_leader_leads_against_the_same_player():
    hands = [["2c", "3c", "4c"], ["5h", "9d", "kc"], ["5s", "8h", "jd"]]
    state, _ = start(hands)
    state, _ = play(state, 1, "5h")
    state, events = play(state, 2, "5s")
    assert "tied" in kinds(events)
    assert [entry["card"] for entry in state.tied] == ["5h", "5s"]
    assert state.won == [[], [], []]
    assert (state.leader, state.opponent, state.to_act) == (1, 2, 1)
    assert [len(hand) for hand in state.hands] == [3, 3, 3]  # they draw after a tie too


def test_the_winner_of_the_next_decided_trick_takes_every_tied_card():
    hands = [["2c", "3c", "4c"], ["5h", "9d", "kc"], ["5s", "8h", "jd"]]
    state, _ = start(hands)
    state, _ = play(state, 1, "5h")
    state, _ = play(state, 2, "5s")
    state, _ = play(state, 1, "9d")
    state, events = play(state, 2, "jd")
    assert sorted(state.won[2]) == sorted(["5h", "5s", "9d", "jd"])
    assert state.tied == []
    won = next(e for e in events if e["type"] == "trick_won")
    assert won["tied"] == ["5h", "5s"]


# --- taking a chance -----------------------------------------------------------------------


def test_taking_a_chance_turns_up_the_top_stock_card_and_plays_it():
    state, _ = start(stock=["qd", "2s", "3s"])
    state, events = GAME.rules.apply(state, 1, CHANCE, DeterministicRng(0))
    assert state.trick == [{"seat": 1, "card": "qd", "chance": True}]
    assert state.hands[1] == HANDS[1]  # the hand is untouched
    assert events == [{"type": "played", "seat": 1, "card": "qd", "chance": True}]
    assert GAME.rules.public_view(state)["trick"][0]["card"] == "qd"  # public at once


def test_either_player_of_the_trick_may_take_a_chance():
    state, _ = start()
    assert CHANCE in legal_actions(state, 1)
    state, _ = play(state, 1, "5h")
    assert CHANCE in legal_actions(state, 2)
    state, _ = GAME.rules.apply(state, 2, CHANCE, DeterministicRng(0))
    assert state.tally["chances_taken"] == [0, 0, 1]


def test_with_leader_only_chances_the_answering_player_may_not_take_one():
    state, _ = start(chance=CHANCE_LEADER)
    assert CHANCE in legal_actions(state, 1)
    state, _ = play(state, 1, "5h")
    assert CHANCE not in legal_actions(state, 2)
    with pytest.raises(NoChance):
        GAME.rules.apply(state, 2, CHANCE, DeterministicRng(0))


def test_a_chance_is_allowed_only_while_the_stock_holds_more_than_one_card():
    state = position(HANDS, phase=PHASE_COLLECT, to_act=1, trump=None, stock=["as", "ks"])
    assert CHANCE in legal_actions(state, 1)
    state = position(HANDS, phase=PHASE_COLLECT, to_act=1, trump=None, stock=["as"])
    assert CHANCE not in legal_actions(state, 1)
    with pytest.raises(NoChance):
        GAME.rules.apply(state, 1, CHANCE, DeterministicRng(0))


def test_only_the_player_to_act_may_play():
    state, _ = start()
    with pytest.raises(NotYourTurn):
        play(state, 2, "7s")
    assert legal_actions(state, 0) == legal_actions(state, 2) == []


def test_a_card_not_in_hand_cannot_be_played():
    state, _ = start()
    with pytest.raises(NotInHand):
        play(state, 1, "as")
