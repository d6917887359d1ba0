"""Myllymatti's game state as plain data (a dataclass that survives a JSON round trip).

Hidden values: each seat's ``hands`` entry (its owner's alone), the ``stock`` (nobody's), and
the dealt ``deck`` with its ``salt`` (published when the game ends, to prove the deal). Every
other field is public: cards on the table, won piles (each card was played face up), the face-up
last stock card, cards set aside, who is out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PHASE_COLLECT = "collect"  # phase 1: two-card tricks, drawing from the stock
PHASE_SHED = "shed"  # phase 2: beat or pick up, get rid of every card
PHASE_OVER = "over"

HAND_SIZE = 3
TALLY_COUNTERS = ("tricks_won", "chances_taken", "cards_picked_up")


@dataclass
class MyllyState:
    """One game of Myllymatti.

    ``trick`` holds the cards on the table in play order as ``{"seat", "card"}`` (phase 1 adds
    ``"chance": True`` for a card turned up from the stock). ``tied`` holds phase 1's tied cards
    still lying there. ``out`` lists groups of seats in the order they went out (seats out at
    the start of phase 2 go out together and share a place).
    """

    settings: dict[str, Any]
    hands: list[list[str]]
    stock: list[str]  # top first
    deck: list[str]  # the deck as dealt, top first: revealed when the game ends
    salt: str
    commitment: str  # SHA-256 of the deal's preimage, published at the deal
    game_id: str = ""
    dealer: int = 0
    phase: str = PHASE_COLLECT
    to_act: int = 0
    leader: int = 0
    opponent: int | None = None  # phase 1: who answers the leader
    trick: list[dict[str, Any]] = field(default_factory=list)
    tied: list[dict[str, Any]] = field(default_factory=list)
    won: list[list[str]] = field(default_factory=list)  # phase 1 won piles
    face_up: str | None = None  # the last stock card, shown by whoever drew it
    face_up_seat: int | None = None
    trump: str | None = None  # the face-up card's suit, once it is drawn
    last_winner: int | None = None  # winner of the latest decided trick of phase 1
    trick_size: int = 0  # phase 2: players with cards when the trick began
    set_aside: list[str] = field(default_factory=list)
    stalled: int = 0  # phase 2: moves since a trick was set aside or a player went out
    out: list[list[int]] = field(default_factory=list)
    loser: int | None = None
    resigned: int | None = None
    last: dict[str, Any] | None = None  # the latest result, for the status line
    tally: dict[str, list[int]] = field(default_factory=dict)
    step: int = 0  # counts every change: the decision token of the seat to act

    @property
    def seats(self) -> int:
        return len(self.hands)

    @property
    def over(self) -> bool:
        return self.phase == PHASE_OVER

    def out_seats(self) -> list[int]:
        return [seat for group in self.out for seat in group]

    def is_out(self, seat: int) -> bool:
        return any(seat in group for group in self.out)

    def holding(self) -> list[int]:
        """Seats with cards in hand (phase 2: the players still in the game)."""
        return [seat for seat, hand in enumerate(self.hands) if hand]

    def next_holding(self, seat: int) -> int | None:
        """The next seat after ``seat`` in turn order (to its left) with cards in hand."""
        for offset in range(1, self.seats):
            candidate = (seat + offset) % self.seats
            if self.hands[candidate]:
                return candidate
        return None

    def card_count(self, seat: int) -> int:
        """Every card the seat would take into phase 2: hand, won pile, face-up card."""
        face_up = self.face_up is not None and self.face_up_seat == seat
        return len(self.hands[seat]) + len(self.won[seat]) + face_up

    def copy(self) -> MyllyState:
        """A copy a move may change freely. Cheaper than deepcopy: settings, the dealt deck
        and the table's entries are never changed in place, only replaced."""
        return MyllyState(
            settings=self.settings,
            hands=[list(hand) for hand in self.hands],
            stock=list(self.stock),
            deck=self.deck,
            salt=self.salt,
            commitment=self.commitment,
            game_id=self.game_id,
            dealer=self.dealer,
            phase=self.phase,
            to_act=self.to_act,
            leader=self.leader,
            opponent=self.opponent,
            trick=list(self.trick),
            tied=list(self.tied),
            won=[list(pile) for pile in self.won],
            face_up=self.face_up,
            face_up_seat=self.face_up_seat,
            trump=self.trump,
            last_winner=self.last_winner,
            trick_size=self.trick_size,
            set_aside=list(self.set_aside),
            stalled=self.stalled,
            out=[list(group) for group in self.out],
            loser=self.loser,
            resigned=self.resigned,
            last=self.last,
            tally={key: list(values) for key, values in self.tally.items()},
            step=self.step,
        )

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MyllyState:
        return cls(**data)
