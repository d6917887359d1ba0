"""Myllymatti's moves (docs/rules/myllymatti.md; choices in docs/myllymatti-rules-choices.md).

Pure: no I/O, no clock, randomness only from the ``rng`` argument. Every function takes a state
and returns a new one; the input is never mutated, so the table layer can keep the old state
if a concurrent move wins the race.
"""

from __future__ import annotations

from typing import Any

from games.base import PRIVATE, PUBLIC, Action, Event
from games.errors import GameOver, IllegalAction, InvalidSettings, NotYourTurn, SeatOut
from games.myllymatti import cards, fairness, phase1, phase2
from games.myllymatti.settings import PRESETS, SETTINGS_SPECS
from games.myllymatti.state import (
    PHASE_COLLECT,
    PHASE_OVER,
    PHASE_SHED,
    TALLY_COUNTERS,
    MyllyState,
)
from games.rng import Rng

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


def to_act(state: MyllyState) -> list[int]:
    """The one seat to move (nobody once the game is over)."""
    return [] if state.phase == PHASE_OVER else [state.to_act]


def decision(state: MyllyState, seat: int) -> int:
    """Every move moves the decision on: only one seat decides at a time."""
    return state.step


def action_scope(action: Action) -> str:
    """Playing a card names a card only its owner knows; a chance and a pick-up are public."""
    return PRIVATE if action.startswith(PLAY_PREFIX) else PUBLIC


def sealed_proofs(state: MyllyState) -> list[tuple[str, str]]:
    """The shuffled deck and the commitment to it shown from the deal on."""
    return [(fairness.preimage(state.game_id, state.deck, state.salt), state.commitment)]


def new_game(
    settings: dict[str, Any], seats: int, rng: Rng, game_id: str = ""
) -> tuple[MyllyState, list[Event]]:
    """A random dealer shuffles and deals three each; the deck order is committed to at once."""
    settings = normalize_settings(settings)
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise InvalidSettings(f"Myllymatti needs {MIN_SEATS} to {MAX_SEATS} seats, not {seats}")
    dealer = rng.randbelow(seats)
    deck = cards.shuffled_deck(rng)
    salt = rng.token_hex(fairness.SALT_BYTES)
    state = MyllyState(
        settings=settings,
        hands=[[] for _ in range(seats)],
        stock=[],
        deck=deck,
        salt=salt,
        commitment=fairness.commitment(game_id, deck, salt),
        game_id=game_id,
        dealer=dealer,
        won=[[] for _ in range(seats)],
        tally={counter: [0] * seats for counter in TALLY_COUNTERS},
    )
    phase1.deal(state, deck)
    events: list[Event] = [
        {
            "type": "game_started",
            "seats": seats,
            "dealer": dealer,
            "leader": (dealer + 1) % seats,
            "commitment": state.commitment,
        }
    ]
    if not phase1.begin(state, events):  # pragma: no cover - a full deck always has tricks
        _switch(state, events)
    return state, events


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


def apply(state: MyllyState, seat: int, action: Action, rng: Rng) -> tuple[MyllyState, list[Event]]:
    check_turn(state, seat)
    state = state.copy()
    events: list[Event] = []
    move(state, seat, action, events)
    return state, events


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
            _switch(state, events)
        else:
            _finish(state, events)


def _switch(state: MyllyState, events: list[Event]) -> None:
    if not phase2.begin(state, events):
        _finish(state, events)


def resign(state: MyllyState, seat: int, rng: Rng) -> tuple[MyllyState, list[Event]]:
    """A player who leaves a running game is the Myllymatti, and the game ends at once: the
    others are ranked by going out, then by fewest cards (equal counts share a place)."""
    if state.phase == PHASE_OVER:
        raise GameOver("the game is over")
    if not 0 <= seat < state.seats or state.is_out(seat):
        raise SeatOut("this seat is already out of the game")
    state = state.copy()
    state.step += 1
    state.resigned = seat
    events: list[Event] = [{"type": "resigned", "seat": seat}]
    _finish(state, events, loser=seat)
    return state, events


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


def final_stats(state: MyllyState) -> list[dict[str, int]]:
    """Per seat: lost (Myllymatti), first out, tricks won, chances taken, cards picked up."""
    first = set(state.out[0]) if state.out else set()
    return [
        {
            "myllymatti": int(seat == state.loser),
            "first_out": int(seat in first),
            **{counter: state.tally[counter][seat] for counter in TALLY_COUNTERS},
        }
        for seat in range(state.seats)
    ]


def check_turn(state: MyllyState, seat: int) -> None:
    """Refuse a move by a seat that may not move now (the game over, the seat out, not its turn)."""
    if state.phase == PHASE_OVER:
        raise GameOver("the game is over")
    if not 0 <= seat < state.seats or state.is_out(seat):
        raise SeatOut("this seat is out of the game")
    if seat != state.to_act:
        raise NotYourTurn("it is not this seat's turn")


def _finish(state: MyllyState, events: list[Event], loser: int | None = None) -> None:
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
