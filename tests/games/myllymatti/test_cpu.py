"""CPU players: legal, repeatable, blind to hidden cards, and sensible at the hard level.

Strength and speed are measured by ``python -m bench.cpu_myllymatti`` (timed assertions make
flaky tests).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.myllymatti import GAME
from games.myllymatti.actions import CHANCE, PICKUP
from games.myllymatti.cpu import HARD, LEVELS, choose
from games.myllymatti.settings import SETTINGS_SPECS
from games.myllymatti.state import PHASE_COLLECT
from games.rng import DeterministicRng
from tests.games.myllymatti.hidden import perturb
from tests.games.myllymatti.scripted import position
from tests.games.positions import positions

SETTINGS = st.fixed_dictionaries(
    {spec.key: st.sampled_from(spec.choices) for spec in SETTINGS_SPECS}
)


@settings(max_examples=40, deadline=None)
@given(settings_=SETTINGS, seats=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_every_level_always_chooses_a_legal_action(settings_, seats, seed):
    rng = DeterministicRng(seed)
    for state, seat in positions(GAME, settings_, seats, seed, 400):
        for level in LEVELS:
            assert choose(GAME.rules.view(state, seat), level, rng) in GAME.rules.legal_actions(
                state, seat
            )


@settings(max_examples=30, deadline=None)
@given(seats=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_a_cpu_decides_the_same_whatever_other_hands_and_the_stock_hold(seats, seed):
    rng = DeterministicRng(f"perturb-{seed}")
    for state, seat in positions(GAME, {}, seats, seed, 60):
        for other in range(seats):
            if other == seat:
                continue
            twin = perturb(state, other, rng)
            for level in LEVELS:
                mine = choose(GAME.rules.view(state, seat), level, DeterministicRng(1))
                theirs = choose(GAME.rules.view(twin, seat), level, DeterministicRng(1))
                assert mine == theirs


def test_unknown_levels_and_seats_with_nothing_to_do_are_refused():
    state, _ = GAME.rules.new_game({}, 3, DeterministicRng(1))
    with pytest.raises(ValueError):
        choose(GAME.rules.view(state, state.to_act), "expert", DeterministicRng(1))
    with pytest.raises(ValueError):
        choose(GAME.rules.view(state, (state.to_act + 1) % 3), "hard", DeterministicRng(1))


def collect(hands, trick=(), **options):
    defaults = {"phase": PHASE_COLLECT, "trump": None, "stock": ["2d", "3d", "4d"]}
    return position(hands, trick=trick, **{**defaults, **options})


def hard(state, seat):
    return choose(GAME.rules.view(state, seat), "hard", DeterministicRng(1))


def test_hard_leads_its_highest_card_in_phase_1_to_keep_it():
    state = collect([["5h", "kc", "9d"], ["2c", "3c", "4c"]], to_act=0)
    assert hard(state, 0) == "play:kc"


def test_hard_answers_with_its_lowest_card_that_loses():
    state = collect([["qh"], ["2c", "9c", "ac"]], trick=[(0, "qh")], to_act=1, leader=0)
    state.hands[0] = ["5h"]
    assert hard(state, 1) == "play:2c"


def test_hard_that_must_win_wins_with_its_highest_card():
    state = collect([["5h"], ["9c", "kc", "jd"]], trick=[(0, "4h")], to_act=1, leader=0)
    assert hard(state, 1) == "play:kc"


def test_hard_fights_for_a_trump_once_trump_is_known():
    state = collect(
        [["5h"], ["9c", "2h", "kc"]], trick=[(0, "7h")], to_act=1, leader=0, trump="h", stock=[]
    )
    assert hard(state, 1) == "play:9c"  # the cheapest card that wins the trump


def test_hard_beats_with_its_cheapest_card_and_keeps_trumps():
    state = position([["5h"], ["2s", "kh", "jh", "3c"], ["4d"]], to_act=1, trick=[(0, "9h")])
    assert hard(state, 1) == "play:jh"
    state = position([["5h"], ["2s", "ks", "3c"], ["4d"]], to_act=1, trick=[(0, "9h")])
    assert hard(state, 1) == "play:2s"  # a trump rather than picking up


def test_hard_leads_its_lowest_card_outside_trumps():
    state = position([["5h", "2s", "9c", "4d"], ["3c"]], to_act=0)
    assert hard(state, 0) == "play:4d"


def test_every_level_picks_up_only_when_nothing_beats():
    state = position([["5h"], ["8h", "3c"], ["4d"]], to_act=1, trick=[(0, "9h")])
    for level in LEVELS:
        assert choose(GAME.rules.view(state, 1), level, DeterministicRng(1)) == PICKUP


def test_after_many_moves_without_progress_normal_and_hard_vary_their_play():
    state = position([["5h"], ["th", "jh", "qh", "2c"], ["4d"]], to_act=1, trick=[(0, "9h")])
    calm = {choose(GAME.rules.view(state, 1), "hard", DeterministicRng(i)) for i in range(40)}
    assert calm == {"play:th"}
    state.stalled = HARD.unstick_after
    for level in ("normal", "hard"):
        stuck = {choose(GAME.rules.view(state, 1), level, DeterministicRng(i)) for i in range(40)}
        assert len(stuck) > 1


def test_easy_sometimes_takes_a_chance():
    state = collect([["5h", "kc", "9d"], ["2c", "3c", "4c"]], to_act=0)
    picks = {choose(GAME.rules.view(state, 0), "easy", DeterministicRng(i)) for i in range(60)}
    assert CHANCE in picks and len(picks) > 2
