"""Mino Dice's rules as the tables play them: moves in actions.py and hands.py, views in
views.py."""

from __future__ import annotations

from games.base import JSON, N_, SIMULTANEOUS, Action, StatCounter
from games.mino_dice import actions, cpu, hands, views
from games.mino_dice.dice import die_id, kind_of
from games.mino_dice.settings import PRESETS, SETTINGS_SPECS
from games.mino_dice.state import MinoState
from games.rng import Rng
from games.rules_protocol import Change, Rules

# What the log keeps of each event: a short code, then the fields its readers need, in order
# (see tables.engine.codec). Codes are stored data: never reuse one for another meaning.
EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "game_started": ("g", "seats", "hands"),
    "hand_started": ("h", "hand", "hands", "leader", "commitments"),
    "bid_made": ("b", "seat"),
    "bids_revealed": ("v", "hand", "bids"),
    "rolled": ("r", "seat", "die", "kind", "face", "trick"),
    "trick_won": (
        "w",
        *("hand", "trick", "winner", "leader", "die", "kind", "face", "bonus", "rolls"),
    ),
    "hand_scored": ("s", "hand", "results"),
    "hand_revealed": ("x", "game_id", "hand", "reveals"),
    "timed_out": ("t", "seat"),
    "resigned": ("q", "seat"),
    "game_over": ("o", "ranking", "places"),
}


class MinoRules(Rules):
    """Everyone bids their tricks at once, in secret; then the dice are rolled trick by trick.

    A timeout plays what a ``normal`` CPU would play for that seat (the default): a bid of its
    dice's expected tricks, or the die that best keeps to its bid. Nothing is lost for the
    timeout itself; the table layer hands a seat that keeps timing out to its autopilot.
    """

    min_seats = actions.MIN_SEATS
    max_seats = actions.MAX_SEATS
    dynamics = SIMULTANEOUS
    presets = PRESETS
    settings_specs = SETTINGS_SPECS
    state_class = MinoState
    event_fields = EVENT_FIELDS
    unlogged_events = frozenset({"bid_made"})  # who bid is in the view; the values come later
    stats_counters = (
        StatCounter("exact_bids", N_("exact bids")),
        StatCounter("zero_bids", N_("zero bids made")),
        StatCounter("bonus_points", N_("bonus points")),
        StatCounter("tricks_won", N_("tricks won")),
    )

    def new_game(self, settings: JSON, seats: int, rng: Rng, game_id: str = "") -> Change:
        return actions.new_game(settings, seats, rng, game_id)

    def to_act(self, state: MinoState) -> list[int]:
        return actions.to_act(state)

    def decision(self, state: MinoState, seat: int) -> int:
        return actions.decision(state, seat)

    def legal_actions(self, state: MinoState, seat: int) -> list[Action]:
        return actions.legal_actions(state, seat)

    def action_scope(self, action: Action) -> str:
        return actions.action_scope(action)

    def public_actions(self, public_view: JSON, seat: int) -> list[Action]:
        return views.public_actions(public_view, seat)

    def choice_hidden(self, public_view: JSON) -> bool:
        return views.bids_in_secret(public_view)

    def apply(self, state: MinoState, seat: int, action: Action, rng: Rng) -> Change:
        return actions.apply(state, seat, action, rng)

    def resign(self, state: MinoState, seat: int, rng: Rng) -> Change:
        return actions.resign(state, seat, rng)

    def public_view(self, state: MinoState) -> JSON:
        return views.public_view(state)

    def secrets(self, state: MinoState, seat: int) -> JSON:
        """The seat's own dice (ids and kinds, never a face) and bid."""
        if not 0 <= seat < state.seats:
            return {"dice": [], "bid": None}
        dice = [{"id": die_id(die), "kind": kind_of(die)} for die in state.held[seat]]
        return {"dice": dice, "bid": state.bids[seat] if state.bids else None}

    def ranking(self, state: MinoState) -> list[int]:
        return hands.ranking(state)

    def places(self, state: MinoState) -> list[int]:
        return hands.places(state)

    def final_stats(self, state: MinoState) -> list[dict[str, int]]:
        return hands.final_stats(state)

    def sealed_proofs(self, state: MinoState) -> list[tuple[str, str]]:
        return actions.sealed_proofs(state)

    def cpu_action(self, view: JSON, level: str, rng: Rng) -> Action:
        return cpu.choose(view, level, rng)
