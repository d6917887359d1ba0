"""Myllymatti's rules as the tables play them: moves in actions.py, phase1.py and phase2.py,
views in views.py, CPU players in cpu.py and expert.py."""

from __future__ import annotations

from games.base import JSON, N_, Action, StatCounter
from games.myllymatti import actions, cards, cpu, expert, views
from games.myllymatti.settings import PRESETS, SETTINGS_SPECS
from games.myllymatti.state import MyllyState
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
    "phase_two": ("s", "shown", "returned", "counts", "leader", "trump"),
    "led": ("l", "seat", "card"),
    "beat": ("b", "seat", "card", "top"),
    "picked_up": ("u", "seat", "cards"),
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

    def new_game(self, settings: JSON, seats: int, rng: Rng, game_id: str = "") -> Change:
        return actions.new_game(settings, seats, rng, game_id)

    def to_act(self, state: MyllyState) -> list[int]:
        return actions.to_act(state)

    def decision(self, state: MyllyState, seat: int) -> int:
        return actions.decision(state, seat)

    def legal_actions(self, state: MyllyState, seat: int) -> list[Action]:
        return actions.legal_actions(state, seat)

    def action_scope(self, action: Action) -> str:
        return actions.action_scope(action)

    def public_actions(self, public_view: JSON, seat: int) -> list[Action]:
        return views.public_actions(public_view, seat)

    def apply(self, state: MyllyState, seat: int, action: Action, rng: Rng) -> Change:
        return actions.apply(state, seat, action, rng)

    def timeout(self, state: MyllyState, seat: int, rng: Rng) -> Change:
        actions.check_turn(state, seat)  # refused as a move would be (the seat out, say)
        return super().timeout(state, seat, rng)

    def resign(self, state: MyllyState, seat: int, rng: Rng) -> Change:
        return actions.resign(state, seat, rng)

    def public_view(self, state: MyllyState) -> JSON:
        return views.public_view(state)

    def secrets(self, state: MyllyState, seat: int) -> JSON:
        """The seat's own hand, sorted with the trump suit last."""
        return {"hand": cards.sorted_hand(state.hands[seat], state.trump)}

    def ranking(self, state: MyllyState) -> list[int]:
        return actions.ranking(state)

    def places(self, state: MyllyState) -> list[int]:
        return actions.places(state)

    def final_stats(self, state: MyllyState) -> list[dict[str, int]]:
        return actions.final_stats(state)

    def sealed_proofs(self, state: MyllyState) -> list[tuple[str, str]]:
        return actions.sealed_proofs(state)

    def cpu_action(self, view: JSON, level: str, rng: Rng) -> Action:
        return cpu.choose(view, level, rng)

    def cpu_expert(self, view: JSON, rng: Rng, budget: Budget) -> Action:
        return expert.choose(view, rng, budget)
