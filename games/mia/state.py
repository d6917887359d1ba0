"""Mia's game state as plain data (a dataclass that survives a JSON round trip)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.mia.fairness import commitment

PHASE_CLAIM = "claim"  # ``to_act`` has rolled and must announce a claim
PHASE_RESPOND = "respond"  # ``to_act`` faces ``claim``: challenge, accept, fold or pass
PHASE_OVER = "over"


@dataclass
class MiaState:
    """One game of Mia.

    ``dice`` is the newest pair under the cup, higher die first, and is the only hidden value:
    views show it to its roller alone, and ``salt`` stays hidden until the pair is revealed.
    ``history`` lists this round's announcements in order, e.g. ``{"seat": 0, "claim": "43"}``
    and ``{"seat": 1, "pass": True}``.
    """

    settings: dict[str, Any]
    lives: list[int]
    game_id: str = ""
    out_order: list[int] = field(default_factory=list)
    round: int = 0
    turn: int = 0
    phase: str = PHASE_CLAIM
    to_act: int = 0
    claimant: int | None = None
    claim: str | None = None
    dice: list[int] | None = None
    salt: str | None = None
    history: list[dict[str, Any]] = field(default_factory=list)
    passed: bool = False
    last_result: dict[str, Any] | None = None
    # Per seat, for stats at the end. Private: "bluffs that got through" depends on dice
    # nobody saw, so views never show the tally.
    tally: dict[str, list[int]] = field(default_factory=dict)
    # Per seat, the claims a challenge revealed: "held" and "caught". Public (each was shown
    # to all), so a guided game's tip can say how an opponent has played.
    shown: dict[str, list[int]] = field(default_factory=dict)
    step: int = 0  # counts every change: the decision token of the seat to act

    @property
    def seats(self) -> int:
        return len(self.lives)

    @property
    def commitment(self) -> str | None:
        """The published commitment to the dice under the cup (derived, so never stale)."""
        if self.dice is None or self.salt is None:
            return None
        return commitment(self.game_id, self.round, self.turn, self.dice, self.salt)

    @property
    def dice_owner(self) -> int | None:
        """The seat that rolled the dice under the cup: only it may look at them."""
        if self.dice is None:
            return None
        return self.to_act if self.phase == PHASE_CLAIM else self.claimant

    def alive(self, seat: int) -> bool:
        return self.lives[seat] > 0

    def live_seats(self) -> list[int]:
        return [seat for seat, lives in enumerate(self.lives) if lives > 0]

    def next_live_seat(self, seat: int) -> int:
        """The next seat with lives after ``seat`` in turn order (skipping those out)."""
        for step in range(1, self.seats + 1):
            candidate = (seat + step) % self.seats
            if self.lives[candidate] > 0:
                return candidate
        raise ValueError("no seat has lives")

    def copy(self) -> MiaState:
        """A copy that a move may change freely. Cheaper than deepcopy: the settings, the
        history entries and the last result are never changed in place, only replaced."""
        return MiaState(
            settings=self.settings,
            lives=list(self.lives),
            game_id=self.game_id,
            out_order=list(self.out_order),
            round=self.round,
            turn=self.turn,
            phase=self.phase,
            to_act=self.to_act,
            claimant=self.claimant,
            claim=self.claim,
            dice=list(self.dice) if self.dice is not None else None,
            salt=self.salt,
            history=list(self.history),
            passed=self.passed,
            last_result=self.last_result,
            tally={counter: list(values) for counter, values in self.tally.items()},
            shown={counter: list(values) for counter, values in self.shown.items()},
            step=self.step,
        )

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MiaState:
        return cls(**data)
