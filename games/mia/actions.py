"""Mia's transitions (mia.md, "A round" to "Optional variant"). Pure: no I/O, no clock.

The moves themselves are methods of MiaRules (rules.py), which copies the state before it
changes anything, so the table layer can keep the old state if a concurrent move wins the
race; the helpers here change that copy, or only read.
"""

from __future__ import annotations

from typing import Any

from games.base import Action, Event
from games.errors import GameOver, IllegalAction, NotYourTurn, SeatOut
from games.mia.errors import ClaimTooLow
from games.mia.ranks import MIA, claims_above, is_claim, rank
from games.mia.settings import NEXT_STARTER_CLASSIC
from games.mia.state import PHASE_CLAIM, PHASE_OVER, PHASE_RESPOND, MiaState
from games.rng import Rng

MIN_SEATS = 2
MAX_SEATS = 10

CHALLENGE = "challenge"
ACCEPT = "accept"
FOLD = "fold"
PASS = "pass"
CLAIM_PREFIX = "claim:"
SALT_BYTES = 8  # 64 secret bits: far beyond guessing, even knowing the roll is one of 21
TALLY_COUNTERS = ("lives_lost", "bluffs_caught", "bluffs_through", "wrong_challenges")


def claim_action(claim: str) -> Action:
    return f"{CLAIM_PREFIX}{claim}"


def legal_actions(state: MiaState, seat: int) -> list[Action]:
    if state.phase == PHASE_OVER or seat != state.to_act:
        return []
    if state.phase == PHASE_CLAIM:
        return [claim_action(c) for c in claims_above(state.claim, state.settings["doubles"])]
    actions = [CHALLENGE]
    if state.claim != MIA:
        actions.append(ACCEPT)  # nothing beats 21, so a Mia claim cannot be accepted
    elif state.settings["fold_on_mia"]:
        actions.append(FOLD)
    if _may_pass(state, seat):
        actions.append(PASS)
    return actions


def ranking(state: MiaState) -> list[int]:
    """Last seat standing first; the others in reverse order of going out."""
    live = sorted(state.live_seats(), key=lambda s: -state.lives[s])
    return live + list(reversed(state.out_order))


def check_turn(state: MiaState, seat: int) -> None:
    if state.phase == PHASE_OVER:
        raise GameOver("the game is over")
    if not 0 <= seat < state.seats or not state.alive(seat):
        raise SeatOut("this seat is out of the game")
    if seat != state.to_act:
        raise NotYourTurn("it is not this seat's turn")


def _may_pass(state: MiaState, seat: int) -> bool:
    """Pass on unseen: first receiver of the round only, once, never back to the claimant."""
    return (
        state.settings["pass_on"]
        and not state.passed
        and len(state.history) == 1
        and state.next_live_seat(seat) != state.claimant
    )


def start_round(state: MiaState, starter: int, rng: Rng, events: list[Event]) -> None:
    state.round += 1
    state.phase = PHASE_CLAIM
    state.to_act = starter
    state.claimant = None
    state.claim = None
    state.history = []
    state.passed = False
    events.append({"type": "round_started", "round": state.round, "starter": starter})
    _roll(state, starter, rng, events)


def _roll(state: MiaState, seat: int, rng: Rng, events: list[Event]) -> None:
    """Roll in secret: the event says who rolled, never what (the view shows the commitment)."""
    state.turn += 1
    state.dice = sorted((1 + rng.randbelow(6), 1 + rng.randbelow(6)), reverse=True)
    state.salt = rng.token_hex(SALT_BYTES)
    events.append({"type": "rolled", "seat": seat})


def announce(state: MiaState, seat: int, claim: str, events: list[Event]) -> None:
    if state.phase != PHASE_CLAIM:
        raise IllegalAction("challenge or accept first")
    if not is_claim(claim):
        raise IllegalAction(f"{claim!r} is not a claim")
    if claim not in claims_above(state.claim, state.settings["doubles"]):
        raise ClaimTooLow(f"{claim} does not beat {state.claim}")
    state.claim = claim
    state.claimant = seat
    state.history.append({"seat": seat, "claim": claim})
    state.phase = PHASE_RESPOND
    state.to_act = state.next_live_seat(seat)
    events.append({"type": "claimed", "seat": seat, "claim": claim, "to": state.to_act})


def accept(state: MiaState, seat: int, rng: Rng, events: list[Event]) -> None:
    if state.claim == MIA:
        raise IllegalAction("nothing beats Mia: challenge it")
    events.append({"type": "accepted", "seat": seat, "claim": state.claim})
    count_unseen_bluff(state)
    state.phase = PHASE_CLAIM  # the old dice are discarded unseen
    _roll(state, seat, rng, events)


