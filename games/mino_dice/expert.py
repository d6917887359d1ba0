"""The expert CPU: it thinks a move through by playing the hand out, many times over.

Information-set Monte Carlo (determinized sampling): each iteration draws one world that agrees
with everything the seat has seen (games.mino_dice.worlds: the others' dice, every unrolled
face, and while bidding the others' bids), then tries every candidate move in that same world
and plays the hand out to its end with every seat, itself included, playing as ``hard``
(games.mino_dice.playout). The same worlds for every move keep the comparison fair (paired):
hard's own choice is played unless another move beat it by ``CONFIDENCE`` standard errors of
the paired difference (``pick``).

* A bid is chosen among hard's bid and those near it, each scored by whole hands played out.
* A roll is chosen among the kinds of die it may roll (dice of one kind are alike to a seat
  that cannot see faces); a roll of one kind only is not thought about.

What a move is worth (``worth``): in the last hand, the game (a win, its points breaking ties);
before it, the seat's points for the hand (the real scoring: bids against tricks, and the
bonuses of exact bids), or with ``WIN_CHANCE`` its chance to win the game.

Decides from the seat's view alone; every random draw comes from ``rng`` and the thinking
stops at the ``budget`` (games.think: milliseconds, and iterations: one world, every
candidate played out in it), so a seeded call with an iteration cap and no time limit always
chooses the same. See docs/cpu-mino_dice.md.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from games.base import Action
from games.mino_dice import cpu
from games.mino_dice.actions import BID_PREFIX, ROLL_PREFIX, bid_action
from games.mino_dice.cpu import NO_RNG
from games.mino_dice.dice import kind_of
from games.mino_dice.playout import World, play_out
from games.mino_dice.standing import rest_variance
from games.mino_dice.worlds import sample
from games.rng import Rng
from games.think import Budget, Thinking, forced

BID_SPREAD = 1  # bids tried: the default bid and up to this many either side of it
THINK_BIDS = True  # bids: played out in sampled worlds (else the default bid, unthought)
THINK_ROLLS = True  # rolls: likewise (else hard's roll)
WIN_POINTS = 100.0  # the last hand: what a win is worth, in points of the hand
WIN_CHANCE = False  # earlier hands: judged by the chance to win the game (see worth)
RIVALS = 0.0  # earlier hands: how much the others' mean points count against its own
CONFIDENCE = 1.0  # standard errors by which a move must beat hard's choice to be played

Trial = Callable[[World], float]


def choose(view: dict[str, Any], rng: Rng, budget: Budget) -> Action:
    """The expert's move in this seat's ``view``, thought about within ``budget``."""
    only = forced(view)
    if only is not None:
        return only
    bidding = view["legal_actions"][0].startswith(BID_PREFIX)
    default = cpu.choose(view, "hard", NO_RNG)
    if not (THINK_BIDS if bidding else THINK_ROLLS):
        return default
    trials = _trials(view)
    if len(trials) < 2:
        return default
    values = evaluate(view, trials, rng, budget.start())
    return pick(values, _default(default, values))


def pick(values: dict[Action, list[float]], default: Action) -> Action:
    """Hard's choice, unless another move did better in the same worlds by a margin the
    noise of so few worlds cannot explain (``CONFIDENCE`` standard errors of the paired
    difference); then the best such move."""
    base = values[default]
    best, best_mean = default, 0.0
    for action, scores in values.items():
        diffs = [score - ref for score, ref in zip(scores, base, strict=True)]
        count = len(diffs)
        if action == default or count < 2:
            continue
        mean = sum(diffs) / count
        spread = (sum((d - mean) ** 2 for d in diffs) / (count - 1)) ** 0.5
        if mean > best_mean and mean * count**0.5 > CONFIDENCE * spread:
            best, best_mean = action, mean
    return best


def _default(action: Action, values: dict[Action, list[float]]) -> Action:
    """Hard's choice among the candidates (a roll: the candidate of the same kind)."""
    if action in values or not action.startswith(ROLL_PREFIX):
        return action
    kind = kind_of(int(action.removeprefix(ROLL_PREFIX)[1:]))
    return next(a for a in values if kind_of(int(a.removeprefix(ROLL_PREFIX)[1:])) == kind)


