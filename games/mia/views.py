"""What each seat, and anyone watching, may know (mia.md, "Fairness and privacy").

The dice under the cup and their salt are the only secrets. They leave the state through
``MiaRules.secrets`` for their roller alone; the public view never holds them.
"""

from __future__ import annotations

from typing import Any

from games.mia.actions import legal_actions, ranking
from games.mia.state import PHASE_OVER, MiaState


def public_view(state: MiaState) -> dict[str, Any]:
    over = state.phase == PHASE_OVER
    return {
        "game": "mia",
        "phase": state.phase,
        "round": state.round,
        "turn": state.turn,
        "seats": state.seats,
        "to_act": None if over else state.to_act,
        "claimant": state.claimant,
        "claim": state.claim,
        "lives": list(state.lives),
        "out_order": list(state.out_order),
        "history": [dict(entry) for entry in state.history],
        "settings": dict(state.settings),
        "commitment": state.commitment,
        "dice_owner": state.dice_owner,
        "last_result": dict(state.last_result) if state.last_result else None,
        "passed": state.passed,
        "step": state.step,
        "over": over,
        "ranking": ranking(state) if over else None,
    }


def public_actions(view: dict[str, Any], seat: int) -> list[str]:
    """The seat's legal actions from the public view alone: every Mia action is public, and
    none depends on the dice (so the group's buttons cannot give the dice away)."""
    if view["over"]:
        return []
    state = MiaState(
        settings=view["settings"],
        lives=list(view["lives"]),
        phase=view["phase"],
        to_act=view["to_act"],
        claimant=view["claimant"],
        claim=view["claim"],
        history=view["history"],
        passed=view["passed"],
    )
    return legal_actions(state, seat)
