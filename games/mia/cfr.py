"""One stage of a Mia round solved by CFR+ (counterfactual regret minimisation, "plus" form).

A stage is "the claimant must beat rank ``k``": it rolls fresh dice (rank ``r``, seen by it
alone), announces a claim ``c`` above ``k``, and the receiver challenges, or lets it stand
(accepts, or folds against Mia). What each ending is worth to every seat comes in from the
solver (games/mia/solve.py): the stages above and the rounds after this one are solved first.

Each seat is either the expert, which plays its regret-minimising strategy, or a modelled seat,
which plays the model of the other levels (games/mia/model.py) with weight ``model_share`` and
a regret-minimising strategy of its own for the rest: a restricted Nash response. The model
alone would be exploited to the hilt and a pure equilibrium would exploit nobody.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.mia.model import RANKS, roll_chances

Vector = tuple[float, ...]  # per seat: the chance it wins the game


@dataclass(frozen=True)
class StageInput:
    """A stage's endings, per claim ``c`` (index c; entries at or below ``k`` unused)."""

    k: int
    claimant: int
    receiver: int
    held: Sequence[Vector]  # challenged and true: the receiver pays
    caught: Sequence[Vector]  # challenged and false: the claimant pays
    stands: Sequence[Vector | None]  # accepted (or folded): None where it must be challenged
    claim_model: Sequence[Sequence[float]]  # per roll, per claim: the model claimant
    challenge_model: Sequence[float]  # per claim: the model receiver's chance to challenge
    claimant_free: float  # weight of the claimant's own strategy (1: the expert)
    receiver_free: float


@dataclass(frozen=True)
class StageResult:
    value: Vector
    claims: tuple[tuple[float, ...], ...]  # per roll: the claimant's own average strategy
    challenges: tuple[float, ...]  # per claim: the receiver's own average challenge chance


def _matched(regrets: list[float]) -> list[float]:
    """Regret matching: play each action in proportion to its positive regret."""
    total = sum(regrets)
    if total <= 0:
        return [1.0 / len(regrets)] * len(regrets)
    return [value / total for value in regrets]


@dataclass(frozen=True)
class _Mixer:
    """The stage's model, cut to the claims above ``k``, to mix with the free strategies."""

    claim_free: float
    challenge_free: float
    claims: list[list[float]]  # per roll, per claim above k
    challenges: list[float]
    forced: list[bool]  # claims that must be challenged

    @classmethod
    def of(cls, stage: StageInput) -> _Mixer:
        lo = stage.k + 1
        return cls(
            stage.claimant_free,
            stage.receiver_free,
            [list(row[lo:]) for row in stage.claim_model],
            list(stage.challenge_model[lo:]),
            [stands is None for stands in stage.stands[lo:]],
        )

    def claimant(self, own: list[list[float]]) -> list[list[float]]:
        a = self.claim_free
        if a >= 1:
            return own
        return [
            [a * x + (1 - a) * y for x, y in zip(mine, model, strict=True)]
            for mine, model in zip(own, self.claims, strict=True)
        ]

    def receiver(self, q: list[float]) -> list[float]:
        b = self.challenge_free
        return [
            1.0 if forced else b * x + (1 - b) * y
            for x, y, forced in zip(q, self.challenges, self.forced, strict=True)
        ]


def _claimant_utilities(stage: StageInput, challenge: list[float]) -> tuple[list[float], ...]:
    """Per claim, the claimant's value when it is true and when it is a bluff."""
    seat, lo = stage.claimant, stage.k + 1
    true, bluff = [], []
    for i, q in enumerate(challenge):
        stands = stage.stands[lo + i]
        rest = (1 - q) * stands[seat] if stands is not None else 0.0
        true.append(q * stage.held[lo + i][seat] + rest)
        bluff.append(q * stage.caught[lo + i][seat] + rest)
    return true, bluff


