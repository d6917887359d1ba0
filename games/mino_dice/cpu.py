"""CPU players for Mino Dice. Pure and seedable; they decide from their own seat's view only.

A view holds the seat's own dice (kinds, never faces: nobody knows a face before the roll),
every die rolled so far this hand, the bids once revealed and the tricks won, so a CPU cannot
see another seat's dice even by accident. Chances come from :mod:`games.mino_dice.odds`.

* ``easy`` bids its creatures and black dice, give or take one at random, and rolls a
  random legal die half the time (otherwise like ``normal``).
* ``normal`` bids the sum of its dice's chances to win a trick, rounded; then, while it
  still needs tricks, rolls the legal die most likely to win this trick (saving its good dice
  when none is likely to), and once it has its bid rolls the die least likely to win.
* ``hard`` bids the number that maximises the hand's expected points, from the chance that
  each of its dice wins a trick against the unseen dice and the number of opponents (so it
  bids 0 on a weak hand, where that pays 10 per trick). It bids as if each chance were 15%
  higher than the model says (``Tuning.bid_scale``): the model counts other seats' dice as
  random, while in play hard picks the trick each die goes into, and higher exact bids pay
  more (tuned with the bench: it wins more games that way). At each roll it weighs every
  legal die: the chance that die takes this trick (the seats still to roll expected to roll
  their strongest die while they need tricks and their weakest once they do not), plus the
  chances of the dice it keeps, and a creature's bonus in reach; it rolls the die that gives
  the best expected points for its bid, taking or ducking the trick on purpose.

``normal`` and ``hard`` use no randomness, so a timeout (played like ``normal``) is
repeatable.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.base import Action
from games.mino_dice.actions import BID_PREFIX, ROLL_PREFIX, bid_action
from games.mino_dice.dice import BLACK, CREATURES, FLAG
from games.mino_dice.odds import (
    DUCK,
    TAKE,
    Distribution,
    chosen_kinds,
    die_strength,
    distribution,
    expected_points,
    face_distribution,
    mixed_faces,
    trick_chance,
    unseen_counts,
)
from games.mino_dice.settings import BONUS_TRICK
from games.mino_dice.tricks import BONUSES
from games.rng import Rng, uniform
from games.think import forced

LEVELS = ("easy", "normal", "hard")
SAVE_BELOW = 0.15  # normal: no die this likely to take the trick: roll its weakest instead


@dataclass(frozen=True)
class Tuning:
    """The knobs of ``hard`` (tuned with ``python -m bench.cpu_strength --game mino_dice``)."""

    bid_scale: float = 1.15  # bids as if each die's chance were this much of the model's
    intent_weight: float = 0.5  # how far later seats are expected to take or duck on purpose


HARD = Tuning()


@dataclass(frozen=True)
class Seat:
    """What one seat's view says about its position, in the terms the CPU reasons in."""

    view: dict[str, Any]
    kinds: dict[str, str]  # die id -> kind, for the dice it holds
    counts: dict[str, int]  # per kind, the dice unseen by this seat
    dist: Distribution  # the face of a random unseen die
    opponents: int

    @property
    def settings(self) -> dict[str, Any]:
        return self.view["settings"]

    def strength(self, kind: str) -> float:
        return die_strength(kind, self.opponents, self.dist, self.settings)

    def later(self, tuning: Tuning | None) -> list[Distribution]:
        """Per seat still to roll in this trick after this one, the face of its die: a
        random unseen die, or (``tuning``) a mix with the strongest of its dice when it
        still needs tricks and the weakest when it does not."""
        view = self.view
        position = len(view["trick"])
        after = view["seats"] - position - 1
        if tuning is None or not tuning.intent_weight or view["bids"] is None:
            return [self.dist] * after
        table = self.settings["faces"]
        result = []
        for offset in range(after):
            other = (view["leader"] + position + 1 + offset) % view["seats"]
            need = view["bids"][other] - view["won"][other]
            intent = TAKE if need > 0 else DUCK
            chosen = chosen_kinds(self.counts, view["dice_left"][other], intent)
            faces = mixed_faces(chosen, table)
            weight = tuning.intent_weight
            mixed = {
                face: weight * faces.get(face, 0.0) + (1 - weight) * self.dist.get(face, 0.0)
                for face in sorted(set(faces) | set(self.dist))
            }
            result.append(mixed)
        return result

    def now(self, kind: str, tuning: Tuning | None = None) -> float:
        """The chance that a die of ``kind`` rolled now takes the trick in progress."""
        rolled = [roll["face"] for roll in self.view["trick"]]
        return trick_chance(kind, rolled, self.later(tuning), self.settings)


def read(view: dict[str, Any]) -> Seat:
    kinds = {die["id"]: die["kind"] for die in view["dice"]}
    rolled = [roll["kind"] for trick in view["tricks"] for roll in trick["rolls"]]
    rolled += [roll["kind"] for roll in view["trick"]]
    counts = unseen_counts(kinds.values(), rolled)
    dist = face_distribution(counts, view["settings"]["faces"])
    return Seat(view=view, kinds=kinds, counts=counts, dist=dist, opponents=view["seats"] - 1)


