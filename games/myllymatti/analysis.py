"""Myllymatti's analysis: each card a person played, and each pick-up, played out many times.

As the expert thinks in phase 1 (games.myllymatti.expert), each decision is tried in worlds
that agree with everything its seat had seen: the unseen cards dealt at random into the
other hands and the stock (games.myllymatti.simulate). In phase 2 nothing is hidden, so the
one world is the game itself. Every legal move is played in the same worlds, and the game
played out to its end with every seat hard. A move is judged by how often it left its maker
the Myllymatti beside the engine's best, less the noise of so few playouts.
"""

from __future__ import annotations

from typing import Any

from games.analysis import ANALYSIS_ITERATIONS, Judgement, mark_by_loss, percent
from games.base import T_, Action
from games.myllymatti import expert
from games.myllymatti.actions import CHANCE, PICKUP
from games.rng import Rng
from games.think import Budget

LOSS_CHANCE = (0.12, 0.3)  # dubious, costly from this much more chance to be the Myllymatti
CARD, PICK_UP = "card", "pick_up"


def analyse(view: dict[str, Any], action: Action, rng: Rng) -> Judgement | None:
    """The verdict on ``action`` in this seat's ``view`` (None: nothing to choose)."""
    legal = view["legal_actions"]
    if action not in legal or len(legal) < 2:
        return None
    budget = Budget(ms=None, max_iterations=ANALYSIS_ITERATIONS)
    losses = expert.collect_scores(view, rng, budget.start())
    chance = {move: total / ANALYSIS_ITERATIONS for move, total in losses.items()}
    best = min(legal, key=lambda move: (chance[move], move != action))
    loss = chance[action] - chance[best] - _noise(chance[action], chance[best])
    note = T_(
        "Played out from here, you ended the Myllymatti {chance}% of the time with your move, "
        "{best}% with the engine's.",
        chance=percent(chance[action]),
        best=percent(chance[best]),
    )
    kind = PICK_UP if action in (CHANCE, PICKUP) else CARD
    return Judgement(mark_by_loss(loss, *LOSS_CHANCE), best, note, kind)


def _noise(a: float, b: float) -> float:
    """About one standard error of a difference of two such shares."""
    spread = a * (1 - a) + b * (1 - b)
    return (spread / ANALYSIS_ITERATIONS) ** 0.5
