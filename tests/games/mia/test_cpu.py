"""CPU players: legal, repeatable, blind to others' dice, and sensible at the hard level.

Speed is not asserted here (timed assertions make flaky tests): ``python -m bench.cpu_strength``
prints hard's decision times and the win rates of the levels.
"""

from __future__ import annotations

import copy
import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.base import CPU_LEVELS
from games.mia import GAME
from games.mia.actions import ACCEPT, CHALLENGE, FOLD, PASS, claim_action
from games.mia.cpu import LEVELS, chance_true, choose
from games.mia.equilibrium import settings_key, table_model
from games.mia.ranks import claim_order, probability, rank
from games.mia.settings import SETTINGS_SPECS
from games.rng import DeterministicRng
from games.think import Budget
from tests.games.mia.scripted import ScriptedRng
from tests.games.positions import positions

SETTINGS = st.fixed_dictionaries(
    {spec.key: st.sampled_from(spec.choices) for spec in SETTINGS_SPECS}
)
# The settings a CPU's decisions depend on, in every combination.
STRATEGIC = [
    {"doubles": d, "fold_on_mia": f, "mia_penalty": m, "false_mia_penalty": p, "pass_on": s}
    for d, f, m, p, s in itertools.product(
        ("66-high", "11-high"), (False, True), (1, 2), (1, 2), (False, True)
    )
]


def opening(claim: str, seats: int = 2, roll: str = "31", **settings_):
    """Seat 0 rolled ``roll`` and opened the round with ``claim``: seat 1 must respond."""
    state, _ = GAME.rules.new_game(settings_, seats, ScriptedRng(0, [roll]), "g")
    state, _ = GAME.rules.apply(state, 0, claim_action(claim), ScriptedRng(None))
    return state


def responses(view: dict, level: str = "hard", seeds: int = 200) -> Counter:
    return Counter(choose(view, level, DeterministicRng(f"r{seed}")) for seed in range(seeds))


def play_heads_up(first: str, second: str, games: int, seed: str) -> float:
    """The win rate of CPU level ``first`` against ``second``, swapping seats every game."""
    rng = DeterministicRng(seed)
    wins = 0
    for index in range(games):
        levels = (first, second) if index % 2 == 0 else (second, first)
        state, _ = GAME.rules.new_game({}, 2, rng)
        while not GAME.rules.is_over(state):
            seat = GAME.rules.to_act(state)[0]
            action = choose(GAME.rules.view(state, seat), levels[seat], rng)
            state, _ = GAME.rules.apply(state, seat, action, rng)
        wins += levels[GAME.rules.ranking(state)[0]] == first
    return wins / games


# --- every level, every setting: legal and repeatable ------------------------------------


