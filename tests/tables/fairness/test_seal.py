"""The sealed record: calls into the rules with their draws, kept as compact text, given back
in order to run the game again; a record that does not fit the rules says so."""

from __future__ import annotations

import pytest

from games.rng import DeterministicRng
from tables.fairness import seal


def test_a_change_records_each_call_and_its_draws_in_order():
    rng = DeterministicRng("seal")
    with seal.recording() as calls:
        dealer = seal.rng_for(rng, seal.NEW)
        drawn = [dealer.randbelow(6), dealer.token_hex(8)]
        mover = seal.rng_for(rng, seal.MOVE, 2, "play:qh,2c")
        mover.randbelow(3)
        seal.rng_for(rng, seal.TIMEOUT, 0)
    assert calls[0] == [seal.NEW, None, None, drawn]
    assert calls[1][:3] == [seal.MOVE, 2, "play:qh,2c"] and len(calls[1][3]) == 1
    assert calls[2] == [seal.TIMEOUT, 0, None]
    assert seal.rng_for(rng, seal.MOVE, 0, "x") is rng  # outside a change: nothing recorded


def test_the_kept_text_gives_back_exactly_the_calls():
    calls = [[seal.NEW, None, None, [2, 0, "608f6fc2cf5dce8e"]], [seal.MOVE, 3, "bid:0", []]]
    calls.append([seal.RESIGN, 1, None, [5]])
    text = seal.encode(9, calls)
    assert text == "9|n  2 0 x608f6fc2cf5dce8e;m3 bid:0;r1  5"
    assert seal.decode(text.encode()) == (9, calls)


def test_a_replayed_call_refuses_draws_that_do_not_fit():
    replayed = seal.Replayed([7, "abcd"])
    with pytest.raises(seal.OutOfStep):
        replayed.randbelow(6)  # 7 is not below 6: the record and the rules disagree
    replayed = seal.Replayed(["abcd"])
    assert replayed.token_hex(2) == "abcd" and replayed.spent
    with pytest.raises(seal.OutOfStep):
        replayed.randbelow(2)
