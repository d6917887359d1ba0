"""Myllymatti's secrets for the contract test: the cards in a seat's hand (and the stock)."""

from __future__ import annotations

from games.myllymatti.state import MyllyState
from games.rng import Rng


def perturb(state: MyllyState, seat: int, rng: Rng) -> MyllyState:
    """The same position with ``seat``'s hand cards swapped for hidden stock cards.

    Nobody else sees either the hand or the stock (only their sizes), so every other view
    must stay the same. Where nothing can be swapped (the stock is empty, the hand is empty)
    the state comes back unchanged: then there is nothing the seat hides from a player who
    remembers every card shown.
    """
    hand = state.hands[seat]
    if not hand or not state.stock:
        return state
    twin = state.copy()
    for index in range(len(hand)):
        other = rng.randbelow(len(twin.stock))
        twin.hands[seat][index], twin.stock[other] = twin.stock[other], twin.hands[seat][index]
    return twin