@settings(max_examples=150, deadline=None)
@given(settings_=SETTINGS, seats=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_every_level_returns_a_legal_action_from_random_positions(settings_, seats, seed):
    for state, seat in positions(GAME, settings_, seats, seed, 80):
        view = GAME.rules.view(state, seat)
        for level in LEVELS:
            assert choose(view, level, DeterministicRng(seed)) in view["legal_actions"]


@pytest.mark.parametrize("settings_", STRATEGIC, ids=lambda s: "-".join(map(str, s.values())))
@pytest.mark.parametrize("seats", [2, 4])
def test_cpu_only_games_end_under_every_settings_combination(settings_, seats):
    for seed in range(3):
        rng = DeterministicRng(f"{seed}{settings_}")
        state, _ = GAME.rules.new_game(settings_, seats, rng)
        levels = [LEVELS[(seat + seed) % 3] for seat in range(seats)]
        for _ in range(5000):
            if GAME.rules.is_over(state):
                break
            seat = GAME.rules.to_act(state)[0]
            view = GAME.rules.view(state, seat)
            action = choose(view, levels[seat], rng)
            assert action in view["legal_actions"]
            state, _ = GAME.rules.apply(state, seat, action, rng)
        assert GAME.rules.is_over(state)


@settings(max_examples=60, deadline=None)
@given(settings_=SETTINGS, seats=st.integers(2, 5), seed=st.integers(0, 2**32))
def test_decisions_are_deterministic_for_the_same_seed(settings_, seats, seed):
    for state, seat in positions(GAME, settings_, seats, seed, 40):
        view = GAME.rules.view(state, seat)
        for level in LEVELS:
            first = choose(view, level, DeterministicRng(seed))
            assert choose(view, level, DeterministicRng(seed)) == first


@settings(max_examples=60, deadline=None)
@given(settings_=SETTINGS, seats=st.integers(2, 5), seed=st.integers(0, 2**32))
def test_a_decision_leaves_the_view_unchanged(settings_, seats, seed):
    for state, seat in positions(GAME, settings_, seats, seed, 40):
        view = GAME.rules.view(state, seat)
        before = copy.deepcopy(view)
        for level in LEVELS:
            choose(view, level, DeterministicRng(seed))
        assert view == before


@pytest.mark.parametrize("level", CPU_LEVELS)
def test_a_receiver_decides_the_same_whatever_dice_lie_under_the_cup(level):
    honest = GAME.rules.view(opening("54", roll="54"), 1)
    bluff = GAME.rules.view(opening("54", roll="31"), 1)
    assert honest["dice"] is None and bluff["dice"] is None
    # The views differ only in the commitment (a hash); the CPU never reads it.
    honest.pop("commitment"), bluff.pop("commitment")
    assert honest == bluff
    budget = Budget(None, 1)
    for seed in range(100):
        assert GAME.rules.cpu_choice(
            honest, level, DeterministicRng(seed), budget
        ) == GAME.rules.cpu_choice(bluff, level, DeterministicRng(seed), budget)


def test_an_unknown_level_or_a_seat_without_a_move_is_refused():
    state = opening("54")
    with pytest.raises(ValueError):
        choose(GAME.rules.view(state, 1), "expert", DeterministicRng(1))
    with pytest.raises(ValueError):
        choose(GAME.rules.view(state, 0), "hard", DeterministicRng(1))


# --- the equilibrium behind hard ----------------------------------------------------------


def test_having_to_beat_54_or_higher_costs_exactly_the_chance_of_rolling_no_higher():
    # Above 54 a good receiver challenges everything: the claimant loses when it rolled no
    # higher, so its expected net lives are P(lose) - P(win) = 2 * P(roll <= k) - 1.
    model = table_model(settings_key(GAME.rules.presets["standard"]))
    order = claim_order("66-high")
    for k in range(rank("54", "66-high"), rank("66", "66-high") + 1):
        at_most = sum(probability(name) for name in order[: k + 1])
        assert model.values[k + 1] == pytest.approx(2 * at_most - 1)


def test_the_starter_of_a_heads_up_round_has_the_edge():
    # Played well, the starter loses about 35% of heads-up rounds (net -0.296 lives; a
    # linear program over the same stage games gives the same value).
    model = table_model(settings_key(GAME.rules.presets["standard"]))
    assert model.values[0] == pytest.approx(-0.2959, abs=5e-4)


def test_the_model_ranks_claims_by_position_whatever_the_doubles_order():
    high66 = table_model(settings_key(GAME.rules.presets["standard"]))
    high11 = table_model(settings_key({**GAME.rules.presets["standard"], "doubles": "11-high"}))
    assert high66.values == pytest.approx(high11.values)


# --- hard plays sensibly -------------------------------------------------------------------


@pytest.mark.parametrize("fold_on_mia", [False, True])
def test_hard_challenges_mia_when_folding_is_off_or_costs_as_much(fold_on_mia):
    view = GAME.rules.view(opening("21", fold_on_mia=fold_on_mia, mia_penalty=1), 1)
    assert responses(view) == {CHALLENGE: 200}


def test_hard_folds_against_mia_only_when_the_claim_is_likely_true():
    table = {"fold_on_mia": True, "mia_penalty": 2}
    opened = GAME.rules.view(opening("21", **table), 1)  # an opening Mia is usually the truth
    state = opening("66", **table)  # after 66 only Mia is left: usually a bluff
    state, _ = GAME.rules.apply(state, 1, ACCEPT, ScriptedRng(None, ["31"]))
    state, _ = GAME.rules.apply(state, 1, claim_action("21"), ScriptedRng(None))
    forced = GAME.rules.view(state, 0)
    key = settings_key(opened["settings"])
    assert chance_true(key, -1, rank("21", "66-high")) > 0.6
    assert chance_true(key, rank("66", "66-high"), rank("21", "66-high")) < 0.1
    assert responses(opened)[FOLD] > 40
    assert responses(forced) == {CHALLENGE: 200}


@pytest.mark.parametrize("roll", ["53", "54", "61", "63", "65", "11", "44", "66", "21"])
def test_hard_tells_the_truth_with_a_high_roll_at_round_start(roll):
    state, _ = GAME.rules.new_game({}, 2, ScriptedRng(0, [roll]), "g")
    said = responses(GAME.rules.view(state, 0))
    assert said[claim_action(roll)] >= 180


def test_hard_mixes_its_bluffs_when_its_roll_is_too_low():
    state = opening("61")
    state, _ = GAME.rules.apply(state, 1, ACCEPT, ScriptedRng(None, ["42"]))
    said = responses(GAME.rules.view(state, 1))
    assert all(rank(action[-2:], "66-high") > rank("61", "66-high") for action in said)
    assert len([action for action, count in said.items() if count >= 10]) >= 2


def test_hard_bluffs_upward_from_a_weak_opening_roll_but_not_always_the_same_claim():
    state, _ = GAME.rules.new_game({}, 2, ScriptedRng(0, ["32"]), "g")
    said = responses(GAME.rules.view(state, 0))
    assert claim_action("32") not in said
    assert len([action for action, count in said.items() if count >= 10]) >= 2


def test_hard_accepts_an_ordinary_opening_claim():
    view = GAME.rules.view(opening("43"), 1)
    assert responses(view) == {ACCEPT: 200}


def test_hard_challenges_the_lowest_claim_over_a_high_one_more_often_than_a_higher_claim():
    def challenged(claim: str) -> int:
        state = opening("54", roll="54")
        state, _ = GAME.rules.apply(state, 1, ACCEPT, ScriptedRng(None, ["31"]))
        state, _ = GAME.rules.apply(state, 1, claim_action(claim), ScriptedRng(None))
        return responses(GAME.rules.view(state, 0))[CHALLENGE]

    assert challenged("61") > challenged("63")


def test_hard_passes_a_likely_true_opening_claim_when_passing_is_allowed():
    view = GAME.rules.view(opening("61", seats=3, pass_on=True), 1)
    assert PASS in view["legal_actions"]
    assert responses(view) == {PASS: 200}


# --- strength (fixed seeds, so deterministic) ----------------------------------------------


def test_hard_beats_easy_heads_up():
    assert play_heads_up("hard", "easy", 300, "strength-hard-easy") > 0.58


def test_normal_beats_easy_heads_up():
    assert play_heads_up("normal", "easy", 300, "strength-normal-easy") > 0.58


def test_hard_beats_normal_heads_up():
    assert play_heads_up("hard", "normal", 300, "strength-hard-normal") > 0.55


def test_cpus_of_one_level_differ_by_nothing_but_luck_whatever_their_seat():
    """Players saw one CPU win every guided game: three easy CPUs over 300 seeded games
    each win about a third, whichever seat they sit in."""
    wins: Counter = Counter()
    for seed in range(300):
        rng = DeterministicRng(f"seats-{seed}".encode())
        state, _ = GAME.rules.new_game({}, 3, rng, f"s{seed}")
        while not GAME.rules.is_over(state):
            seat = GAME.rules.to_act(state)[0]
            action = GAME.rules.cpu_action(GAME.rules.view(state, seat), "easy", rng)
            state, _ = GAME.rules.apply(state, seat, action, rng)
        wins[GAME.rules.ranking(state)[0]] += 1
    assert all(80 <= wins[seat] <= 120 for seat in range(3)), wins