def choose(view: dict[str, Any], level: str, rng: Rng) -> Action:
    """The action of a CPU of ``level`` in this seat's ``view``; randomness from ``rng`` only."""
    only = forced(view)
    if level not in LEVELS:
        raise ValueError(f"unknown CPU level {level!r}")
    if only is not None:
        return only
    legal = view["legal_actions"]
    seat = read(view)
    if legal[0].startswith(BID_PREFIX):
        return bid_action(_bid(seat, level, rng))
    if level == "easy" and uniform(rng) < 0.5:
        return legal[rng.randbelow(len(legal))]
    if level == "hard":
        return _roll_hard(seat)
    return _roll_normal(seat)


def roll_hard(view: dict[str, Any]) -> Action:
    """The die ``hard`` rolls in this view (the expert's model of every seat's rolls)."""
    return _roll_hard(read(view))


def hard_bid(view: dict[str, Any]) -> int:
    """The bid ``hard`` makes in this view (it uses no randomness)."""
    return _bid(read(view), "hard", NO_RNG)


class _NoRng:
    """hard bids draw nothing: a stand-in that fails loudly if one ever does."""

    def randbelow(self, n: int) -> int:
        raise AssertionError("hard uses no randomness")

    def token_hex(self, nbytes: int) -> str:
        raise AssertionError("hard uses no randomness")


NO_RNG = _NoRng()


# --- bids ----------------------------------------------------------------------------------


def expected_tricks(view: dict[str, Any]) -> float:
    """The sum of the seat's dice's chances to win a trick (what ``normal`` bids, rounded)."""
    seat = read(view)
    return sum(seat.strength(kind) for kind in seat.kinds.values())


def _bid(seat: Seat, level: str, rng: Rng) -> int:
    tricks = seat.view["hand"]
    kinds = list(seat.kinds.values())
    if level == "easy":
        strong = sum(1 for kind in kinds if kind in CREATURES or kind == BLACK)
        return min(tricks, max(0, strong + rng.randbelow(3) - 1))
    chances = [seat.strength(kind) for kind in kinds]
    if level == "normal":
        return min(tricks, round(sum(chances)))
    chances = [HARD.bid_scale * chance for chance in chances]
    scores = {bid: expected_points(bid, 0, tricks, chances) for bid in range(tricks + 1)}
    return max(scores, key=lambda bid: (scores[bid], -bid))


# --- rolls ---------------------------------------------------------------------------------


def _legal_dice(seat: Seat) -> list[str]:
    return [action.removeprefix(ROLL_PREFIX) for action in seat.view["legal_actions"]]


def _needed(seat: Seat) -> int:
    view = seat.view
    return (view["bid"] or 0) - view["won"][view["seat"]]


def _roll_normal(seat: Seat) -> Action:
    dice = _legal_dice(seat)
    now = {die: seat.now(seat.kinds[die]) for die in dice}
    strength = {die: seat.strength(seat.kinds[die]) for die in dice}
    if _needed(seat) > 0:
        best = max(dice, key=lambda die: (now[die], -strength[die]))
        if now[best] >= SAVE_BELOW:
            return ROLL_PREFIX + best
        return ROLL_PREFIX + min(dice, key=lambda die: strength[die])
    # Enough tricks: the die least likely to take this one, the strongest of those first.
    return ROLL_PREFIX + min(dice, key=lambda die: (now[die], -strength[die]))


def _chance_of(tricks: int, chances: list[float]) -> float:
    """The chance of taking exactly ``tricks`` more with these chances."""
    spread = distribution(chances)
    return spread[tricks] if 0 <= tricks < len(spread) else 0.0


def _bonus_in_reach(seat: Seat, kind: str) -> int:
    """The bonus a creature of ``kind`` earns by taking the trick in progress (if no flag
    spoils it): +50 per Minotaur shown for a Mermaid, +30 per Griffin for a Minotaur."""
    faces = [roll["face"] for roll in seat.view["trick"]]
    spoiled = FLAG in faces and seat.settings["bonus_flags"] == BONUS_TRICK
    if kind not in BONUSES or spoiled:
        return 0
    prey, points = BONUSES[kind]
    return points * faces.count(prey)


def _roll_hard(seat: Seat) -> Action:
    """Every legal die weighed by the hand's expected points if rolled now: its chance to
    take this trick (against what the seats after it are likely to roll), then the chances
    of the dice it keeps for the later tricks."""
    view = seat.view
    bid, won, tricks = view["bid"] or 0, view["won"][view["seat"]], view["hand"]
    strength = {die: seat.strength(kind) for die, kind in seat.kinds.items()}
    best: tuple[float, float] | None = None
    choice = ""
    tried: set[str] = set()
    for die in _legal_dice(seat):
        kind = seat.kinds[die]
        if kind in tried:
            continue  # dice of one kind are alike
        tried.add(kind)
        later = [chance for other, chance in strength.items() if other != die]
        now = seat.now(kind, HARD)
        value = expected_points(bid, won, tricks, [now, *later])
        value += now * _bonus_in_reach(seat, kind) * _chance_of(bid - won - 1, later)
        # Equal value: keep the stronger dice for later.
        key = (round(value, 9), -strength[die])
        if best is None or key > best:
            best, choice = key, die
    return ROLL_PREFIX + choice
