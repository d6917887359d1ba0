"""Mia's secrets for the contract test: the dice under the cup and their salt."""

from __future__ import annotations

from games.mia.state import MiaState
from games.rng import Rng


def perturb(state: MiaState, seat: int, rng: Rng) -> MiaState:
    """Other dice and salt under ``seat``'s cup, if it holds the cup (nothing else is hidden;
    the tally of unseen bluffs is kept for statistics and never shown)."""
    if state.dice_owner != seat or state.dice is None:
        return state
    twin = state.copy()
    twin.dice = sorted((1 + rng.randbelow(6), 1 + rng.randbelow(6)), reverse=True)
    twin.salt = rng.token_hex(8)
    twin.tally = {key: [0] * state.seats for key in state.tally}
    return twin
