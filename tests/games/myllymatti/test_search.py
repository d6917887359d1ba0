"""Phase 2's search with the others playing hard: it finds the line that gets it out."""

from __future__ import annotations

from games.myllymatti import search, simulate
from games.rng import DeterministicRng
from games.think import Budget
from tests.games.myllymatti.scripted import position


def three_left():
    """Beating the queen with the cheap trump leaves the expert the Myllymatti; picking the
    queen up does not."""
    return position(
        [["kd", "js"], ["ks"], ["jh", "kh", "ah"]],
        to_act=0,
        trump="s",
        trick=[(2, "qh")],
        leader=2,
        trick_size=3,
    )


def test_it_picks_up_where_beating_as_cheaply_as_it_can_loses():
    state = three_left()
    hard = simulate.hard_action(state, 0, DeterministicRng(1))
    assert hard == "play:js"
    assert simulate.playout(search.after(state, hard), 0, DeterministicRng(1)) == 1.0
    choice = search.choose(state, 0, DeterministicRng(1), Budget(None, 50).start())
    assert choice == "pickup"
    line = search.ModelSearch(0, DeterministicRng(1), Budget(ms=None).start())
    assert line.value(search.after(state, choice), 2) == 0.0  # a line that gets it out


def test_the_state_it_searches_is_left_as_it_was():
    state = three_left()
    before = state.to_dict()
    search.choose(state, 0, DeterministicRng(1), Budget(ms=None, max_iterations=50).start())
    assert state.to_dict() == before


def test_the_cap_on_playouts_holds_past_the_first_round():
    state = three_left()
    thinking = Budget(None, 2).start()
    search.choose(state, 0, DeterministicRng(1), thinking)
    assert thinking.iterations == 2  # the first round scores all three moves, then nothing more
