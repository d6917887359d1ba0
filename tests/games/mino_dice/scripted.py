"""A scripted source of randomness: set up a hand with exactly the dice and faces a rule needs.

``actions._start_hand`` draws ``hand`` dice per seat (seat 0 first) with
``bag.pop(randbelow(len(bag)))``, then picks each drawn die's face with ``randbelow(6)`` in
the same order. :func:`deal` turns "seat 0 holds a red die that will show 4" into exactly
those numbers, so a test reads like the position it sets up::

    rng = ScriptedRng(0, *deal([["red:4"], ["minotaur"], ["yellow:flag"]]))

A die is written ``kind`` or ``kind:face`` (the face defaults to the kind's first face: the
creature itself, or the colour's lowest face). The lowest-numbered free die of the kind is
used, so ids are predictable: the first red die is ``d9``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.mino_dice import GAME, actions
from games.mino_dice.dice import BAG, BAG_SIZE, HOUSE, faces_of
from games.mino_dice.state import PHASE_BID, MinoState
from games.rng import DeterministicRng


def pick(spec: str, taken: set[int]) -> tuple[int, str | None]:
    """The die a ``kind[:face]`` spec names (the lowest free one) and its wanted face."""
    kind, _, face = spec.partition(":")
    die = next(i for i in range(BAG_SIZE) if BAG[i] == kind and i not in taken)
    taken.add(die)
    return die, face or None


def deal(dice: Sequence[Sequence[str]], table: str = HOUSE) -> list[int]:
    """The ``randbelow`` answers that deal ``dice[seat]`` to each seat, with their faces."""
    taken: set[int] = set()
    chosen = [[pick(spec, taken) for spec in hand] for hand in dice]
    bag = list(range(BAG_SIZE))
    answers = []
    for hand in chosen:
        for die, _ in hand:
            answers.append(bag.index(die))
            bag.remove(die)
    for hand in chosen:
        for die, face in hand:
            faces = faces_of(BAG[die], table)
            answers.append(faces.index(face) if face is not None else 0)
    return answers


def die_ids(dice: Sequence[Sequence[str]]) -> list[list[str]]:
    """The ids :func:`deal` gives the same specs: ``[["red:4"]] -> [["d9"]]``."""
    taken: set[int] = set()
    return [[f"d{pick(spec, taken)[0]}" for spec in hand] for hand in dice]


class ScriptedRng:
    """Answers ``randbelow`` from a queue, then from a seeded stream; salts come from the
    seeded stream (they never decide a position)."""

    def __init__(self, *answers: int) -> None:
        self.queue: list[int] = list(answers)
        self.fallback = DeterministicRng("scripted")

    def add(self, *answers: int) -> None:
        self.queue += answers

    def randbelow(self, n: int) -> int:
        if self.queue:
            value = self.queue.pop(0)
            assert 0 <= value < n, f"scripted {value} does not fit randbelow({n})"
            return value
        return self.fallback.randbelow(n)

    def token_hex(self, nbytes: int) -> str:
        return self.fallback.token_hex(nbytes)


def start(
    dice: Sequence[Sequence[str]], leader: int = 0, game_id: str = "g1", **settings: Any
) -> tuple[MinoState, ScriptedRng]:
    """A new game whose first hand deals ``dice`` (one die per seat) and ``leader`` leads."""
    table = settings.get("faces", HOUSE)
    rng = ScriptedRng(leader, *deal(dice, table))
    state, _ = GAME.rules.new_game(settings, len(dice), rng, game_id)
    assert not rng.queue, "the deal used every scripted answer"
    return state, rng


def bid_all(state: MinoState, rng: ScriptedRng, *bids: int) -> tuple[MinoState, list[dict]]:
    """Every seat bids, seat 0 first; returns the state and the last bid's events."""
    events: list[dict] = []
    for seat, bid in enumerate(bids):
        state, events = GAME.rules.apply(state, seat, f"bid:{bid}", rng)
    return state, events


def roll(state: MinoState, rng: ScriptedRng, seat: int, die: str) -> tuple[MinoState, list[dict]]:
    return GAME.rules.apply(state, seat, f"roll:{die}", rng)


def play_to_hand(
    state: MinoState,
    rng: ScriptedRng,
    hand: int,
    dice: Sequence[Sequence[str]],
    leader: int | None = None,
) -> MinoState:
    """Play on (bids 0, the first legal die) until ``hand`` is dealt with ``dice`` (its
    first leader scripted too when the table's first leader is random)."""
    table = state.settings["faces"]
    while state.hand < hand:
        last_roll = state.phase != PHASE_BID and sum(map(len, state.held)) == 1
        if last_roll and state.hand == hand - 1:
            if leader is not None:
                rng.add(leader)
            rng.add(*deal(dice, table))
        seat = actions.to_act(state)[0]
        action = "bid:0" if state.phase == PHASE_BID else GAME.rules.legal_actions(state, seat)[0]
        state, _ = GAME.rules.apply(state, seat, action, rng)
    assert not rng.queue, "the deal used every scripted answer"
    return state
