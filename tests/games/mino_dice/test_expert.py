"""The expert CPU: legal, blind to what its seat cannot see (others' dice, every unrolled face,
hidden bids), repeatable under a seed and a cap, bounded by its budget, and sensible.

Its strength against hard is measured by ``python -m bench.cpu_strength --game mino_dice
--level expert`` (timed assertions make flaky tests).
"""

from __future__ import annotations

import pytest

from games.mino_dice import GAME, expert, playout
from games.mino_dice.dice import SIDES, faces_of, kind_of
from games.mino_dice.state import MinoState
from games.mino_dice.worlds import sample, voids
from games.rng import DeterministicRng, Rng
from games.think import Budget
from tests.games.contract import without_commitments
from tests.games.mino_dice.hidden import perturb
from tests.games.mino_dice.scripted import bid_all, die_ids, play_to_hand, roll, start
from tests.games.positions import positions

SMALL = Budget(None, 3)


def decisions(seats: int, seed: int, every: int = 4):
    """Positions of a game where the seat to act has a real choice."""
    for index, (state, seat) in enumerate(positions(GAME, {}, seats, seed, 120)):
        if index % every == 0 and len(GAME.rules.legal_actions(state, seat)) > 1:
            yield state, seat


def refaced(state: MinoState, seat: int, rng: Rng) -> MinoState:
    """The same position with the faces of ``seat``'s own unrolled dice drawn again: nobody,
    its owner included, sees a face before the roll."""
    twin = state.copy()
    for die in state.held[seat]:
        twin.faces[die] = faces_of(kind_of(die), state.settings["faces"])[rng.randbelow(SIDES)]
    return twin


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_the_expert_always_chooses_a_legal_action(seats):
    for state, seat in decisions(seats, seats):
        view = GAME.rules.view(state, seat)
        choice = GAME.rules.cpu_choice(view, "expert", DeterministicRng(1), SMALL)
        assert choice in view["legal_actions"]


def test_it_decides_the_same_whatever_it_cannot_see():
    rng = DeterministicRng("perturb")
    checked = 0
    for state, seat in decisions(3, 11, every=2):
        view = GAME.rules.view(state, seat)
        mine = expert.choose(view, DeterministicRng(7), SMALL)
        for other in range(3):
            twin = perturb(state, other, rng) if other != seat else refaced(state, seat, rng)
            seen = GAME.rules.view(twin, seat)
            assert without_commitments(seen) == without_commitments(view)
            assert expert.choose(seen, DeterministicRng(7), SMALL) == mine
            checked += twin.faces != state.faces or twin.held != state.held
    assert checked > 30


def test_a_seed_and_a_cap_make_it_repeatable_and_another_seed_may_differ():
    state, seat = next(s for s in decisions(3, 5) if s[0].hand >= 4)
    view = GAME.rules.view(state, seat)
    budget = Budget(None, 4)
    first = expert.move_scores(view, DeterministicRng(1), budget.start())
    assert expert.move_scores(view, DeterministicRng(1), budget.start()) == first
    others = [expert.move_scores(view, DeterministicRng(s), budget.start()) for s in range(8)]
    assert any(scores != first for scores in others)


def test_the_cap_is_the_number_of_worlds_and_each_plays_every_move_out(monkeypatch):
    state, seat = next(s for s in decisions(3, 5) if s[0].hand >= 4)
    view = GAME.rules.view(state, seat)
    played = []
    real = playout.play_out
    monkeypatch.setattr(expert, "play_out", lambda world: played.append(1) or real(world))
    for cap in (1, 4):
        played.clear()
        thinking = Budget(None, cap).start()
        scores = expert.move_scores(view, DeterministicRng(1), thinking)
        assert thinking.iterations == cap
        assert len(played) == cap * len(scores)


def test_the_clock_stops_the_thinking_and_a_world_cut_short_counts_for_nothing(monkeypatch):
    state, seat = next(s for s in decisions(3, 5) if s[0].hand >= 4)
    view = GAME.rules.view(state, seat)
    played = []
    monkeypatch.setattr(expert, "play_out", lambda world: played.append(1) or [1] * 3)
    moves = len(expert.move_scores(view, DeterministicRng(1), Budget(None, 1).start()))
    assert moves > 1
    played.clear()
    # Each reading of the clock is a millisecond later. The first world reads it only when
    # it starts; each later one once before it and once before every move after the first.
    # The time runs out in the fourth world, just after its first move.
    ticks = iter(range(10**6))
    budget = Budget(2 + 2 * moves, clock=lambda: next(ticks) / 1000)
    scores = expert.move_scores(view, DeterministicRng(1), budget.start())
    worlds = set(scores.values())
    assert len(worlds) == 1  # every move over the same worlds
    counted = int(worlds.pop())
    assert 1 <= counted < 10
    assert counted * moves < len(played) < (counted + 1) * moves  # the last one was cut short
    assert expert.choose(view, DeterministicRng(1), budget) in view["legal_actions"]


