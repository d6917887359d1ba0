"""A hand of Mino Dice played out in memory, every seat played by the ``hard`` CPU.

The expert's worlds (games.mino_dice.worlds) are full positions: every die a seat holds and
the face each will show. A playout rolls them to the end of the hand and returns each seat's
points for it (the scoring table and the bonuses of exact bids). Each decision asks the hard
CPU through a small view that holds only what that seat would see, so the model of the others
is hard as it really plays, not a guess at it. Faces are fixed in a world and hard uses no
randomness, so a playout needs no rng: the same world always plays out the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.mino_dice import cpu
from games.mino_dice.actions import ROLL_PREFIX
from games.mino_dice.dice import die_id, kind_of
from games.mino_dice.settings import BONUS_HAND, BONUS_TRICK
from games.mino_dice.tricks import (
    bonus_points,
    colour_to_follow,
    hand_points,
    has_flag,
    playable,
    winner_index,
)


@dataclass
class World:
    """One full position of a hand in the trick phase (bids all made)."""

    settings: dict[str, Any]
    hand: int
    held: list[list[int]]  # per seat, the bag indices it still holds
    faces: dict[int, str]  # every unrolled die's face, and every rolled one's
    bids: list[int]
    won: list[int]
    bonus: list[int]
    caught_flag: list[bool]
    leader: int
    trick: list[dict[str, Any]]  # rolls as views show them: seat, die (id), kind, face
    tricks: list[dict[str, Any]]  # finished tricks: leader, winner, rolls

    @property
    def seats(self) -> int:
        return len(self.held)

    def copy(self) -> World:
        """A copy a playout may change (rolls and tricks are never changed in place)."""
        return World(
            settings=self.settings,
            hand=self.hand,
            held=[list(dice) for dice in self.held],
            faces=self.faces,
            bids=list(self.bids),
            won=list(self.won),
            bonus=list(self.bonus),
            caught_flag=list(self.caught_flag),
            leader=self.leader,
            trick=list(self.trick),
            tricks=list(self.tricks),
        )

    @property
    def turn(self) -> int:
        return (self.leader + len(self.trick)) % self.seats

    @property
    def done(self) -> bool:
        return len(self.tricks) >= self.hand

    def legal(self, seat: int) -> list[int]:
        colour = colour_to_follow(int(roll["die"][1:]) for roll in self.trick)
        return playable(self.held[seat], colour)

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` would see now: the fields the hard CPU reads, nothing more."""
        return {
            "seat": seat,
            "seats": self.seats,
            "hand": self.hand,
            "settings": self.settings,
            "leader": self.leader,
            "bids": self.bids,
            "bid": self.bids[seat],
            "won": self.won,
            "dice_left": [len(dice) for dice in self.held],
            "dice": [{"id": die_id(die), "kind": kind_of(die)} for die in self.held[seat]],
            "trick": self.trick,
            "tricks": self.tricks,
            "legal_actions": [ROLL_PREFIX + die_id(die) for die in self.legal(seat)],
        }

    def roll(self, die: int) -> None:
        """The seat to act rolls ``die``; a full trick is scored and the next one led."""
        seat = self.turn
        self.held[seat].remove(die)
        face = self.faces[die]
        self.trick.append({"seat": seat, "die": die_id(die), "kind": kind_of(die), "face": face})
        if len(self.trick) == self.seats:
            self._end_trick()

    def _end_trick(self) -> None:
        faces = [roll["face"] for roll in self.trick]
        index = winner_index(faces, self.settings)
        winner = None if index is None else self.trick[index]["seat"]
        if winner is not None:
            self.won[winner] += 1
            flag = has_flag(faces)
            self.caught_flag[winner] = self.caught_flag[winner] or flag
            if not (flag and self.settings["bonus_flags"] == BONUS_TRICK):
                self.bonus[winner] += bonus_points(faces, index)
        self.tricks.append({"leader": self.leader, "winner": winner, "rolls": self.trick})
        self.trick = []
        if winner is not None:
            self.leader = winner

    def points(self) -> list[int]:
        """Each seat's points for the hand (the hand must be over): the table plus bonuses."""
        result = []
        for seat in range(self.seats):
            bid, won = self.bids[seat], self.won[seat]
            points = hand_points(bid, won, self.hand)
            spoiled = self.settings["bonus_flags"] == BONUS_HAND and self.caught_flag[seat]
            if bid == won and not spoiled:
                points += self.bonus[seat]
            result.append(points)
        return result


def hard_die(world: World) -> int:
    """The die the hard CPU rolls for the seat to act in ``world``.

    Hard rolls the first legal die of the kind it picks, and what it picks depends only on
    what ``_hard_key`` holds, so a pick is remembered by that key: the same situation comes
    back in world after world.
    """
    seat = world.turn
    legal = world.legal(seat)
    if len(legal) == 1:
        return legal[0]
    key = _hard_key(world, seat, legal)
    kind = _HARD_KINDS.get(key)
    if kind is None:
        action = cpu.roll_hard(world.view(seat))
        kind = kind_of(int(action.removeprefix(ROLL_PREFIX)[1:]))
        if len(_HARD_KINDS) >= HARD_MEMORY:
            _HARD_KINDS.clear()
        _HARD_KINDS[key] = kind
    return next(die for die in legal if kind_of(die) == kind)


HARD_MEMORY = 200_000  # remembered picks, then forgotten all at once (a bound for a bot process)
_HARD_KINDS: dict[tuple[Any, ...], str] = {}


def _hard_key(world: World, seat: int, legal: list[int]) -> tuple[Any, ...]:
    """Everything hard's pick depends on: its dice's kinds, the legal kinds, the dice it has
    not seen (its own and every rolled kind), the trick's faces, what each later seat needs,
    its bid and tricks, and the rules."""
    rolled = [roll["kind"] for trick in world.tricks for roll in trick["rolls"]]
    rolled += [roll["kind"] for roll in world.trick]
    own = sorted(kind_of(die) for die in world.held[seat])
    seats = world.seats
    later = tuple(
        (world.bids[other] > world.won[other], len(world.held[other]))
        for other in ((seat + offset) % seats for offset in range(1, seats - len(world.trick)))
    )
    settings = world.settings
    return (
        tuple(own),
        tuple(sorted({kind_of(die) for die in legal})),
        tuple(sorted(rolled)),
        tuple(roll["face"] for roll in world.trick),
        later,
        world.bids[seat],
        world.won[seat],
        world.hand,
        seats,
        settings["faces"],
        settings["three_creatures"],
        settings["all_flags"],
        settings["bonus_flags"],
    )


def play_out(world: World) -> list[int]:
    """Every seat plays hard to the end of the hand (``world`` is changed); their points."""
    while not world.done:
        world.roll(hard_die(world))
    return world.points()
