"""Mia's expert: its table loads and covers the rules it claims, it sees only its seat's view,
repeats itself under a seed, never thinks (a look-up), and its solver is reproducible.

Its strength is measured by ``python -m bench.cpu_strength --game mia --level expert``.
"""

from __future__ import annotations

import copy
import itertools

import pytest

from games.mia import GAME, expert
from games.mia.actions import ACCEPT, CHALLENGE, claim_action
from games.mia.cfr import StageInput, solve_stage
from games.mia.expert_table import TABLE_PATH, decode, encode, positions
from games.mia.model import RANKS, TOP, claim_model
from games.mia.solve import Config, solve
from games.rng import DeterministicRng
from games.think import Budget
from tests.games.mia.hidden import perturb
from tests.games.mia.scripted import ScriptedRng
from tests.games.mia.test_cpu import STRATEGIC

PRESETS = GAME.rules.presets
NO_CLOCK = Budget(None, 1, clock=lambda: pytest.fail("the expert read the clock"))


def expert_positions(settings: dict, seats: int, seed: int, steps: int = 120):
    """(state, seat to act) along a game where the expert plays every seat now and then."""
    rng = DeterministicRng(f"expert-{seed}")
    state, _ = GAME.rules.new_game(settings, seats, rng)
    for _ in range(steps):
        if GAME.rules.is_over(state):
            return
        seat = GAME.rules.to_act(state)[0]
        yield state, seat
        view = GAME.rules.view(state, seat)
        if rng.randbelow(3):
            action = expert.choose(view, rng, NO_CLOCK)
        else:
            action = view["legal_actions"][rng.randbelow(len(view["legal_actions"]))]
        state, _ = GAME.rules.apply(state, seat, action, rng)


def test_the_table_loads_and_covers_both_presets_at_every_position():
    tables = decode(TABLE_PATH.read_bytes())
    for name in ("standard", "classic"):
        settings = GAME.rules.normalize_settings(PRESETS[name])
        assert expert.covers(settings)
        assert expert.covers({**settings, "doubles": "11-high", "lives": 2})
        lookup = tables[expert.rules_key(settings)]
        for where, k in itertools.product(positions(lookup.max_lives), range(-1, TOP)):
            for r in range(RANKS):
                pairs = lookup.claim_mix(where, k, r)
                assert pairs and all(k < c <= TOP and w > 0 for c, w in pairs)
            for c in range(k + 1, RANKS):
                assert 0 <= lookup.challenge(where, k, c) <= 255
    assert not expert.covers({**GAME.rules.normalize_settings({}), "pass_on": True})


@pytest.mark.parametrize("settings", STRATEGIC, ids=lambda s: "-".join(map(str, s.values())))
@pytest.mark.parametrize("seats", [2, 3, 5])
def test_it_always_chooses_a_legal_action_covered_or_not(settings, seats):
    for state, seat in expert_positions(settings, seats, seed=seats):
        view = GAME.rules.view(state, seat)
        assert expert.choose(view, DeterministicRng(seat), NO_CLOCK) in view["legal_actions"]


@pytest.mark.parametrize("preset", ["standard", "classic"])
def test_it_decides_the_same_whatever_dice_lie_under_another_cup(preset):
    rng = DeterministicRng("twins")
    checked = 0
    for seed, seats in itertools.product(range(4), (2, 3)):
        for state, seat in expert_positions(PRESETS[preset], seats, seed):
            view = GAME.rules.view(state, seat)
            mine = expert.choose(view, DeterministicRng(seed), NO_CLOCK)
            for other in range(seats):
                twin = perturb(state, other, rng) if other != seat else state
                if twin is state:
                    continue
                twin_view = GAME.rules.view(twin, seat)
                assert {**twin_view, "commitment": None} == {**view, "commitment": None}
                assert expert.choose(twin_view, DeterministicRng(seed), NO_CLOCK) == mine
                checked += 1
    assert checked > 100


def test_a_decision_leaves_the_view_unchanged_and_repeats_under_the_same_seed():
    chosen: set[tuple[int, str]] = set()
    for state, seat in expert_positions(PRESETS["standard"], 3, seed=7):
        view = GAME.rules.view(state, seat)
        before = copy.deepcopy(view)
        first = expert.choose(view, DeterministicRng(seat), NO_CLOCK)
        assert view == before
        assert expert.choose(view, DeterministicRng(seat), NO_CLOCK) == first
        choices = {expert.choose(view, DeterministicRng(s), NO_CLOCK) for s in range(30)}
        chosen.add((state.step, "mixed" if len(choices) > 1 else "pure"))
    assert any(kind == "mixed" for _, kind in chosen), "some positions call for a mixed strategy"


def test_it_accepts_an_honest_looking_low_opening_and_challenges_a_forced_mia():
    state, _ = GAME.rules.new_game(PRESETS["standard"], 3, ScriptedRng(0, ["31"]), "g")
    state, _ = GAME.rules.apply(state, 0, claim_action("31"), ScriptedRng(None))
    low = GAME.rules.view(state, 1)
    assert {expert.choose(low, DeterministicRng(s), NO_CLOCK) for s in range(50)} == {ACCEPT}
    state, _ = GAME.rules.apply(state, 1, ACCEPT, ScriptedRng(None, ["31"]))
    state, _ = GAME.rules.apply(state, 1, claim_action("21"), ScriptedRng(None))
    mia = GAME.rules.view(state, 2)
    assert {expert.choose(mia, DeterministicRng(s), NO_CLOCK) for s in range(50)} == {CHALLENGE}


def test_the_solver_is_reproducible_on_a_tiny_rule_set():
    tiny = Config(max_lives=1, iterations=15)
    first = encode({tiny.rules_key: solve(tiny)})
    assert encode({tiny.rules_key: solve(tiny)}) == first
    table = decode(first)[tiny.rules_key]
    assert set(table.claims) == {
        (where, k, r) for where in positions(1) for k in range(-1, TOP) for r in range(RANKS)
    }


def test_a_stage_against_a_model_that_always_accepts_is_won_by_bluffing_low():
    # A receiver who never challenges: the claimant's best claim is the one worth most once
    # accepted. With "stands" worth more the lower the claim, CFR+ finds the lowest.
    win, lose = (1.0, 0.0), (0.0, 1.0)
    stands = [(1.0 - c / 40, c / 40) for c in range(RANKS)]
    stage = StageInput(
        k=-1,
        claimant=0,
        receiver=1,
        held=[win] * RANKS,
        caught=[lose] * RANKS,
        stands=stands,
        claim_model=[claim_model(("66-high", 1, 1, False), -1, r, 2) for r in range(RANKS)],
        challenge_model=[0.0] * RANKS,
        claimant_free=1.0,
        receiver_free=0.0,
    )
    result = solve_stage(stage, 200)
    assert all(row[0] > 0.95 for row in result.claims)
    assert result.value[0] == pytest.approx(1.0, abs=0.01)
