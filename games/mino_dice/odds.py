"""Chances for the CPU players and the tutorial hints, from what one seat can see.

The unseen dice are the bag minus the seat's own dice and the dice rolled this hand: the
other seats' dice are a random part of them. The model treats every other seat's die in a
trick as a random unseen die with a random face (ignoring that people choose their dice and
must follow colour), which is rough but cheap and good enough to bid and to aim at a bid:

* ``trick_chance``: the chance that a die wins the trick in progress if rolled now, given
  the faces already rolled and how many seats roll after it;
* ``die_strength``: the chance that a die wins a later trick against ``opponents`` dice;
* ``distribution``: the chances of winning 0, 1, 2, ... of a list of independent chances.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache

from games.mino_dice.dice import (
    BAG,
    BEATEN_BY,
    CREATURES,
    FLAG,
    KINDS,
    MERMAID,
    MINOTAUR,
    SIDES,
    faces_of,
)
from games.mino_dice.settings import THREE_MERMAID
from games.mino_dice.tricks import hand_points, winner_index

Distribution = dict[str, float]  # face -> chance


def unseen_counts(own_kinds: Iterable[str], rolled_kinds: Iterable[str]) -> dict[str, int]:
    """Per kind, the dice neither held by this seat nor rolled this hand."""
    counts = Counter(BAG)
    counts.subtract(own_kinds)
    counts.subtract(rolled_kinds)
    return {kind: max(0, counts[kind]) for kind in KINDS}


def face_distribution(counts: dict[str, int], table: str) -> Distribution:
    """The face a random die from ``counts`` shows when rolled."""
    return _face_distribution(tuple(counts.get(kind, 0) for kind in KINDS), table)


@cache
def _face_distribution(counts: tuple[int, ...], table: str) -> Distribution:
    total = sum(counts)
    result: dict[str, float] = {}
    if total == 0:
        return {FLAG: 1.0}
    for kind, count in zip(KINDS, counts, strict=True):
        for face in faces_of(kind, table):
            result[face] = result.get(face, 0.0) + count / total / SIDES
    return result


def _beats_later(face: str, later: str, minotaur_shown: bool, settings: dict) -> float:
    """1 when a die rolled later showing ``later`` takes the trick from ``face`` (the
    current winner), 0 when not (equal faces: the later one wins)."""
    if later == FLAG:
        return 0.0
    if face in CREATURES:
        if later == face:
            return 1.0
        if later == BEATEN_BY[face]:
            # All three creatures: the Mermaid keeps the trick (house rule).
            mermaid_keeps = face == MERMAID and minotaur_shown
            return 0.0 if mermaid_keeps and settings["three_creatures"] == THREE_MERMAID else 1.0
        return 0.0
    if later in CREATURES:
        return 1.0
    if face == FLAG:  # only possible for a leader holding an all-flags trick
        return 1.0
    return 1.0 if int(later) >= int(face) else 0.0


def trick_chance(
    kind: str,
    rolled: Sequence[str],
    after: int,
    dist: Distribution,
    settings: dict,
) -> float:
    """The chance that a die of ``kind`` rolled now wins the trick: it must win against the
    faces ``rolled`` so far, then survive ``after`` later random dice from ``dist``."""
    total = 0.0
    for face in faces_of(kind, settings["faces"]):
        faces = [*rolled, face]
        if winner_index(faces, settings) != len(rolled):
            continue  # (a leader's flag does lead an all-flags trick, when the leader takes it)
        minotaur = MINOTAUR in faces
        lose = sum(p * _beats_later(face, g, minotaur, settings) for g, p in dist.items())
        total += (1.0 - lose) ** after
    return total / SIDES


def die_strength(kind: str, opponents: int, dist: Distribution, settings: dict) -> float:
    """The chance that a die of ``kind`` wins a later trick against ``opponents`` random dice,
    its place in the order unknown (ties count half)."""
    return _die_strength(kind, opponents, tuple(sorted(dist.items())), _key(settings))


def _key(settings: dict) -> tuple[str, str, str]:
    return settings["faces"], settings["three_creatures"], settings["all_flags"]


@cache
def _die_strength(
    kind: str, opponents: int, dist_items: tuple[tuple[str, float], ...], key: tuple[str, ...]
) -> float:
    table, three, _ = key
    dist = dict(dist_items)
    creature_chance = sum(dist.get(c, 0.0) for c in CREATURES)
    total = 0.0
    for face in faces_of(kind, table):
        if face == FLAG:
            continue
        if face in CREATURES:
            beaten = dist.get(BEATEN_BY[face], 0.0)
            if face == MERMAID and three == THREE_MERMAID and opponents > 1:
                # A Griffin takes a Mermaid unless a Minotaur shows too.
                beaten *= (1.0 - dist.get(MINOTAUR, 0.0)) ** (opponents - 1)
            lose = beaten + 0.5 * dist.get(face, 0.0)
        else:
            value = int(face)
            higher = sum(p for g, p in dist.items() if g.isdigit() and int(g) > value)
            lose = creature_chance + higher + 0.5 * dist.get(face, 0.0)
        total += (1.0 - lose) ** opponents
    return total / SIDES


def distribution(chances: Iterable[float]) -> list[float]:
    """P(exactly k successes) for independent chances (a Poisson binomial)."""
    result = [1.0]
    for p in chances:
        nxt = [0.0] * (len(result) + 1)
        for k, q in enumerate(result):
            nxt[k] += q * (1.0 - p)
            nxt[k + 1] += q * p
        result = nxt
    return result


def expected_points(bid: int, won: int, tricks: int, more: Sequence[float]) -> float:
    """The hand's expected points (bonuses aside) for ``bid``, with ``won`` tricks taken and
    ``more`` the chances of taking each trick still to come."""
    return sum(
        p * hand_points(bid, won + extra, tricks) for extra, p in enumerate(distribution(more))
    )
