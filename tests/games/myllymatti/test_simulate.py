"""Worlds built from a seat's view and hard playouts: the expert's picture of the game must be
the game as the seat sees it, and its hard CPU the real one."""

from __future__ import annotations

from collections import Counter

import pytest

from games.myllymatti import GAME, actions, cards, cpu, simulate
from games.myllymatti.settings import SETTINGS_SPECS
from games.myllymatti.state import PHASE_COLLECT
from games.rng import DeterministicRng

ALL_SETTINGS = [
    {spec.key: spec.choices[index % len(spec.choices)] for spec in SETTINGS_SPECS}
    for index in range(2)
]


def positions(seed: int, seats: int, settings: dict | None = None, steps: int = 500):
    """Every position of one game of random and hard moves, with the seat to act."""
    rng = DeterministicRng(f"simulate-{seed}")
    state, _ = GAME.rules.new_game(settings or {}, seats, rng)
    for _ in range(steps):
        if state.over:
            return
        seat = state.to_act
        yield state, seat
        if rng.randbelow(3):
            action = cpu.choose(GAME.rules.view(state, seat), "hard", rng)
        else:
            legal = actions.legal_actions(state, seat)
            action = legal[rng.randbelow(len(legal))]
        state, _ = GAME.rules.apply(state, seat, action, rng)


def every_card(state) -> Counter:
    """Each card wherever it lies: hands, stock, piles, the table, the face-up card, set aside."""
    places = [*state.hands, state.stock, *state.won, state.set_aside]
    places.append([entry["card"] for entry in [*state.trick, *state.tied]])
    places.append([state.face_up] if state.face_up else [])
    return Counter(card for place in places for card in place)


@pytest.mark.parametrize("settings", ALL_SETTINGS)
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_world_looks_to_the_seat_exactly_like_the_game(seats, settings):
    rng = DeterministicRng("worlds")
    for seed in range(3):
        for state, seat in positions(seed, seats, settings):
            view = GAME.rules.view(state, seat)
            made = simulate.world(view, rng)
            seen = GAME.rules.view(made, seat)
            for field in ("commitment", "last"):
                seen.pop(field), view.pop(field)
            assert seen == view
            assert every_card(made) == Counter(cards.DECK)  # nothing lost, nothing twice
            if state.phase == PHASE_COLLECT:  # who leads phase 2 and may take tied cards
                assert made.last_winner == state.last_winner


def test_a_world_deals_the_unseen_cards_anew_each_time_in_phase_1():
    state, _ = GAME.rules.new_game({}, 3, DeterministicRng(7))
    view = GAME.rules.view(state, state.to_act)
    rng = DeterministicRng("deal")
    others = {tuple(simulate.world(view, rng).hands[(state.to_act + 1) % 3]) for _ in range(10)}
    assert len(others) > 5


def test_from_phase_2_the_world_is_the_game_itself():
    for state, seat in positions(4, 3):
        if state.phase != PHASE_COLLECT:
            made = simulate.world(GAME.rules.view(state, seat), DeterministicRng(1))
            assert [sorted(hand) for hand in made.hands] == [sorted(h) for h in state.hands]
            assert made.trick == state.trick and made.trick_size == state.trick_size
            return
    raise AssertionError("the game never reached phase 2")


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_playouts_hard_cpu_chooses_what_the_real_one_chooses(seats):
    for seed in range(4):
        for state, seat in positions(seed, seats, ALL_SETTINGS[seed % 2]):
            for stalled in (state.stalled, cpu.HARD.unstick_after):
                state.stalled = stalled
                real = cpu.choose(GAME.rules.view(state, seat), "hard", DeterministicRng(seed))
                assert simulate.hard_action(state, seat, DeterministicRng(seed)) == real


def test_a_playout_ends_as_the_same_game_played_move_by_move_would():
    results = Counter()
    for seed in range(20):
        start, _ = GAME.rules.new_game({}, 3, DeterministicRng(f"playout-{seed}"))
        hero = seed % 3
        value = simulate.playout(start.copy(), hero, DeterministicRng(seed))
        state, rng = start, DeterministicRng(seed)
        while not state.over and not state.is_out(hero):
            seat = state.to_act
            action = cpu.choose(GAME.rules.view(state, seat), "hard", rng)
            state, _ = GAME.rules.apply(state, seat, action, rng)
        assert value == float(state.loser == hero)
        results[value] += 1
    assert results[0.0] and results[1.0]  # both endings were met


def test_a_playout_that_goes_round_for_ever_counts_as_half_a_loss():
    start, _ = GAME.rules.new_game({}, 3, DeterministicRng(3))
    assert simulate.playout(start.copy(), 0, DeterministicRng(1), moves=5) == 0.5
