"""Mia's rules as the tables play them: the moves in actions.py, the views in views.py."""

from __future__ import annotations

from games.base import JSON, N_, Action, StatCounter
from games.mia import actions, cpu, views
from games.mia.settings import PRESETS, SETTINGS_SPECS
from games.mia.state import MiaState
from games.rng import Rng
from games.rules_protocol import Change, Rules
from games.think import Budget

# What the log keeps of each event: a short code, then the fields its readers need, in
# order (see tables.engine.codec). Codes are stored data: never reuse one.
EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "game_started": ("g", "seats", "starter"),
    "round_started": ("r", "round", "starter"),
    "claimed": ("c", "seat", "claim"),
    "accepted": ("a", "seat"),
    "passed": ("p", "seat", "to"),
    "challenged": (
        "x",
        *("seat", "claimant", "claim", "dice", "roll", "holds"),
        *("game_id", "round", "turn", "salt"),
    ),
    "folded": ("f", "seat", "claimant", "claim"),
    "timed_out": ("t", "seat"),
    "resigned": ("q", "seat"),
    "lost_lives": ("l", "seat", "lost", "lives"),
    "eliminated": ("e", "seat"),
    "game_over": ("o", "ranking"),
}


class MiaRules(Rules):
    """Two dice under a cup: claim, bluff, challenge; the last seat with lives wins."""

    min_seats = actions.MIN_SEATS
    max_seats = actions.MAX_SEATS
    presets = PRESETS
    settings_specs = SETTINGS_SPECS
    state_class = MiaState
    event_fields = EVENT_FIELDS
    unlogged_events = frozenset({"rolled"})  # a roll says nothing the commitment does not
    stats_counters = (
        StatCounter("lives_lost", N_("lives lost")),
        StatCounter("bluffs_caught", N_("bluffs caught")),
        StatCounter("bluffs_through", N_("bluffs that got through")),
        StatCounter("wrong_challenges", N_("wrong challenges")),
    )

    def new_game(self, settings: JSON, seats: int, rng: Rng, game_id: str = "") -> Change:
        return actions.new_game(settings, seats, rng, game_id)

    def to_act(self, state: MiaState) -> list[int]:
        return actions.to_act(state)

    def decision(self, state: MiaState, seat: int) -> int:
        return actions.decision(state, seat)

    def legal_actions(self, state: MiaState, seat: int) -> list[Action]:
        return actions.legal_actions(state, seat)

    def public_actions(self, public_view: JSON, seat: int) -> list[Action]:
        return views.public_actions(public_view, seat)

    def apply(self, state: MiaState, seat: int, action: Action, rng: Rng) -> Change:
        return actions.apply(state, seat, action, rng)

    def timeout(self, state: MiaState, seat: int, rng: Rng) -> Change:
        """A timeout counts as a fold: the absent seat loses a life, the dice stay hidden."""
        return actions.timeout(state, seat, rng)

    def resign(self, state: MiaState, seat: int, rng: Rng) -> Change:
        return actions.resign(state, seat, rng)

    def public_view(self, state: MiaState) -> JSON:
        return views.public_view(state)

    def secrets(self, state: MiaState, seat: int) -> JSON:
        """The seat's own dice, when it rolled the pair under the cup."""
        own = state.dice_owner == seat and state.dice is not None
        return {"dice": list(state.dice) if own else None}

    def ranking(self, state: MiaState) -> list[int]:
        return actions.ranking(state)

    def final_stats(self, state: MiaState) -> list[dict[str, int]]:
        return actions.final_stats(state)

    def sealed_proofs(self, state: MiaState) -> list[tuple[str, str]]:
        return actions.sealed_proofs(state)

    def cpu_action(self, view: JSON, level: str, rng: Rng) -> Action:
        return cpu.choose(view, level, rng)

    def cpu_expert(self, view: JSON, rng: Rng, budget: Budget) -> Action:
        return cpu.expert(view, rng, budget)
