"""The expert CPU: it thinks a move through by playing the game out, many times over.

Phase 1 hides the other hands and the stock, so it samples them (perfect-information Monte
Carlo): each iteration deals the unseen cards at random into a world that agrees with everything
the seat sees, plays every legal move in that same world, and plays each one out to the end
with every seat hard. The move that left it the Myllymatti least often wins (the same worlds
for every move, so the comparison is fair); ties go to the hard CPU's own choice.

Phase 2 hides nothing (``known_hands``), so it searches the game itself: the exact two-player
endgame when only it and one other are left with few cards (``endgame``), otherwise a search
over its own choices with the others playing hard (``search``).

Decides from the seat's view alone; every random draw comes from ``rng`` and the thinking
stops at the ``budget`` (``games.think``: milliseconds, and iterations: a world in phase 1,
a playout in phase 2), so a seeded call with an iteration cap and no time limit always
chooses the same. See docs/cpu-myllymatti.md.
"""

from __future__ import annotations

from typing import Any

from games.base import Action
from games.myllymatti import actions, cpu, endgame, search, simulate
from games.myllymatti.state import PHASE_COLLECT
from games.rng import Rng
from games.think import Budget, Thinking, forced


def choose(view: dict[str, Any], rng: Rng, budget: Budget) -> Action:
    """The expert's move in this seat's ``view``, thought about within ``budget``."""
    only = forced(view)
    if only is not None:
        return only
    thinking = budget.start()
    if view["phase"] == PHASE_COLLECT:
        return _collect(view, rng, thinking)
    state = simulate.world(view, rng)
    if endgame.applies(state, view["seat"]):
        move = endgame.winning_move(state, view["seat"], thinking=thinking)
        if move is not None:
            return move
    return search.choose(state, view["seat"], rng, thinking)


def collect_scores(view: dict[str, Any], rng: Rng, thinking: Thinking) -> dict[Action, float]:
    """Each legal move's losses summed over the sampled worlds (an iteration is one world: a
    playout of every move). A world the clock cuts short counts for nothing, so every move is
    scored over the same worlds, and the time is overrun by one playout at most."""
    legal = view["legal_actions"]
    seat = view["seat"]
    losses = dict.fromkeys(legal, 0.0)
    while thinking.more():
        world = simulate.world(view, rng)
        scores: dict[Action, float] = {}
        for action in legal:
            if scores and thinking.iterations > 1 and search.late(thinking):
                return losses
            played = world.copy()
            actions.move(played, seat, action, [])
            scores[action] = simulate.playout(played, seat, rng)
        for action, loss in scores.items():
            losses[action] += loss
    return losses


def _collect(view: dict[str, Any], rng: Rng, thinking: Thinking) -> Action:
    losses = collect_scores(view, rng, thinking)
    default = cpu.choose(view, "hard", rng)
    return min(view["legal_actions"], key=lambda action: (losses[action], action != default))
