"""Mia's page words from a seat: a claim of 31 (the lowest, so always true) is explained
rather than left open to a challenge that can only lose."""

from __future__ import annotations

from games.mia import GAME
from games.mia.page import describe_status
from games.rng import DeterministicRng
from translations import render

NAMES = ["Ann", "Grace", "Cy"]


def test_a_claim_of_31_says_it_is_always_true():
    rng = DeterministicRng(b"mia-31")
    state, _ = GAME.rules.new_game({}, 3, rng, "g31")
    claimant = state.to_act
    state, _ = GAME.rules.apply(state, claimant, "claim:31", rng)
    seat = state.to_act
    lines = [
        render(line, "en") for line in describe_status(GAME.rules.view(state, seat), NAMES, seat)
    ]
    said = f"{NAMES[claimant]} claims 31, the lowest claim: every roll reaches it, so it is always"
    assert any(line.startswith(said) for line in lines), lines
