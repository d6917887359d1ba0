"""What each seat, and anyone watching, may know (docs/myllymatti-rules-choices.md, "Views").

Hidden: the cards in each hand (its owner's alone), the stock's order, the dealt deck and its
salt (published when the game ends). Public: counts, the table, the face-up last stock card and
trump, and the cards that were played face up: the won piles of phase 1 (each seat's, as every
trick's winner takes it in sight of all) and the cards set aside in phase 2.

From phase 2 on nothing is hidden any more: every card in a phase-2 hand reached it face up (the
leftover hands are shown at the switch, won piles and the face-up card are public, picked-up
cards are named), so while phase 2 lasts ``known_hands`` gives every hand as a player who
watched would know it. The CPUs read these; the doors draw counts, keeping the table's feel of
hands held.
"""

from __future__ import annotations

from typing import Any

from games.myllymatti.actions import CHANCE, PICKUP, places, ranking
from games.myllymatti.settings import CHANCE_EITHER
from games.myllymatti.state import PHASE_COLLECT, PHASE_OVER, PHASE_SHED, MyllyState


def public_view(state: MyllyState) -> dict[str, Any]:
    over = state.phase == PHASE_OVER
    collecting = state.phase == PHASE_COLLECT
    shedding = state.phase == PHASE_SHED  # (not once over: a game left in phase 1 hides hands)
    return {
        "game": "myllymatti",
        "phase": state.phase,
        "seats": state.seats,
        "dealer": state.dealer,
        "settings": dict(state.settings),
        "commitment": state.commitment,
        "step": state.step,
        "to_act": None if over else state.to_act,
        "leader": None if over else state.leader,
        "opponent": state.opponent if collecting else None,
        "hand_counts": [len(hand) for hand in state.hands],
        "won_counts": [len(pile) for pile in state.won],
        "stock": len(state.stock),
        "face_up": state.face_up,
        "face_up_seat": state.face_up_seat if state.face_up is not None else None,
        "trump": state.trump,
        "trick": [dict(entry) for entry in state.trick],
        "tied": [dict(entry) for entry in state.tied],
        "trick_size": 0 if collecting else state.trick_size,
        "won_cards": sorted(card for pile in state.won for card in pile),
        "won_piles": [sorted(pile) for pile in state.won],
        "known_hands": [sorted(hand) for hand in state.hands] if shedding else None,
        "set_aside": sorted(state.set_aside),
        "stalled": state.stalled,
        "out": [list(group) for group in state.out],
        "loser": state.loser,
        "resigned": state.resigned,
        "last": dict(state.last) if state.last else None,
        "over": over,
        "ranking": ranking(state) if over else None,
        "places": places(state) if over else None,
    }


def public_actions(view: dict[str, Any], seat: int) -> list[str]:
    """The seat's public buttons from the public view alone: taking a chance (phase 1) and
    picking up (phase 2) depend on the stock's size and the table, never on a hand."""
    if view["over"] or view["to_act"] != seat:
        return []
    if view["phase"] == PHASE_COLLECT:
        allowed = view["settings"]["chance"] == CHANCE_EITHER or seat == view["leader"]
        return [CHANCE] if view["stock"] > 1 and allowed else []
    return [PICKUP] if view["trick"] else []
