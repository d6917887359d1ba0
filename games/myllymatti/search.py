"""Phase 2 for the expert: nothing is hidden any more, so it searches the game itself.

The others are taken to play as the hard CPU does. A line is scored by a playout (every seat
hard to the end: 1 if the expert is left the Myllymatti, 0 once it is out). Depth 0 scores
each move by one playout; each deeper round lets the expert choose again at its next decision,
so it finds lines where a later choice of its own gets it out. Finding a line that gets it out
ends the search: no move can do better.
"""

from __future__ import annotations

from games.base import Action
from games.myllymatti import actions, simulate
from games.myllymatti.cpu import HARD
from games.myllymatti.state import PHASE_OVER, MyllyState
from games.rng import Rng
from games.think import Thinking

MAX_DEPTH = 6  # the expert's own later decisions a line may choose (beyond that: playouts)


class OutOfBudget(Exception):
    """The budget ran out in the middle of a round: that round's scores are unfinished."""


def spent(thinking: Thinking) -> bool:
    """Whether the budget is used up (its cap reached or its time gone), without using it."""
    budget = thinking.budget
    capped = budget.max_iterations is not None and thinking.iterations >= budget.max_iterations
    return capped or late(thinking)


def late(thinking: Thinking) -> bool:
    """Whether the budget's time is gone."""
    return thinking.budget.ms is not None and thinking.elapsed_ms() >= thinking.budget.ms


def after(state: MyllyState, action: Action) -> MyllyState:
    """The state after the seat to act makes ``action`` (a copy; ``state`` stays)."""
    state = state.copy()
    actions.move(state, state.to_act, action, [])
    return state


def key(state: MyllyState) -> tuple[object, ...]:
    """What decides the rest of phase 2: the hands, the cards on the trick, whose turn, the
    trick's size, and whether the hard CPUs are varying their play (``stalled``)."""
    hands = tuple(tuple(sorted(hand)) for hand in state.hands)
    trick = tuple(entry["card"] for entry in state.trick)
    return hands, trick, state.to_act, state.trick_size, state.stalled >= HARD.unstick_after


def ordered(state: MyllyState, seat: int, rng: Rng) -> list[Action]:
    """The seat's legal moves, the hard CPU's choice first (the likeliest to be good)."""
    legal = actions.legal_actions(state, seat)
    first = simulate.hard_action(state, seat, rng)
    return [first, *(action for action in legal if action != first)]


class ModelSearch:
    """Depth-limited search over the expert's own choices, the others playing hard."""

    def __init__(self, hero: int, rng: Rng, thinking: Thinking) -> None:
        self.hero = hero
        self.rng = rng
        self.thinking = thinking
        self.memo: dict[tuple[object, int], float] = {}

    def advance(self, state: MyllyState) -> None:
        """Let the others move (as hard) until the expert must decide or its game is over."""
        while state.phase != PHASE_OVER and not state.is_out(self.hero):
            if state.to_act == self.hero:
                return
            seat = state.to_act
            actions.move(state, seat, simulate.hard_action(state, seat, self.rng), [])

    def value(self, state: MyllyState, depth: int, forced: bool = False) -> float:
        """The expert's loss in ``state`` (changed in place) choosing at ``depth`` more of its
        decisions. Each playout is an iteration of the budget; raises OutOfBudget when the
        budget is spent, unless ``forced``."""
        self.advance(state)
        if state.phase == PHASE_OVER or state.is_out(self.hero):
            return float(state.loser == self.hero)
        memo_key = (key(state), depth)
        if memo_key in self.memo:
            return self.memo[memo_key]
        if depth == 0:
            if not self.thinking.more() and not forced:
                raise OutOfBudget
            best = simulate.playout(state, self.hero, self.rng)
        else:
            best = 1.0
            for action in ordered(state, self.hero, self.rng):
                best = min(best, self.value(after(state, action), depth - 1))
                if best == 0.0:
                    break
        self.memo[memo_key] = best
        return best

    def scores(self, state: MyllyState, legal: list[Action], depth: int) -> dict[Action, float]:
        """Each root move's loss at ``depth``; stops at the first move that gets the expert
        out (the rest are scored as losses, which they cannot beat)."""
        result = dict.fromkeys(legal, 1.0)
        for action in legal:
            result[action] = self.value(after(state, action), depth, forced=depth == 0)
            if result[action] == 0.0:
                break
        return result


def choose(state: MyllyState, hero: int, rng: Rng, thinking: Thinking) -> Action:
    """The move with the least loss at the deepest round that finished in the budget."""
    legal = ordered(state, hero, rng)
    search = ModelSearch(hero, rng, thinking)
    scores = search.scores(state, legal, 0)
    depth = 1
    while min(scores.values()) > 0.0 and depth <= MAX_DEPTH and not spent(thinking):
        try:
            scores = search.scores(state, legal, depth)
        except OutOfBudget:
            break
        depth += 1
    return min(legal, key=lambda action: scores[action])