def pass_on(state: MiaState, seat: int, events: list[Event]) -> None:
    if not _may_pass(state, seat):
        raise IllegalAction("passing on is not allowed now")
    state.passed = True
    state.history.append({"seat": seat, "pass": True})
    state.to_act = state.next_live_seat(seat)
    events.append({"type": "passed", "seat": seat, "to": state.to_act, "claim": state.claim})


def challenge(state: MiaState, seat: int, events: list[Event]) -> None:
    """Only the newest pair is revealed; at least the claim's rank means the claim holds."""
    assert state.claim is not None and state.claimant is not None and state.dice is not None
    doubles = state.settings["doubles"]
    roll = f"{state.dice[0]}{state.dice[1]}"
    holds = rank(roll, doubles) >= rank(state.claim, doubles)
    mia_claim = state.claim == MIA
    if holds:
        loser, lost = seat, state.settings["mia_penalty"] if mia_claim else 1
        _count(state, "wrong_challenges", seat)
    else:
        loser, lost = state.claimant, state.settings["false_mia_penalty"] if mia_claim else 1
        _count(state, "bluffs_caught", state.claimant)
    if state.shown:
        state.shown["held" if holds else "caught"][state.claimant] += 1
    events.append(
        {
            "type": "challenged",
            "seat": seat,
            "claimant": state.claimant,
            "claim": state.claim,
            "dice": list(state.dice),
            "roll": roll,
            "holds": holds,
            "game_id": state.game_id,
            "round": state.round,
            "turn": state.turn,
            "salt": state.salt,
        }
    )
    reveal = {"dice": list(state.dice), "roll": roll}
    end_round(
        state,
        loser,
        lost,
        claim_held=holds,
        challenger=seat,
        kind="challenge",
        events=events,
        reveal=reveal,
    )


def fold(state: MiaState, seat: int, events: list[Event]) -> None:
    """Giving up on a Mia claim unseen: 1 life, and the claim counts as held."""
    if state.claim != MIA or not state.settings["fold_on_mia"]:
        raise IllegalAction("folding is only allowed against Mia with fold_on_mia on")
    events.append(
        {
            "type": "folded",
            "seat": seat,
            "claimant": state.claimant,
            "claim": state.claim,
            "round": state.round,
        }
    )
    count_unseen_bluff(state)
    end_round(state, seat, 1, claim_held=True, challenger=seat, kind="fold", events=events)


def end_round(
    state: MiaState,
    loser: int,
    lost: int,
    *,
    claim_held: bool,
    challenger: int,
    kind: str,
    events: list[Event],
    reveal: dict[str, Any] | None = None,
) -> None:
    before = state.lives[loser]
    state.lives[loser] = max(0, before - lost)
    _count(state, "lives_lost", loser, before - state.lives[loser])
    events.append(
        {
            "type": "lost_lives",
            "seat": loser,
            "lost": before - state.lives[loser],
            "lives": state.lives[loser],
        }
    )
    if state.lives[loser] == 0:
        state.out_order.append(loser)
        events.append({"type": "eliminated", "seat": loser})
    state.last_result = {
        "kind": kind,
        "round": state.round,
        "seat": challenger,
        "claimant": state.claimant,
        "claim": state.claim,
        "loser": loser,
        "lost": before - state.lives[loser],
        "claim_held": claim_held,
        "next_starter": _next_starter(state, loser, claim_held, challenger),
        **(reveal or {}),
    }
    state.dice = state.salt = None


def _count(state: MiaState, counter: str, seat: int, amount: int = 1) -> None:
    if state.tally:
        state.tally[counter][seat] += amount


def count_unseen_bluff(state: MiaState) -> None:
    """The claim under the cup goes unchallenged: if it was a bluff, it got through."""
    if state.claim is None or state.claimant is None or state.dice is None:
        return
    doubles = state.settings["doubles"]
    if rank(f"{state.dice[0]}{state.dice[1]}", doubles) < rank(state.claim, doubles):
        _count(state, "bluffs_through", state.claimant)


def _next_starter(state: MiaState, loser: int, claim_held: bool, challenger: int) -> int | None:
    if len(state.live_seats()) <= 1:
        return None
    if state.settings["next_starter"] == NEXT_STARTER_CLASSIC:
        # Claim failed: the challenger starts. Claim held: the seat after the challenger.
        return challenger if not claim_held else state.next_live_seat(challenger)
    return loser if state.alive(loser) else state.next_live_seat(loser)


def after_round(state: MiaState, rng: Rng, events: list[Event]) -> None:
    if len(state.live_seats()) == 1:
        finish(state, events)
        return
    assert state.last_result is not None
    start_round(state, state.last_result["next_starter"], rng, events)


def finish(state: MiaState, events: list[Event]) -> None:
    state.phase = PHASE_OVER
    state.to_act = -1
    state.claim = state.claimant = None
    state.history = []
    state.dice = state.salt = None
    events.append({"type": "game_over", "ranking": ranking(state)})