def test_one_legal_action_is_taken_without_thinking():
    state, rng = start([["red"], ["blue"], ["black"]])
    state, _ = bid_all(state, rng, 0, 0, 0)
    never = Budget(ms=0, max_iterations=0, clock=lambda: 1 / 0)  # reading it would fail
    view = GAME.rules.view(state, 0)
    assert expert.choose(view, DeterministicRng(1), never) == view["legal_actions"][0]


def test_a_seat_with_nothing_to_do_is_refused():
    state, rng = start([["red"], ["blue"], ["black"]])
    state, _ = bid_all(state, rng, 0, 0, 0)
    with pytest.raises(ValueError):
        expert.choose(GAME.rules.view(state, 1), DeterministicRng(1), SMALL)


@pytest.mark.parametrize(("kind", "bid"), [("mermaid", "bid:1"), ("yellow", "bid:0")])
def test_it_bids_a_trick_on_a_creature_and_none_on_a_yellow_die(kind, bid):
    state, _ = start([[kind], ["red"], ["blue"]])
    view = GAME.rules.view(state, 0)
    assert expert.choose(view, DeterministicRng(1), Budget(None, 30)) == bid


def test_bidding_none_it_ducks_with_the_die_least_likely_to_take_the_trick():
    dice = [["black", "yellow"], ["blue:6", "mermaid"], ["red:3", "red"]]
    state, rng = start([["red"], ["red"], ["red"]])
    state = play_to_hand(state, rng, 2, dice)
    state, _ = bid_all(state, rng, 0, 1, 1)
    ids = die_ids(dice)
    state, _ = roll(state, rng, 1, ids[1][0])
    state, _ = roll(state, rng, 2, ids[2][0])
    view = GAME.rules.view(state, 0)
    assert expert.choose(view, DeterministicRng(1), Budget(None, 30)) == f"roll:{ids[0][1]}"


def test_a_seat_that_did_not_follow_a_colour_is_dealt_none_of_it():
    dice = [["red", "red"], ["red", "blue"], ["blue", "black"]]
    state, rng = start([["red"], ["red"], ["red"]])
    state = play_to_hand(state, rng, 2, dice)
    state, _ = bid_all(state, rng, 1, 1, 0)
    ids = die_ids(dice)
    state, _ = roll(state, rng, 1, ids[1][0])  # red led
    state, _ = roll(state, rng, 2, ids[2][0])  # blue: seat 2 holds no red
    view = GAME.rules.view(state, 0)
    assert voids(view)[2] == {"red"}
    for seed in range(20):
        world = sample(view, DeterministicRng(seed))
        assert all(kind_of(die) != "red" for die in world.held[2])
        assert world.held[0] == state.held[0]
        assert sum(map(len, world.held)) == sum(map(len, state.held))


def test_judged_by_the_chance_to_win_a_rivals_points_count_against_it(monkeypatch):
    monkeypatch.setattr(expert, "WIN_CHANCE", True)
    early = {"seat": 0, "hand": 2, "hands": 8, "scores": [10, 10, 10], "resigned": []}
    assert expert.worth(early, [40, 0, 0]) > expert.worth(early, [20, 0, 0])
    assert expert.worth(early, [20, 0, 0]) > expert.worth(early, [20, 40, 0])
    last = {**early, "hand": 8}
    assert expert.worth(last, [20, 0, 0]) == expert.WIN_POINTS + 0.2  # a sure win
    assert expert.worth(last, [0, 20, 0]) == 0.0


def test_by_points_alone_a_rivals_points_do_not_count_before_the_last_hand():
    early = {"seat": 0, "hand": 2, "hands": 8, "scores": [10, 10, 10], "resigned": []}
    assert expert.worth(early, [20, 0, 0]) == expert.worth(early, [20, 40, 0]) == 20
