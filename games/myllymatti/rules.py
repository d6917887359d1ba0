"""Myllymatti's rules as the tables play them: each move here, its steps in actions.py,
phase1.py and phase2.py, the privacy notes and the public buttons in views.py, CPU players in
cpu.py and expert.py."""

from __future__ import annotations

from typing import Any

from games.analysis import Judgement
from games.base import JSON, N_, PRIVATE, PUBLIC, Action, Event, StatCounter
from games.errors import GameOver, SeatOut
from games.myllymatti import actions, analysis, cards, cpu, expert, fairness, phase1, views
from games.myllymatti.actions import (
    PLAY_PREFIX,
    check_turn,
    finish,
    move,
    normalize_settings,
    places,
    ranking,
    switch,
)
from games.myllymatti.settings import PRESETS, SETTINGS_SPECS
from games.myllymatti.state import PHASE_COLLECT, PHASE_OVER, PHASE_SHED, TALLY_COUNTERS, MyllyState
from games.rng import Rng
from games.rules_protocol import Change, Rules
from games.think import Budget

# What the log keeps of each event: a short code, then the fields its readers need, in order
# (see tables.engine.codec). Codes are stored data: never reuse one for another meaning.
EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "game_started": ("g", "seats", "dealer", "leader", "commitment"),
    "played": ("p", "seat", "card", "chance"),
    "tied": ("d", "leader", "opponent", "cards"),
    "trick_won": ("w", "seat", "other", "cards", "tied"),
    "last_card": ("c", "seat", "card"),
    "phase_two": (
        "s",
        "shown",
        "returned",
        "counts",
        "leader",
        "trump",
        "trump_card",
        "trump_owner",
    ),
    "led": ("l", "seat", "card"),
    "beat": ("b", "seat", "card", "top"),
    "picked_up": ("u", "seat", "cards", "trump"),  # trump: what beats it, for its why
    "set_aside": ("a", "seat", "cards"),
    "went_out": ("e", "seat", "place", "start"),
    "lost": ("m", "seat"),
    "deal_revealed": ("r", "game_id", "deck", "salt", "commitment"),
    "timed_out": ("t", "seat"),
    "resigned": ("q", "seat"),
    "game_over": ("o", "ranking", "places"),
}


class MyllyRules(Rules):
    """Two-card tricks to collect cards, then shedding them all; the last one holding loses.

    A timeout plays what a ``normal`` CPU would play for that seat, from its own view.
    """

    min_seats = actions.MIN_SEATS
    max_seats = actions.MAX_SEATS
    presets = PRESETS
    settings_specs = SETTINGS_SPECS
    state_class = MyllyState
    event_fields = EVENT_FIELDS
    unlogged_events = frozenset({"drew"})  # drawing says only how many, which counts show
    stats_counters = (
        StatCounter("myllymatti", N_("times Myllymatti (lost)")),
        StatCounter("first_out", N_("times first out")),
        StatCounter("tricks_won", N_("tricks won in phase 1")),
        StatCounter("chances_taken", N_("chances taken")),
        StatCounter("cards_picked_up", N_("cards picked up")),
    )

    def new_game(
        self, settings: dict[str, Any], seats: int, rng: Rng, game_id: str = ""
    ) -> tuple[MyllyState, list[Event]]:
        """A random dealer shuffles and deals three each; the deck order is committed to at once."""
        settings = normalize_settings(settings)
        self.check_seats(seats)
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
            switch(state, events)
        return state, events

    def to_act(self, state: MyllyState) -> list[int]:
        """The one seat to move (nobody once the game is over)."""
        return [] if state.phase == PHASE_OVER else [state.to_act]

    def decision(self, state: MyllyState, seat: int) -> int:
        """Every move moves the decision on: only one seat decides at a time."""
        return state.step

    def legal_actions(self, state: MyllyState, seat: int) -> list[Action]:
        return actions.legal_actions(state, seat)

    def action_scope(self, action: Action) -> str:
        """Playing a card names a card only its owner knows; a chance and a pick-up are public."""
        return PRIVATE if action.startswith(PLAY_PREFIX) else PUBLIC

    def public_actions(self, public_view: JSON, seat: int) -> list[Action]:
        return views.public_actions(public_view, seat)

    def apply(
        self, state: MyllyState, seat: int, action: Action, rng: Rng
    ) -> tuple[MyllyState, list[Event]]:
        check_turn(state, seat)
        state = state.copy()
        events: list[Event] = []
        move(state, seat, action, events)
        return state, events

    def timeout(self, state: MyllyState, seat: int, rng: Rng) -> Change:
        actions.check_turn(state, seat)  # refused as a move would be (the seat out, say)
        return super().timeout(state, seat, rng)

    def resign(self, state: MyllyState, seat: int, rng: Rng) -> tuple[MyllyState, list[Event]]:
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
        finish(state, events, loser=seat)
        return state, events

    def public_view(self, state: MyllyState) -> dict[str, Any]:
        over = state.phase == PHASE_OVER
        collecting = state.phase == PHASE_COLLECT
        shedding = state.phase == PHASE_SHED  # (not once over: a game left in phase 1 hides hands)
        return {
            "game": "myllymatti",
            "phase": state.phase,
            "seats": state.seats,
            "dealer": state.dealer,
            "settings": dict(state.settings),
            "commitment": state.commitment,
            "step": state.step,
            "to_act": None if over else state.to_act,
            "leader": None if over else state.leader,
            "opponent": state.opponent if collecting else None,
            "hand_counts": [len(hand) for hand in state.hands],
            "won_counts": [len(pile) for pile in state.won],
            "stock": len(state.stock),
            "face_up": state.face_up,
            "face_up_seat": state.face_up_seat if state.face_up is not None else None,
            "trump": state.trump,
            "trick": [dict(entry) for entry in state.trick],
            "tied": [dict(entry) for entry in state.tied],
            "trick_size": 0 if collecting else state.trick_size,
            "won_cards": sorted(card for pile in state.won for card in pile),
            "won_piles": [sorted(pile) for pile in state.won],
            "known_hands": [sorted(hand) for hand in state.hands] if shedding else None,
            "set_aside": sorted(state.set_aside),
            "stalled": state.stalled,
            "out": [list(group) for group in state.out],
            "loser": state.loser,
            "resigned": state.resigned,
            "last": dict(state.last) if state.last else None,
            "over": over,
            "ranking": ranking(state) if over else None,
            "places": places(state) if over else None,
        }

    def secrets(self, state: MyllyState, seat: int) -> JSON:
        """The seat's own hand, sorted with the trump suit last."""
        return {"hand": cards.sorted_hand(state.hands[seat], state.trump)}

    def ranking(self, state: MyllyState) -> list[int]:
        return actions.ranking(state)

    def places(self, state: MyllyState) -> list[int]:
        return actions.places(state)

    def final_stats(self, state: MyllyState) -> list[dict[str, int]]:
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

    def sealed_proofs(self, state: MyllyState) -> list[tuple[str, str]]:
        """The shuffled deck and the commitment to it shown from the deal on."""
        return [(fairness.preimage(state.game_id, state.deck, state.salt), state.commitment)]

    def cpu_action(self, view: JSON, level: str, rng: Rng) -> Action:
        return cpu.choose(view, level, rng)

    def cpu_expert(self, view: JSON, rng: Rng, budget: Budget) -> Action:
        return expert.choose(view, rng, budget)

    def analyse(self, view: JSON, action: Action, rng: Rng) -> Judgement | None:
        return analysis.analyse(view, action, rng)
