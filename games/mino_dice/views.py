"""What each seat, and anyone watching, may know (docs/mino_dice-rules-choices.md, "Who sees
what").

Secrets and who sees them:

* the dice a seat holds: only that seat, and only which dice they are (id and kind);
  everyone else sees how many it holds;
* the face each die will show: nobody, not even its owner, until it is rolled;
* bids: only the bidder, until every seat has bid; then everyone.

The public view holds none of these; the rules' ``secrets`` add the seat's own dice and bid.
"""

from __future__ import annotations

from typing import Any

from games.mino_dice.actions import bid_action, to_act
from games.mino_dice.dice import die_id, kind_of
from games.mino_dice.hands import places, ranking
from games.mino_dice.state import PHASE_BID, PHASE_OVER, PHASE_TRICK, MinoState
from games.mino_dice.tricks import colour_to_follow


def roll_view(roll: dict[str, Any]) -> dict[str, Any]:
    """A roll as everyone saw it: who, which die (id and kind), the face that came up."""
    die = roll["die"]
    return {"seat": roll["seat"], "die": die_id(die), "kind": kind_of(die), "face": roll["face"]}


def public_view(state: MinoState) -> dict[str, Any]:
    over = state.phase == PHASE_OVER
    bids_open = state.all_bid
    return {
        "game": "mino_dice",
        "phase": state.phase,
        "hand": state.hand,
        "hands": state.hands,
        "seats": state.seats,
        "to_act": to_act(state),
        "turn": state.turn if state.phase == PHASE_TRICK else None,
        "first_leader": state.first_leader,
        "leader": state.leader,
        "trick_no": state.trick_no,
        "dice_left": [len(dice) for dice in state.held],
        "has_bid": [bid is not None for bid in state.bids],
        "bids": list(state.bids) if bids_open else None,
        "won": list(state.won),
        "scores": list(state.scores),
        "trick": [roll_view(roll) for roll in state.trick],
        "follow": colour_to_follow(roll["die"] for roll in state.trick),
        "tricks": [
            {
                "leader": trick["leader"],
                "winner": trick["winner"],
                "bonus": trick["bonus"],
                "rolls": [roll_view(roll) for roll in trick["rolls"]],
            }
            for trick in state.tricks
        ],
        "resigned": list(state.resigned),
        "last_hand": state.last_hand,
        "settings": dict(state.settings),
        "commitments": state.commitments() if not over else None,
        "step": state.step,
        "over": over,
        "ranking": ranking(state) if over else None,
        "places": places(state) if over else None,
    }


def public_actions(view: dict[str, Any], seat: int) -> list[str]:
    """The group's buttons for ``seat``, from the public view alone: the bids 0..n while it
    has not bid. Rolling a die is private (only its owner knows its dice)."""
    if view["over"] or view["phase"] != PHASE_BID or view["has_bid"][seat]:
        return []
    return [bid_action(bid) for bid in range(view["hand"] + 1)]


def bids_in_secret(view: dict[str, Any]) -> bool:
    """The bids stay hidden until every seat has bid (Rules.choice_hidden)."""
    return not view["over"] and view["phase"] == PHASE_BID


def plays_privately(view: dict[str, Any], seat: int) -> bool:
    """Only a roll is private (which of your dice); a bid is a public button."""
    return view["phase"] == PHASE_TRICK and view["turn"] == seat
