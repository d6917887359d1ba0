"""Chances for the CPU players and the tutorial hints, from what one seat can see.

The unseen dice are the bag minus the seat's own dice and the dice rolled this hand: the
other seats' dice are a random part of them. The model is rough but cheap, and good enough
to bid and to aim at a bid:

* ``die_strength``: the chance that a die wins a later trick against ``opponents`` random
  unseen dice with random faces (its place in the order unknown: ties count half);
* ``trick_chance``: the chance that a die wins the trick in progress if rolled now, given
  the faces already rolled and, per seat still to roll, the faces its die may show;
* ``chosen_kinds``: the die a seat rolls when it takes (its strongest) or ducks (its
  weakest), for the seats still to roll;
* ``distribution`` and ``expected_points``: the chances of taking 0, 1, 2, ... tricks from
  independent chances, and the hand's expected points for a bid.

Why independent chances are enough for the rest of a hand: every die still held will be
rolled in some trick, so the order in which they are played does not change the total if
each die's chance is fixed; what a player controls is which die goes into the trick at
hand, and that is what ``trick_chance`` judges.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache

from games.mino_dice.dice import (
    BAG,
    BEATEN_BY,
    BLACK,
    BLUE,
    CREATURES,
    FLAG,
    KINDS,
    MERMAID,
    MINOTAUR,
    RED,
    SIDES,
    YELLOW,
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


@lru_cache(maxsize=4096)  # bounded: a bot process lives for weeks
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
    later: Sequence[Distribution],
    settings: dict,
) -> float:
    """The chance that a die of ``kind`` rolled now wins the trick: it must win against the
    faces ``rolled`` so far, then survive one later die per entry of ``later`` (the face
    distribution of the die each later seat is expected to roll)."""
    total = 0.0
    for face in faces_of(kind, settings["faces"]):
        faces = [*rolled, face]
        if winner_index(faces, settings) != len(rolled):
            continue  # (a leader's flag does lead an all-flags trick, when the leader takes it)
        minotaur = MINOTAUR in faces
        keep = 1.0
        for dist in later:
            keep *= 1.0 - sum(
                p * _beats_later(face, g, minotaur, settings) for g, p in dist.items()
            )
        total += keep
    return total / SIDES


# Kinds from weakest to strongest, as a seat choosing a die to take or to duck sees them
# (the three creatures are one level: which one is best depends on the trick).
LEVELS: tuple[tuple[str, ...], ...] = ((YELLOW,), (RED,), (BLUE,), (BLACK,), CREATURES)
TAKE, DUCK, ANY = "take", "duck", "any"


def chosen_kinds(counts: dict[str, int], dice: int, intent: str) -> dict[str, float]:
    """The kind of die a seat holding ``dice`` random unseen dice rolls: its strongest to
    take the trick, its weakest to duck it, or any one of them."""
    total = sum(counts.values())
    if total == 0 or dice <= 0:
        return {}
    shares = {kind: count / total for kind, count in counts.items() if count}
    if intent == ANY:
        return shares
    result: dict[str, float] = {}
    below = 0.0
    for level in LEVELS:
        level_share = sum(shares.get(kind, 0.0) for kind in level)
        if not level_share:
            continue
        above = 1.0 - below - level_share
        if intent == TAKE:  # the best die is of this level: none above, not all below
            chance = max(0.0, 1.0 - above) ** dice - max(0.0, below) ** dice
        else:  # the worst die is of this level: none below, not all above
            chance = max(0.0, 1.0 - below) ** dice - max(0.0, above) ** dice
        for kind in level:
            if shares.get(kind):
                result[kind] = chance * shares[kind] / level_share
        below += level_share
    return result


def mixed_faces(kinds: dict[str, float], table: str) -> Distribution:
    """The face shown by a die whose kind has the chances ``kinds``."""
    result: dict[str, float] = {}
    for kind, chance in kinds.items():
        for face in faces_of(kind, table):
            result[face] = result.get(face, 0.0) + chance / SIDES
    return result


def die_strength(kind: str, opponents: int, dist: Distribution, settings: dict) -> float:
    """The chance that a die of ``kind`` wins a later trick against ``opponents`` random dice,
    its place in the order unknown (ties count half)."""
    return _die_strength(kind, opponents, tuple(sorted(dist.items())), _key(settings))


def _key(settings: dict) -> tuple[str, str, str]:
    return settings["faces"], settings["three_creatures"], settings["all_flags"]


@lru_cache(maxsize=16384)
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
