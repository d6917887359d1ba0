"""The toy game's secrets for the contract test: a seat's cards and its bid before the reveal."""

from __future__ import annotations

from collections import Counter

from games.rng import Rng
from tests.support.toy_game import ToyState


def perturb(state: ToyState, seat: int, rng: Rng) -> ToyState:
    """Other cards from the undealt rest, and another bid while the bids are hidden (not
    when they are made in the open)."""
    if state.over:
        return state
    twin = state.copy()
    dealt = Counter(card for hand in state.hands for card in hand)
    dealt.update(card for _seat, card in state.trick)
    rest = [n for n in range(1, 10) for _ in range(2 - dealt[n])] + list(state.hands[seat])
    twin.hands[seat] = [rest.pop(rng.randbelow(len(rest))) for _ in state.hands[seat]]
    if state.to_play is None and state.bids[seat] is not None and not state.open:
        if state.calls:  # another call, Q * 10 + R
            twin.bids[seat] = (1 + rng.randbelow(12)) * 10 + 1 + rng.randbelow(9)
        else:
            twin.bids[seat] = rng.randbelow(4)
    return twin