def move_scores(view: dict[str, Any], rng: Rng, thinking: Thinking) -> dict[Action, float]:
    """Each candidate move's points summed over the sampled worlds."""
    return {action: sum(scores) for action, scores in move_values(view, rng, thinking).items()}


def move_values(view: dict[str, Any], rng: Rng, thinking: Thinking) -> dict[Action, list[float]]:
    """Each candidate move's points in each sampled world, in the order of the worlds."""
    return evaluate(view, _trials(view), rng, thinking)


def _trials(view: dict[str, Any]) -> dict[Action, Trial]:
    if view["legal_actions"][0].startswith(BID_PREFIX):
        return _bid_trials(view)
    return _roll_trials(view)


def evaluate(
    view: dict[str, Any], trials: dict[Action, Trial], rng: Rng, thinking: Thinking
) -> dict[Action, list[float]]:
    """Every trial played in each world. A world the clock cuts short counts for nothing, so
    every move is scored over the same worlds and the time is overrun by one playout at most."""
    values: dict[Action, list[float]] = {action: [] for action in trials}
    while thinking.more():
        world = sample(view, rng)
        scores: dict[Action, float] = {}
        for action, trial in trials.items():
            if scores and thinking.iterations > 1 and _late(thinking):
                return values
            scores[action] = trial(world.copy())
        for action, value in scores.items():
            values[action].append(value)
    return values


def _late(thinking: Thinking) -> bool:
    ms = thinking.budget.ms
    return ms is not None and thinking.elapsed_ms() >= ms


def worth(view: dict[str, Any], points: list[int]) -> float:
    """What a played-out hand is worth to the seat: its chance to win the game, ``WIN_POINTS``
    for a sure win (a share of it when tied), its own points breaking ties. In the last
    hand that is the game; before it (``WIN_CHANCE``) each rival's lead is judged against the
    spread of the hands still to come, so points matter in proportion to the place they buy
    and spoiling a rival's bid counts too. Without it: points, less ``RIVALS`` times the
    others' mean."""
    me = view["seat"]
    spread = remaining_spread(view["hand"], view["hands"])
    if spread and not WIN_CHANCE:
        others = [gain for seat, gain in enumerate(points) if seat != me]
        return points[me] - RIVALS * sum(others) / max(1, len(others))
    totals = [score + gain for score, gain in zip(view["scores"], points, strict=True)]
    rivals = [seat for seat in range(len(totals)) if seat != me and seat not in view["resigned"]]
    if me in view["resigned"]:
        return points[me] / 100
    if not spread:
        top = max(totals[seat] for seat in [me, *rivals])
        tied = sum(1 for seat in [me, *rivals] if totals[seat] == top)
        share = 1 / tied if totals[me] == top else 0.0
        return WIN_POINTS * share + points[me] / 100
    chance = 1.0
    for seat in rivals:
        chance *= 0.5 * (1 + math.erf((totals[me] - totals[seat]) / (2 * spread)))
    return WIN_POINTS * chance + points[me] / 100


def remaining_spread(hand: int, hands: int) -> float:
    """The spread of one seat's points over the hands after ``hand`` (0 in the last)."""
    return math.sqrt(rest_variance(hand, hands))


def _bid_trials(view: dict[str, Any]) -> dict[Action, Trial]:
    me, hand = view["seat"], view["hand"]
    default = cpu.hard_bid(view)
    low, high = max(0, default - BID_SPREAD), min(hand, default + BID_SPREAD)

    def trial_for(bid: int) -> Trial:
        def trial(world: World) -> float:
            world.bids[me] = bid
            return worth(view, play_out(world))

        return trial

    return {bid_action(bid): trial_for(bid) for bid in range(low, high + 1)}


def _roll_trials(view: dict[str, Any]) -> dict[Action, Trial]:
    by_kind: dict[str, Action] = {}
    for action in view["legal_actions"]:
        die = int(action.removeprefix(ROLL_PREFIX)[1:])
        by_kind.setdefault(kind_of(die), action)

    def trial_for(die: int) -> Trial:
        def trial(world: World) -> float:
            world.roll(die)
            return worth(view, play_out(world))

        return trial

    return {
        action: trial_for(int(action.removeprefix(ROLL_PREFIX)[1:])) for action in by_kind.values()
    }
