"""Mino Dice's analysis: each bid and each roll of a person, played out many times over.

As the expert thinks (games.mino_dice.expert), each decision is tried in worlds that agree
with everything its seat had seen (games.mino_dice.worlds: the others' dice, every unrolled
face, while bidding the others' bids), and the hand is played out to its end with every seat
playing hard. Every legal bid, or every kind of die the seat could roll, is tried in the
same worlds, so choices are compared fairly. A choice is judged by the points of the hand it
was worth beside the best one's, less the noise of so few worlds (one standard error).
"""

from __future__ import annotations

from typing import Any

from games.analysis import COSTLY, GOOD, Judgement, mark_by_loss
from games.base import NT_, T_, V_, Action, Text
from games.mino_dice.actions import BID_PREFIX, ROLL_PREFIX
from games.mino_dice.dice import kind_of
from games.mino_dice.playout import World, play_out
from games.mino_dice.worlds import sample
from games.rng import Rng

POINTS_LOSS = (8.0, 20.0)  # dubious, costly from this many points of the hand below the best
BID, ROLL = "bid", "roll"
WORLDS = 10  # worlds per decision: a whole game analysed in about a second of one core


def analyse(view: dict[str, Any], action: Action, rng: Rng) -> Judgement | None:
    """The verdict on ``action`` in this seat's ``view`` (None: nothing to choose)."""
    legal = view["legal_actions"]
    if action not in legal or len(legal) < 2:
        return None
    bidding = legal[0].startswith(BID_PREFIX)
    tried = legal if bidding else _one_of_each_kind(legal, action)
    if len(tried) < 2:
        return None  # dice of one kind are alike to a seat that cannot see faces
    points, tricks = _played_out(view, tried, rng)
    best = max(tried, key=lambda a: (_mean(points[a]), a == action))
    loss = _mean(points[best]) - _mean(points[action]) - _error(points[best], points[action])
    note = _note(bidding, _mean(tricks[action]), _mean(points[action]), _mean(points[best]))
    return Judgement(mark_by_loss(loss, *POINTS_LOSS), best, note, BID if bidding else ROLL)


def _one_of_each_kind(legal: list[Action], action: Action) -> list[Action]:
    """The chosen die, and one die of each other kind it might have rolled."""
    kinds = {_kind(action): action}
    for other in legal:
        kinds.setdefault(_kind(other), other)
    return list(kinds.values())


def _kind(action: Action) -> str:
    return kind_of(int(action.removeprefix(ROLL_PREFIX)[1:]))


def _played_out(
    view: dict[str, Any], tried: list[Action], rng: Rng
) -> tuple[dict[Action, list[float]], dict[Action, list[float]]]:
    """Each choice's points and tricks for the hand, world by world."""
    me = view["seat"]
    points: dict[Action, list[float]] = {action: [] for action in tried}
    tricks: dict[Action, list[float]] = {action: [] for action in tried}
    for _ in range(WORLDS):
        world = sample(view, rng)
        for action in tried:
            played = world.copy()
            _play(played, me, action)
            points[action].append(play_out(played)[me])
            tricks[action].append(played.won[me])
    return points, tricks


def _play(world: World, me: int, action: Action) -> None:
    if action.startswith(BID_PREFIX):
        world.bids[me] = int(action.removeprefix(BID_PREFIX))
    else:
        world.roll(int(action.removeprefix(ROLL_PREFIX)[1:]))


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _error(best: list[float], chosen: list[float]) -> float:
    """The standard error of the mean paired difference between two choices."""
    diffs = [b - c for b, c in zip(best, chosen, strict=True)]
    mean = _mean(diffs)
    variance = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
    return (variance / len(diffs)) ** 0.5


def signed(points: float) -> str:
    """Points as players write them, with a true minus sign: "+12", "−8", "0"."""
    whole = round(points)
    return f"+{whole}" if whole > 0 else f"−{-whole}" if whole < 0 else "0"


def _note(bidding: bool, tricks: float, points: float, best: float) -> Text:
    if bidding:
        return T_(
            "Your dice were worth {tricks} tricks, played out. Points expected this hand: "
            "{points} with your bid, {best} with the engine's.",
            tricks=f"{tricks:.1f}",
            points=signed(points),
            best=signed(best),
        )
    return T_(
        "Points expected this hand: {points} with your roll, {best} with the engine's.",
        points=signed(points),
        best=signed(best),
    )


def summary(judgements: list[Judgement]) -> Text:
    """ "8 bids, 6 good · 20 rolls, 1 costly": the bids and the rolls, as players count."""
    bids = [j for j in judgements if j.kind == BID]
    rolls = [j for j in judgements if j.kind == ROLL]
    return V_(
        "{bids} · {rolls}",
        bids=NT_(
            "{n} bid, {good} good",
            "{n} bids, {good} good",
            len(bids),
            good=sum(1 for j in bids if j.mark == GOOD),
        ),
        rolls=NT_(
            "{n} roll, {costly} costly",
            "{n} rolls, {costly} costly",
            len(rolls),
            costly=sum(1 for j in rolls if j.mark == COSTLY),
        ),
    )
