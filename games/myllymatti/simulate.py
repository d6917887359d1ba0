"""Whole games played out in memory, for the expert: worlds built from one seat's view, and the
hard CPU playing every seat to the end.

A world is a full state that agrees with everything the seat sees. In phase 1 the cards the seat
cannot see (the other hands and the stock) are dealt at random from the cards nobody has seen
played; from phase 2 on nothing is hidden (``known_hands``), so the world is the game itself.
Moves are made on one copy (``actions.move``), which makes a playout about ten times cheaper
than going through ``apply`` and a view per move.
"""

from __future__ import annotations

from typing import Any

from games.base import Action
from games.myllymatti import actions, cpu
from games.myllymatti.cards import DECK
from games.myllymatti.state import PHASE_COLLECT, PHASE_OVER, TALLY_COUNTERS, MyllyState
from games.rng import Rng

PLAYOUT_MOVES = 600  # a playout still going after this many moves counts as half a loss


def unseen(view: dict[str, Any]) -> list[str]:
    """Phase 1: the cards the seat has not seen (other hands and the stock), in deck order."""
    seen = set(view["hand"]) | set(view["won_cards"])
    seen |= {entry["card"] for entry in [*view["trick"], *view["tied"]]}
    if view["face_up"] is not None:
        seen.add(view["face_up"])
    return [card for card in DECK if card not in seen]


def world(view: dict[str, Any], rng: Rng) -> MyllyState:
    """A full state that agrees with ``view``; hidden cards dealt uniformly from ``rng``."""
    seats, me = view["seats"], view["seat"]
    stock: list[str] = []
    if view["known_hands"] is not None:
        hands = [list(hand) for hand in view["known_hands"]]
    else:
        hidden = unseen(view)
        _shuffle(hidden, rng)
        hands = []
        for seat in range(seats):
            if seat == me:
                hands.append(list(view["hand"]))
            else:
                count = view["hand_counts"][seat]
                hands.append(hidden[:count])
                hidden = hidden[count:]
        stock = hidden
    return MyllyState(
        settings=view["settings"],
        hands=hands,
        stock=stock,
        deck=[],
        salt="",
        commitment="",
        dealer=view["dealer"],
        phase=view["phase"],
        to_act=view["to_act"],
        leader=view["leader"],
        opponent=view["opponent"],
        trick=[dict(entry) for entry in view["trick"]],
        tied=[dict(entry) for entry in view["tied"]],
        won=[list(pile) for pile in view["won_piles"]],
        face_up=view["face_up"],
        face_up_seat=view["face_up_seat"],
        trump=view["trump"],
        last_winner=_last_winner(view),
        trick_size=view["trick_size"],
        set_aside=list(view["set_aside"]),
        stalled=view["stalled"],
        out=[list(group) for group in view["out"]],
        tally={counter: [0] * seats for counter in TALLY_COUNTERS},
        step=view["step"],
    )


def _last_winner(view: dict[str, Any]) -> int | None:
    """In phase 1 the leader is whoever won the latest decided trick (ties keep the leader), so
    the winner is the leader once any trick was decided. Phase 2 no longer asks."""
    if view["phase"] != PHASE_COLLECT or not any(view["won_counts"]):
        return None
    return view["leader"]


def _shuffle(items: list[str], rng: Rng) -> None:
    for index in range(len(items) - 1, 0, -1):
        other = rng.randbelow(index + 1)
        items[index], items[other] = items[other], items[index]


def hard_action(state: MyllyState, seat: int, rng: Rng) -> Action:
    """What the hard CPU would do: the same choice as ``cpu.choose(view, "hard")``, from the
    few fields of the view it reads, built straight from the state."""
    view = {
        "legal_actions": actions.legal_actions(state, seat),
        "phase": state.phase,
        "trick": state.trick,
        "tied": state.tied,
        "trump": state.trump,
        "stalled": state.stalled,
    }
    return cpu.choose(view, "hard", rng)


def playout(state: MyllyState, hero: int, rng: Rng, moves: int = PLAYOUT_MOVES) -> float:
    """Play ``state`` (changed in place) to its end with every seat hard: 1 if ``hero`` is the
    Myllymatti, 0 once it is out (safe), 0.5 if it is still going after ``moves`` moves."""
    for _ in range(moves):
        if state.phase == PHASE_OVER:
            return float(state.loser == hero)
        if state.is_out(hero):
            return 0.0
        seat = state.to_act
        actions.move(state, seat, hard_action(state, seat, rng), [])
    return 0.5
