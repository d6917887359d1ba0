"""Mino Dice's game state as plain data (a dataclass that survives a JSON round trip)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.mino_dice.fairness import commitment

PHASE_BID = "bid"  # everyone still to bid bids at once
PHASE_TRICK = "trick"  # ``turn`` chooses a die and rolls it
PHASE_OVER = "over"

TALLY_COUNTERS = ("exact_bids", "zero_bids", "bonus_points", "tricks_won")


@dataclass
class MinoState:
    """One game of Mino Dice.

    Hidden values, which leave the state only through views that may show them:

    * ``held``: per seat, the dice it still holds (bag indices). Only their owner sees them,
      and only their kinds: nobody sees ``faces`` of a die before it is rolled.
    * ``faces``: per bag index, the face that die will show when rolled, fixed when it was
      drawn (None for dice in the bag). Committed to by ``commitments`` and revealed, with
      ``salts``, when the hand ends.
    * ``bids``: hidden while any seat still has to bid (each sees its own).

    ``dealt`` is every die each seat drew this hand (for the reveal); ``trick`` the rolls of
    the trick in progress and ``tricks`` the hand's finished tricks, all public.
    """

    settings: dict[str, Any]
    scores: list[int]
    game_id: str = ""
    hands: int = 8
    hand: int = 0
    phase: str = PHASE_BID
    held: list[list[int]] = field(default_factory=list)
    dealt: list[list[int]] = field(default_factory=list)
    faces: list[str | None] = field(default_factory=list)
    salts: list[str] = field(default_factory=list)
    bids: list[int | None] = field(default_factory=list)
    first_leader: int = 0
    leader: int = 0
    turn: int = 0
    trick: list[dict[str, Any]] = field(default_factory=list)
    tricks: list[dict[str, Any]] = field(default_factory=list)
    won: list[int] = field(default_factory=list)
    bonus: list[int] = field(default_factory=list)
    caught_flag: list[bool] = field(default_factory=list)
    resigned: list[int] = field(default_factory=list)
    last_hand: dict[str, Any] | None = None
    tally: dict[str, list[int]] = field(default_factory=dict)
    step: int = 0  # counts each change of whose decision it is: the decision token

    @property
    def seats(self) -> int:
        return len(self.scores)

    @property
    def trick_no(self) -> int:
        """The number of the trick in progress (1-based), or of the last one."""
        return min(len(self.tricks) + 1, self.hand)

    @property
    def all_bid(self) -> bool:
        return all(bid is not None for bid in self.bids)

    def commitments(self) -> list[str]:
        """Per seat, the published commitment to the dice it drew this hand and their faces
        (derived from the hidden values, so it can never go stale)."""
        return [
            commitment(self.game_id, self.hand, seat, dice, self.faces, self.salts[seat])
            for seat, dice in enumerate(self.dealt)
        ]

    def seat_order(self, leader: int) -> list[int]:
        """Every seat in rolling order, starting with ``leader``."""
        return [(leader + offset) % self.seats for offset in range(self.seats)]

    def copy(self) -> MinoState:
        """A copy that a move may change freely. Cheaper than deepcopy: the settings and the
        entries of ``trick``, ``tricks`` and ``last_hand`` are never changed in place."""
        return MinoState(
            settings=self.settings,
            scores=list(self.scores),
            game_id=self.game_id,
            hands=self.hands,
            hand=self.hand,
            phase=self.phase,
            held=[list(dice) for dice in self.held],
            dealt=[list(dice) for dice in self.dealt],
            faces=list(self.faces),
            salts=list(self.salts),
            bids=list(self.bids),
            first_leader=self.first_leader,
            leader=self.leader,
            turn=self.turn,
            trick=list(self.trick),
            tricks=list(self.tricks),
            won=list(self.won),
            bonus=list(self.bonus),
            caught_flag=list(self.caught_flag),
            resigned=list(self.resigned),
            last_hand=self.last_hand,
            tally={counter: list(values) for counter, values in self.tally.items()},
            step=self.step,
        )

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MinoState:
        return cls(**data)
