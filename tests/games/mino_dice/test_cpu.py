"""CPU players: legal, repeatable, blind to others' dice and faces, and sensible when hard.

Speed and strength are measured by ``python -m bench.cpu_strength --game mino_dice`` (timed
assertions make flaky tests).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.mino_dice import GAME
from games.mino_dice.cpu import LEVELS, choose
from games.mino_dice.odds import chosen_kinds, die_strength, face_distribution, unseen_counts
from games.rng import DeterministicRng
from tests.games.mino_dice.hidden import perturb
from tests.games.mino_dice.scripted import bid_all, play_to_hand, roll, start
from tests.games.positions import positions


@settings(max_examples=25, deadline=None)
@given(seats=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_every_level_chooses_a_legal_action_from_its_view_alone(seats, seed):
    rng = DeterministicRng(seed)
    for state, seat in positions(GAME, {}, seats, seed, 120):
        view = GAME.rules.view(state, seat)
        for level in LEVELS:
            assert choose(view, level, rng) in view["legal_actions"]
        # Others' dice and every unrolled face changed: normal and hard choose the same.
        twin = perturb(state, (seat + 1) % seats, rng)
        for level in ("normal", "hard"):
            assert choose(GAME.rules.view(twin, seat), level, rng) == choose(view, level, rng)


def test_normal_and_hard_are_repeatable_without_randomness():
    for state, seat in positions(GAME, {}, 4, 7, 120):
        view = GAME.rules.view(state, seat)
        assert choose(view, "hard", DeterministicRng(1)) == choose(
            view, "hard", DeterministicRng(2)
        )


def test_a_level_must_be_known_and_a_seat_must_have_something_to_do():
    state, _ = start([["red"], ["blue"]])
    with pytest.raises(ValueError):
        choose(GAME.rules.view(state, 0), "genius", DeterministicRng(1))
    state, rng = start([["red"], ["blue"]])
    state, _ = GAME.rules.apply(state, 0, "bid:0", rng)
    with pytest.raises(ValueError):
        choose(GAME.rules.view(state, 0), "hard", rng)


def test_the_chance_model_ranks_the_kinds_as_the_faces_do():
    counts = unseen_counts([], [])
    dist = face_distribution(counts, "house")
    settings_ = GAME.rules.normalize_settings({})
    strength = {k: die_strength(k, 2, dist, settings_) for k in counts}
    assert strength["yellow"] < strength["red"] < strength["blue"] < strength["black"]
    assert strength["black"] < strength["mermaid"]
    assert sum(chosen_kinds(counts, 3, "take").values()) == pytest.approx(1)
    assert chosen_kinds(counts, 3, "take")["black"] > chosen_kinds(counts, 3, "duck")["black"]


def test_hard_bids_nothing_on_weak_dice_and_high_on_strong_ones():
    state, rng = start([["red"], ["blue"], ["black"]])
    dice = [["yellow"] * 4, ["minotaur", "griffin", "mermaid", "black"], ["red"] * 4]
    state = play_to_hand(state, rng, 4, dice)
    assert choose(GAME.rules.view(state, 0), "hard", rng) == "bid:0"
    assert choose(GAME.rules.view(state, 1), "hard", rng) in ("bid:3", "bid:4")


def test_hard_takes_a_trick_it_needs_and_ducks_one_it_does_not():
    def after_a_red_5(bid: int):
        state, rng = start([["red"], ["red"]])
        state = play_to_hand(state, rng, 2, [["black", "yellow"], ["red:5", "yellow"]])
        state, _ = bid_all(state, rng, bid, 0)
        assert state.turn == 1
        state, _ = roll(state, rng, 1, "d9")  # seat 1 leads a red 5; seat 0 has no red
        return GAME.rules.view(state, 0)

    assert choose(after_a_red_5(1), "hard", DeterministicRng(1)) == "roll:d24"  # the black
    assert choose(after_a_red_5(0), "hard", DeterministicRng(1)) == "roll:d0"  # the yellow


def test_hard_keeps_a_die_that_cannot_win_this_trick_for_later():
    state, rng = start([["red"], ["red"]])
    state = play_to_hand(state, rng, 2, [["griffin:griffin", "red"], ["minotaur", "yellow"]])
    state, _ = bid_all(state, rng, 1, 1)
    state, _ = roll(state, rng, 1, "d30")  # a Minotaur shows: the Griffin would lose to it
    assert choose(GAME.rules.view(state, 0), "hard", rng) == "roll:d9"
