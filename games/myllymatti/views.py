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

from games.myllymatti.actions import CHANCE, PICKUP
from games.myllymatti.settings import CHANCE_EITHER
from games.myllymatti.state import PHASE_COLLECT


def public_actions(view: dict[str, Any], seat: int) -> list[str]:
    """The seat's public buttons from the public view alone: taking a chance (phase 1) and
    picking up (phase 2) depend on the stock's size and the table, never on a hand."""
    if view["over"] or view["to_act"] != seat:
        return []
    if view["phase"] == PHASE_COLLECT:
        allowed = view["settings"]["chance"] == CHANCE_EITHER or seat == view["leader"]
        return [CHANCE] if view["stock"] > 1 and allowed else []
    return [PICKUP] if view["trick"] else []
