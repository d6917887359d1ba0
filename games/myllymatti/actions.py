"""Myllymatti's moves (docs/rules/myllymatti.md; choices in docs/myllymatti-rules-choices.md).

Pure: no I/O, no clock, randomness only from the ``rng`` argument. The moves themselves are
methods of MyllyRules (rules.py), which copies the state before it changes anything, so the
table layer can keep the old state if a concurrent move wins the race; the helpers here
change that copy, or only read.
"""

from __future__ import annotations

from typing import Any

from games.base import Action, Event
from games.errors import GameOver, IllegalAction, InvalidSettings, NotYourTurn, SeatOut
from games.myllymatti import cards, fairness, phase1, phase2
from games.myllymatti.settings import PRESETS, SETTINGS_SPECS
from games.myllymatti.state import (
    PHASE_COLLECT,
    PHASE_OVER,
    PHASE_SHED,
    MyllyState,
)

MIN_SEATS = 2
MAX_SEATS = 4

PLAY_PREFIX = "play:"
CHANCE = "chance"
PICKUP = "pickup"


def play_action(card: str) -> Action:
    return f"{PLAY_PREFIX}{card}"


def normalize_settings(settings: dict[str, Any]) -> dict[str, Any]:
    """Defaults from the standard preset; every value checked against its choices."""
    known = {spec.key: spec for spec in SETTINGS_SPECS}
    unknown = set(settings) - set(known)
    if unknown:
        raise InvalidSettings(f"unknown settings: {sorted(unknown)}")
    result = dict(PRESETS["standard"])
    for key, value in settings.items():
        if not any(value == c and type(value) is type(c) for c in known[key].choices):
            raise InvalidSettings(f"{key}={value!r} is not one of {known[key].choices}")
        result[key] = value
    return result


def legal_actions(state: MyllyState, seat: int) -> list[Action]:
    if state.phase == PHASE_OVER or seat != state.to_act:
        return []
    hand = cards.sorted_hand(state.hands[seat], state.trump)
    if state.phase == PHASE_COLLECT:
        actions = [play_action(card) for card in hand]
        if phase1.may_take_chance(state, seat):
            actions.append(CHANCE)
        return actions
    actions = [play_action(card) for card in hand if phase2.may_play(state, card)]
    if state.trick:
        actions.append(PICKUP)
    return actions


def move(state: MyllyState, seat: int, action: Action, events: list[Event]) -> None:
    """Make a move on ``state`` itself (``apply`` hands it a copy; the expert's playouts make
    thousands of moves on one copy). The seat must be the one to act."""
    state.step += 1
    if action.startswith(PLAY_PREFIX):
        card = action.removeprefix(PLAY_PREFIX)
        if state.phase == PHASE_COLLECT:
            going = phase1.play(state, seat, card, events)
        else:
            going = phase2.play(state, seat, card, events)
    elif action == CHANCE:
        if state.phase != PHASE_COLLECT:
            raise IllegalAction("taking a chance belongs to phase 1")
        going = phase1.take_chance(state, seat, events)
    elif action == PICKUP:
        if state.phase != PHASE_SHED:
            raise IllegalAction("picking up belongs to phase 2")
        going = phase2.pick_up(state, seat, events)
    else:
        raise IllegalAction(f"unknown action {action!r}")
    if not going:
        if state.phase == PHASE_COLLECT:
            switch(state, events)
        else:
            finish(state, events)


def switch(state: MyllyState, events: list[Event]) -> None:
    if not phase2.begin(state, events):
        finish(state, events)


def ranking(state: MyllyState) -> list[int]:
    """First out first, the loser last (while running: the order so far, then by cards)."""
    return [seat for group in _place_groups(state) for seat in group]


def places(state: MyllyState) -> list[int]:
    """The place of each seat in ranking order; seats that went out together, or that a
    resignation left with equal cards, share a place."""
    result: list[int] = []
    for group in _place_groups(state):
        result += [len(result) + 1] * len(group)
    return result


def _place_groups(state: MyllyState) -> list[list[int]]:
    groups = [list(group) for group in state.out]
    rest = [s for s in range(state.seats) if not state.is_out(s) and s != state.loser]
    by_count: dict[int, list[int]] = {}
    for seat in rest:
        by_count.setdefault(state.card_count(seat), []).append(seat)
    groups += [by_count[count] for count in sorted(by_count)]
    if state.loser is not None:
        groups.append([state.loser])
    return groups


def check_turn(state: MyllyState, seat: int) -> None:
    """Refuse a move by a seat that may not move now (the game over, the seat out, not its turn)."""
    if state.phase == PHASE_OVER:
        raise GameOver("the game is over")
    if not 0 <= seat < state.seats or state.is_out(seat):
        raise SeatOut("this seat is out of the game")
    if seat != state.to_act:
        raise NotYourTurn("it is not this seat's turn")


def finish(state: MyllyState, events: list[Event], loser: int | None = None) -> None:
    """The last player holding cards is the Myllymatti; the deal is revealed to prove it."""
    if loser is None:
        holding = state.holding()
        assert len(holding) == 1, holding
        loser = holding[0]
    state.loser = loser
    state.phase = PHASE_OVER
    state.to_act = -1
    state.last = {"kind": "lost", "seat": loser}
    events.append({"type": "lost", "seat": loser})
    events.append(
        {
            "type": "deal_revealed",
            "game_id": state.game_id,
            "deck": fairness.deck_text(state.deck),
            "salt": state.salt,
            "commitment": state.commitment,
        }
    )
    events.append({"type": "game_over", "ranking": ranking(state), "places": places(state)})
