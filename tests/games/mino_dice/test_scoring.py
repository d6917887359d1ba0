"""docs/rules/mino_dice.md, "Scoring at the end of each hand", bonuses, the winner, and who
leads each hand."""

from __future__ import annotations

import pytest

from games.mino_dice import GAME
from games.mino_dice.hands import places, ranking
from games.mino_dice.tricks import hand_points
from tests.games.mino_dice.scripted import bid_all, play_to_hand, roll, start


def results(events) -> list[dict]:
    return next(e for e in events if e["type"] == "hand_scored")["results"]


def play_hand_one(bids, dice, leader=0, **settings):
    """Hand 1 with one die per seat, every seat rolling in turn; returns the scoring events."""
    state, rng = start(dice, leader=leader, **settings)
    state, _ = bid_all(state, rng, *bids)
    events = []
    for _ in dice:
        seat = state.turn
        state, events = roll(state, rng, seat, f"d{state.held[seat][0]}")
    return state, events


# --- the table ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "won", "tricks", "points"),
    [
        (1, 1, 1, 20),
        (3, 3, 5, 60),
        (2, 0, 4, -20),  # under by 2
        (1, 3, 5, -20),  # over by 2
        (0, 0, 6, 60),
        (0, 1, 6, -60),
        (0, 4, 6, -60),
    ],
)
def test_the_scoring_table(bid, won, tricks, points):
    assert hand_points(bid, won, tricks) == points


def test_an_exact_bid_scores_20_per_trick_and_a_zero_bid_made_10_per_die():
    _, events = play_hand_one([0, 1], [["red:4"], ["blue:6"]])
    assert [(r["points"], r["score"]) for r in results(events)] == [(10, 10), (20, 20)]


def test_a_missed_bid_loses_10_per_trick_off():
    state, rng = start([["red"], ["blue"]])
    state = play_to_hand(state, rng, 3, [["black:7", "black:7", "black:7"], ["red:3"] * 3])
    state, _ = bid_all(state, rng, 1, 2)  # seat 0 takes all 3 tricks, seat 1 none
    before = list(state.scores)
    events = []
    while state.hand == 3:
        seat = state.turn
        state, events = roll(state, rng, seat, f"d{state.held[seat][0]}")
    assert [(r["bid"], r["won"], r["points"]) for r in results(events)] == [
        (1, 3, -20),
        (2, 0, -20),
    ]
    assert [a - b for a, b in zip(state.scores, before, strict=True)] == [-20, -20]


def test_a_zero_bid_with_a_trick_won_loses_10_per_die_in_the_hand():
    _, events = play_hand_one([0, 0], [["red:4"], ["blue:6"]])
    assert [r["points"] for r in results(events)] == [10, -10]


# --- bonuses -----------------------------------------------------------------------------


def test_a_mermaid_taking_a_minotaur_earns_50_with_an_exact_bid():
    _, events = play_hand_one([1, 0], [["mermaid"], ["minotaur"]])
    assert next((r["points"], r["bonus"], r["score"]) for r in results(events)) == (20, 50, 70)


def test_a_minotaur_taking_griffins_earns_30_for_each():
    _, events = play_hand_one([1, 0, 0], [["minotaur"], ["griffin"], ["griffin"]])
    assert results(events)[0]["bonus"] == 60 and results(events)[0]["score"] == 80


def test_no_bonus_without_an_exact_bid():
    _, events = play_hand_one([0, 0], [["mermaid"], ["minotaur"]])
    assert results(events)[0] == {
        "seat": 0,
        "bid": 0,
        "won": 1,
        "points": -10,
        "bonus": 0,
        "score": -10,
    }


def test_no_bonus_from_a_trick_in_which_anyone_rolled_a_flag():
    _, events = play_hand_one([1, 0, 0], [["mermaid"], ["minotaur"], ["yellow:flag"]])
    assert results(events)[0]["bonus"] == 0 and results(events)[0]["points"] == 20


def test_a_creature_showing_a_flag_is_a_flag_and_earns_nothing():
    _, events = play_hand_one([0, 1], [["mermaid:flag"], ["minotaur"]])
    assert results(events)[1]["bonus"] == 0


def test_all_three_creatures_the_mermaid_takes_the_minotaur_bonus():
    _, events = play_hand_one([0, 0, 1], [["griffin"], ["minotaur"], ["mermaid"]])
    assert results(events)[2]["bonus"] == 50


