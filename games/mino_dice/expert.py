"""The expert CPU: it thinks a move through by playing the hand out, many times over.

Information-set Monte Carlo (determinized sampling): each iteration draws one world that agrees
with everything the seat has seen (games.mino_dice.worlds: the others' dice, every unrolled
face, and while bidding the others' bids), then tries every candidate move in that same world
and plays the hand out to its end with every seat, itself included, playing as ``hard``
(games.mino_dice.playout). The move with the best total over the worlds is played; the same
worlds for every move keep the comparison fair, and ties go to hard's own choice.

* A bid is chosen among hard's bid and those near it, each scored by whole hands played out.
* A roll is chosen among the kinds of die it may roll (dice of one kind are alike to a seat
  that cannot see faces).

What a move is worth is the seat's points for the hand (the real scoring: bids against tricks,
and the bonuses of exact bids). Decides from the seat's view alone; every random draw comes
from ``rng`` and the thinking stops at the ``budget`` (games.think: milliseconds, and
iterations: one world, every candidate played out in it), so a seeded call with an iteration
cap and no time limit always chooses the same. See docs/cpu-mino_dice.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.base import Action
from games.mino_dice import cpu
from games.mino_dice.actions import BID_PREFIX, ROLL_PREFIX, bid_action
from games.mino_dice.dice import kind_of
from games.mino_dice.playout import World, play_out
from games.mino_dice.worlds import sample
from games.rng import Rng
from games.think import Budget, Thinking

BID_SPREAD = 2  # bids tried: hard's bid and up to this many either side of it

Trial = Callable[[World], float]


def choose(view: dict[str, Any], rng: Rng, budget: Budget) -> Action:
    """The expert's move in this seat's ``view``, thought about within ``budget``."""
    legal = view["legal_actions"]
    if not legal:
        raise ValueError("this seat has nothing to do")
    if len(legal) == 1:
        return legal[0]
    scores = move_scores(view, rng, budget.start())
    default = cpu.choose(view, "hard", rng)
    return max(scores, key=lambda action: (scores[action], action == default))


def move_scores(view: dict[str, Any], rng: Rng, thinking: Thinking) -> dict[Action, float]:
    """Each candidate move's points summed over the sampled worlds."""
    if view["legal_actions"][0].startswith(BID_PREFIX):
        trials = _bid_trials(view)
    else:
        trials = _roll_trials(view)
    return evaluate(view, trials, rng, thinking)


def evaluate(
    view: dict[str, Any], trials: dict[Action, Trial], rng: Rng, thinking: Thinking
) -> dict[Action, float]:
    """Every trial played in each world. A world the clock cuts short counts for nothing, so
    every move is scored over the same worlds and the time is overrun by one playout at most."""
    totals = dict.fromkeys(trials, 0.0)
    while thinking.more():
        world = sample(view, rng)
        scores: dict[Action, float] = {}
        for action, trial in trials.items():
            if scores and thinking.iterations > 1 and _late(thinking):
                return totals
            scores[action] = trial(world.copy())
        for action, value in scores.items():
            totals[action] += value
    return totals


def _late(thinking: Thinking) -> bool:
    ms = thinking.budget.ms
    return ms is not None and thinking.elapsed_ms() >= ms


def _bid_trials(view: dict[str, Any]) -> dict[Action, Trial]:
    me, hand = view["seat"], view["hand"]
    hard = cpu.hard_bid(view)
    low, high = max(0, hard - BID_SPREAD), min(hand, hard + BID_SPREAD)

    def trial_for(bid: int) -> Trial:
        def trial(world: World) -> float:
            world.bids[me] = bid
            return play_out(world)[me]

        return trial

    return {bid_action(bid): trial_for(bid) for bid in range(low, high + 1)}


def _roll_trials(view: dict[str, Any]) -> dict[Action, Trial]:
    me = view["seat"]
    by_kind: dict[str, Action] = {}
    for action in view["legal_actions"]:
        die = int(action.removeprefix(ROLL_PREFIX)[1:])
        by_kind.setdefault(kind_of(die), action)

    def trial_for(die: int) -> Trial:
        def trial(world: World) -> float:
            world.roll(die)
            return play_out(world)[me]

        return trial

    return {
        action: trial_for(int(action.removeprefix(ROLL_PREFIX)[1:])) for action in by_kind.values()
    }
