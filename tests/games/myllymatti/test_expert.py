"""The expert CPU: legal, blind to what its seat cannot see, repeatable under a seed and a cap,
bounded by its budget, and stronger than chance.

Its strength against hard is measured by ``python -m bench.cpu_myllymatti --level expert``.
"""

from __future__ import annotations

import pytest

from games.myllymatti import GAME, actions, expert, simulate
from games.myllymatti.state import PHASE_COLLECT
from games.rng import DeterministicRng
from games.think import Budget
from tests.games.myllymatti.hidden import perturb
from tests.games.myllymatti.scripted import position
from tests.games.myllymatti.test_simulate import ALL_SETTINGS, positions

SMALL = Budget(None, 3)


def decisions(seed: int, seats: int, settings: dict | None = None, every: int = 3):
    """Some positions of a game where the seat to act has a real choice."""
    for index, (state, seat) in enumerate(positions(seed, seats, settings)):
        if index % every == 0 and len(actions.legal_actions(state, seat)) > 1:
            yield state, seat


@pytest.mark.parametrize("settings", ALL_SETTINGS)
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_expert_always_chooses_a_legal_action(seats, settings):
    for seed in range(2):
        for state, seat in decisions(seed, seats, settings):
            view = GAME.rules.view(state, seat)
            assert expert.choose(view, DeterministicRng(seed), SMALL) in view["legal_actions"]


def test_it_decides_the_same_whatever_the_other_hands_and_the_stock_hold():
    rng = DeterministicRng("perturb")
    checked = 0
    for seed in range(3):
        for state, seat in decisions(seed, 3):
            if state.phase != PHASE_COLLECT:
                continue
            mine = expert.choose(GAME.rules.view(state, seat), DeterministicRng(seed), SMALL)
            for other in range(3):
                twin = perturb(state, other, rng) if other != seat else state
                assert GAME.rules.view(twin, seat) == GAME.rules.view(state, seat)
                theirs = expert.choose(GAME.rules.view(twin, seat), DeterministicRng(seed), SMALL)
                assert theirs == mine
                checked += twin is not state
    assert checked > 20


def test_a_seed_and_a_cap_make_it_repeatable_and_another_seed_may_differ():
    state, seat = next(decisions(5, 3))
    view = GAME.rules.view(state, seat)
    budget = Budget(None, 4)
    first = expert.collect_scores(view, DeterministicRng(1), budget.start())
    assert expert.collect_scores(view, DeterministicRng(1), budget.start()) == first
    others = [expert.collect_scores(view, DeterministicRng(s), budget.start()) for s in range(8)]
    assert any(scores != first for scores in others)


def test_the_cap_is_the_number_of_worlds_and_each_plays_every_move_out(monkeypatch):
    state, seat = next(decisions(5, 3))
    view = GAME.rules.view(state, seat)
    played = []
    playout = simulate.playout
    monkeypatch.setattr(simulate, "playout", lambda *args: played.append(1) or playout(*args))
    for cap in (1, 4):
        played.clear()
        thinking = Budget(None, cap).start()
        expert.collect_scores(view, DeterministicRng(1), thinking)
        assert thinking.iterations == cap
        assert len(played) == cap * len(view["legal_actions"])


def test_the_clock_stops_the_thinking_and_a_world_cut_short_counts_for_nothing(monkeypatch):
    state, seat = next(decisions(5, 3))
    view = GAME.rules.view(state, seat)
    moves = len(view["legal_actions"])
    played = []
    monkeypatch.setattr(simulate, "playout", lambda *args: played.append(1) or 1.0)
    ticks = iter(range(10**6))  # each reading of the clock is a millisecond later
    budget = Budget(10, clock=lambda: next(ticks) / 1000)
    losses = expert.collect_scores(view, DeterministicRng(1), budget.start())
    worlds = set(losses.values())
    assert len(worlds) == 1  # every move over the same worlds
    counted = int(worlds.pop())
    assert 1 <= counted < 10
    assert counted * moves < len(played) < (counted + 1) * moves  # the last one was cut short
    assert expert.choose(view, DeterministicRng(1), budget) in view["legal_actions"]


def test_one_legal_action_is_taken_without_thinking():
    state = position([["5h"], ["8h", "3c"], ["4d"]], to_act=1, trick=[(0, "9h")])
    never = Budget(ms=0, max_iterations=0, clock=lambda: 1 / 0)  # reading it would fail
    assert expert.choose(GAME.rules.view(state, 1), DeterministicRng(1), never) == "pickup"


def test_a_seat_with_nothing_to_do_is_refused():
    state = position([["5h"], ["8h", "3c"], ["4d"]], to_act=1, trick=[(0, "9h")])
    with pytest.raises(ValueError):
        expert.choose(GAME.rules.view(state, 0), DeterministicRng(1), SMALL)


def test_it_takes_the_forced_way_out_of_a_two_player_endgame():
    state = position([["td", "ad"], ["kd"], []], to_act=0, trump="d", out=[[2]])
    view = GAME.rules.view(state, 0)
    assert expert.choose(view, DeterministicRng(1), SMALL) == "play:ad"


def test_it_loses_far_less_often_than_chance_against_random_players():
    rng = DeterministicRng("smoke")
    lost = 0
    for game in range(30):
        hero = game % 3
        state, _ = GAME.rules.new_game({}, 3, rng)
        while not state.over and not state.is_out(hero):
            seat = state.to_act
            view = GAME.rules.view(state, seat)
            if seat == hero:
                action = expert.choose(view, rng, Budget(None, 2))
            else:
                action = view["legal_actions"][rng.randbelow(len(view["legal_actions"]))]
            state, _ = GAME.rules.apply(state, seat, action, rng)
        lost += state.loser == hero
    assert lost <= 3  # a fair share would be 10 of 30
