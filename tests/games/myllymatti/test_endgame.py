"""The exact two-player endgame: a forced way out is found, and nothing else is called one."""

from __future__ import annotations

import pytest

from games.myllymatti import actions, endgame, search, simulate
from games.rng import DeterministicRng
from games.think import Budget
from tests.games.myllymatti.scripted import position


def test_it_finds_the_forced_way_out_the_hard_cpu_misses():
    # Leading the ten lets the king beat it and go out; leading the ace (nobody beats it) makes
    # the other pick it up, and then the ten is led as the last card.
    state = position([["td", "ad"], ["kd"], []], to_act=0, trump="d", out=[[2]])
    assert simulate.hard_action(state, 0, DeterministicRng(1)) == "play:td"
    assert endgame.applies(state, 0)
    assert endgame.winning_move(state, 0) == "play:ad"


def test_a_lost_endgame_has_no_winning_move():
    # Whatever is led, the other beats it with a trump and goes out.
    state = position([["2c", "3h"], ["as"], []], to_act=0, trump="s", out=[[2]])
    assert endgame.winning_move(state, 0) is None


def test_the_proof_answers_for_every_reply_not_just_the_hard_one():
    state = position([["td", "ad"], ["kd"], []], to_act=0, trump="d", out=[[2]])
    assert endgame.Proof(0).wins(search.after(state, "play:ad"))
    assert not endgame.Proof(0).wins(search.after(state, "play:td"))
    # Against the hard CPU, leading the trump three gets the expert out; another reply does not.
    state = position([["2c", "ac", "3h"], ["9c", "tc"], []], to_act=0, trump="h", out=[[2]])
    led = search.after(state, "play:3h")
    assert simulate.playout(led.copy(), 0, DeterministicRng(1)) == 0.0
    assert not endgame.Proof(0).wins(led)


def test_too_many_positions_and_it_gives_up():
    state = position([["td", "ad"], ["kd"], []], to_act=0, trump="d", out=[[2]])
    assert endgame.winning_move(state, 0, max_nodes=1) is None


def test_three_players_or_many_cards_are_not_for_the_exact_endgame():
    assert not endgame.applies(position([["2c"], ["3c"], ["4c"]], to_act=0), 0)
    big = [list(actions.cards.DECK[:10]), list(actions.cards.DECK[10:20]), []]
    assert not endgame.applies(position(big, to_act=0, out=[[2]]), 0)


def test_out_of_time_and_it_gives_up():
    state = position([["td", "ad"], ["kd"], []], to_act=0, trump="d", out=[[2]])
    now = [0.0]
    thinking = Budget(5, clock=lambda: now[0]).start()
    assert endgame.winning_move(state, 0, thinking=thinking) == "play:ad"
    now[0] = 1.0
    proof = endgame.Proof(0, thinking=thinking)
    proof.nodes = 63  # the clock is read at the next position
    with pytest.raises(endgame.TooBig):
        proof.wins(search.after(state, "play:ad"))