def spoiled_elsewhere(**settings):
    """Hand 2: seat 0's Mermaid takes a Minotaur in a clean trick 1, then seat 0 takes
    trick 2, in which seat 2 rolled a flag. Seat 0 bid 2: exact."""
    state, rng = start([["yellow"], ["yellow"], ["yellow"]], leader=2, **settings)
    dice = [["mermaid", "red:5"], ["minotaur", "red:3"], ["yellow:1", "yellow:flag"]]
    state = play_to_hand(state, rng, 2, dice)
    assert state.turn == 0
    state, _ = bid_all(state, rng, 2, 0, 0)
    for seat, die in ((0, "d34"), (1, "d30"), (2, "d0"), (0, "d9"), (1, "d10")):
        state, _ = roll(state, rng, seat, die)
    state, events = roll(state, rng, 2, "d1")
    return results(events)[0]


def test_by_default_a_flag_in_another_trick_does_not_spoil_the_bonus():
    result = spoiled_elsewhere()
    assert (result["bid"], result["won"], result["points"], result["bonus"]) == (2, 2, 40, 50)


def test_with_the_hand_setting_any_flag_taken_in_the_hand_spoils_the_bonuses():
    assert spoiled_elsewhere(bonus_flags="hand")["bonus"] == 0


def test_with_the_hand_setting_a_clean_hand_keeps_the_bonus():
    _, events = play_hand_one([1, 0], [["mermaid"], ["minotaur"]], bonus_flags="hand")
    assert results(events)[0]["bonus"] == 50


# --- the winner --------------------------------------------------------------------------


def test_the_highest_total_after_the_last_hand_wins():
    state, _rng = start([["red"], ["blue"], ["black"]], length="short")
    state.scores = [30, 90, 60]
    assert ranking(state) == [1, 2, 0] and places(state) == [1, 2, 3]


def test_ties_share_the_place():
    state, _ = start([["red"], ["blue"], ["black"], ["yellow"]])
    state.scores = [50, 80, 50, 80]
    assert ranking(state) == [1, 3, 0, 2]
    assert places(state) == [1, 1, 3, 3]


def test_the_game_ends_after_the_last_hand_with_the_shared_game_over_event():
    state, rng = start([["red"], ["blue"]], length="short")
    state = play_to_hand(state, rng, 4, [["red"] * 4, ["blue"] * 4])
    events = []
    while not GAME.rules.is_over(state):
        seat = GAME.rules.to_act(state)[0]
        state, events = GAME.rules.apply(state, seat, GAME.rules.legal_actions(state, seat)[0], rng)
    assert events[-1] == {
        "type": "game_over",
        "ranking": GAME.rules.ranking(state),
        "places": GAME.rules.places(state),
    }
    assert state.hand == 4 and GAME.rules.to_act(state) == []


# --- who leads each hand -----------------------------------------------------------------


def test_the_first_leader_of_the_first_hand_is_random():
    from games.rng import DeterministicRng

    leaders = {GAME.rules.new_game({}, 4, DeterministicRng(seed))[0].leader for seed in range(40)}
    assert leaders == {0, 1, 2, 3}


def test_the_first_leader_rotates_each_hand_by_default():
    state, rng = start([["red"], ["blue"], ["black"]], leader=2)
    leaders = [state.first_leader]
    for hand in (2, 3):
        state = play_to_hand(state, rng, hand, [["red"] * hand, ["blue"] * hand, ["black"] * hand])
        leaders.append(state.first_leader)
    assert leaders == [2, 0, 1]


def test_with_the_winner_setting_the_last_tricks_winner_leads_the_next_hand():
    state, rng = start([["red:3"], ["black:7"], ["blue:5"]], first_leader="winner")
    state = play_to_hand(state, rng, 2, [["red"] * 2, ["blue"] * 2, ["black"] * 2])
    assert state.first_leader == 1  # seat 1's 7 took hand 1's only trick


def test_with_the_random_setting_each_hand_draws_its_first_leader():
    state, rng = start([["red"], ["blue"], ["black"]], first_leader="random")
    state = play_to_hand(state, rng, 2, [["red"] * 2, ["blue"] * 2, ["black"] * 2], leader=2)
    assert state.first_leader == 2


def test_a_zero_bid_counts_every_die_of_the_hand_even_when_a_trick_goes_to_nobody():
    state, rng = start([["yellow"], ["yellow"]], all_flags="nobody")
    state = play_to_hand(state, rng, 2, [["yellow:flag", "red:3"], ["mermaid:flag", "blue:6"]])
    state, _ = bid_all(state, rng, 0, 1)
    for seat, die in ((1, "d34"), (0, "d0"), (1, "d17"), (0, "d9")):
        state, events = roll(state, rng, seat, die)
    assert [(r["won"], r["points"]) for r in results(events)] == [(0, 20), (1, 20)]


def test_the_presets_are_the_house_rules_a_quick_game_and_the_other_readings():
    assert list(GAME.rules.presets) == ["standard", "quick", "variant"]
    assert GAME.rules.presets["standard"] == GAME.rules.normalize_settings({})
    assert GAME.rules.preset_of({"length": "short"}) == "quick"
    assert set(GAME.presentation.preset_descriptions) == set(GAME.rules.presets)