def solve_stage(stage: StageInput, iterations: int) -> StageResult:
    """CFR+ with alternating updates and linearly weighted averages; then the stage's value."""
    n = RANKS - stage.k - 1
    lo = stage.k + 1
    chances = roll_chances()
    regret_claim = [[0.0] * n for _ in range(RANKS)]
    sum_claim = [[0.0] * n for _ in range(RANKS)]
    regret_challenge = [[0.0, 0.0] for _ in range(n)]
    sum_challenge = [0.0] * n
    free = stage.claimant_free > 0 or stage.receiver_free > 0
    mixer = _Mixer.of(stage)
    for t in range(1, iterations + 1 if free else 1):
        q = [_matched(regret)[0] for regret in regret_challenge]
        own = [_matched(regret) for regret in regret_claim]
        challenge = mixer.receiver(q)
        true, bluff = _claimant_utilities(stage, challenge)
        for r in range(RANKS):
            split = max(0, r - lo + 1)  # the claims this roll makes true
            values = true[:split] + bluff[split:]
            mean = sum(p * v for p, v in zip(own[r], values, strict=True))
            pairs = zip(regret_claim[r], values, strict=True)
            regret_claim[r] = [max(0.0, g + v - mean) for g, v in pairs]
            own[r] = _matched(regret_claim[r])
            sum_claim[r] = [s + t * p for s, p in zip(sum_claim[r], own[r], strict=True)]
        claims = mixer.claimant(own)
        masses = _masses(stage.k, claims, chances)
        for i in range(n):
            u_challenge, u_stand = _receiver_values(stage, masses, i)
            mean = q[i] * u_challenge + (1 - q[i]) * u_stand
            regret = regret_challenge[i]
            regret[0] = max(0.0, regret[0] + u_challenge - mean)
            regret[1] = max(0.0, regret[1] + u_stand - mean)
            sum_challenge[i] += t * q[i]
    weight = iterations * (iterations + 1) / 2 if free else 1.0
    own = [[s / weight for s in row] if free else [1.0 / n] * n for row in sum_claim]
    q = [s / weight if free else 0.5 for s in sum_challenge]
    return StageResult(
        value=_value(stage, mixer.claimant(own), mixer.receiver(q), chances),
        claims=tuple(tuple(row) for row in own),
        challenges=tuple(q),
    )


def _masses(k: int, claims: list[list[float]], chances: Sequence[float]) -> list[list[float]]:
    """Per claim above ``k``: the chance it is announced truly, and as a bluff."""
    n = RANKS - k - 1
    true, false = [0.0] * n, [0.0] * n
    for r in range(RANKS):
        split, weight, row = max(0, r - k), chances[r], claims[r]
        for i in range(split):
            true[i] += weight * row[i]
        for i in range(split, n):
            false[i] += weight * row[i]
    return [true, false]


def _receiver_values(stage: StageInput, masses: list[list[float]], i: int) -> tuple[float, float]:
    """The receiver's counterfactual values of challenging claim ``k + 1 + i`` and of not."""
    c, seat = stage.k + 1 + i, stage.receiver
    true, false = masses[0][i], masses[1][i]
    u_challenge = true * stage.held[c][seat] + false * stage.caught[c][seat]
    stands = stage.stands[c]
    u_stand = (true + false) * stands[seat] if stands is not None else u_challenge - 1.0
    return u_challenge, u_stand


def _value(
    stage: StageInput, claims: list[list[float]], challenge: list[float], chances: Sequence[float]
) -> Vector:
    """Every seat's chance to win from the start of this stage, as played."""
    seats = len(stage.held[-1])
    total = [0.0] * seats
    for r in range(RANKS):
        for i, p in enumerate(claims[r]):
            weight = chances[r] * p
            if weight <= 0:
                continue
            c, q = stage.k + 1 + i, challenge[i]
            shown = stage.held[c] if r >= c else stage.caught[c]
            stands = stage.stands[c]
            for s in range(seats):
                rest = (1 - q) * stands[s] if stands is not None else 0.0
                total[s] += weight * (q * shown[s] + rest)
    return tuple(total)
