"""Mia, the two-dice bluffing game (rules: docs/rules/mia.md)."""

from __future__ import annotations

from typing import Any

from games.base import JSON, N_, Action, Event, Text
from games.mia import cpu, presentation, rules, views
from games.mia.settings import DEFAULT_PRESET, PRESETS, SETTINGS_SPECS, normalize_settings
from games.mia.settings import preset_of as _preset_of
from games.mia.state import PHASE_OVER, MiaState
from games.rng import Rng

# What the log keeps of each event: a short code, then the fields its readers need, in order
# (see tables.codec). Codes are stored data: never reuse one for another meaning.
EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "game_started": ("g", "seats", "starter"),
    "round_started": ("r", "round", "starter"),
    "claimed": ("c", "seat", "claim"),
    "accepted": ("a", "seat"),
    "passed": ("p", "seat", "to"),
    "challenged": (
        "x",
        "seat",
        "claimant",
        "claim",
        "dice",
        "roll",
        "holds",
        "game_id",
        "round",
        "turn",
        "salt",
    ),
    "folded": ("f", "seat", "claimant", "claim"),
    "timed_out": ("t", "seat"),
    "resigned": ("q", "seat"),
    "lost_lives": ("l", "seat", "lost", "lives"),
    "eliminated": ("e", "seat"),
    "game_over": ("o", "ranking"),
}


class Mia:
    """Mia behind the :class:`games.base.Game` interface."""

    name = "mia"
    title = N_("Mia")
    min_seats = rules.MIN_SEATS
    max_seats = rules.MAX_SEATS
    settings_specs = SETTINGS_SPECS
    presets = PRESETS
    default_preset = DEFAULT_PRESET
    event_fields = EVENT_FIELDS

    def normalize_settings(self, settings: JSON) -> JSON:
        return normalize_settings(settings)

    def preset_of(self, settings: JSON) -> str | None:
        return _preset_of(settings)

    def new_game(
        self, settings: JSON, seats: int, rng: Rng, game_id: str = ""
    ) -> tuple[MiaState, list[Event]]:
        return rules.new_game(settings, seats, rng, game_id)

    def dump(self, state: MiaState) -> JSON:
        return state.to_dict()

    def load(self, data: JSON) -> MiaState:
        return MiaState.from_dict(data)

    def to_act(self, state: MiaState) -> list[int]:
        return [] if state.phase == PHASE_OVER else [state.to_act]

    def legal_actions(self, state: MiaState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def apply(
        self, state: MiaState, seat: int, action: Action, rng: Rng
    ) -> tuple[MiaState, list[Event]]:
        return rules.apply(state, seat, action, rng)

    def timeout(self, state: MiaState, seat: int, rng: Rng) -> tuple[MiaState, list[Event]]:
        return rules.timeout(state, seat, rng)

    def resign(self, state: MiaState, seat: int, rng: Rng) -> tuple[MiaState, list[Event]]:
        return rules.resign(state, seat, rng)

    def view(self, state: MiaState, seat: int) -> dict[str, Any]:
        return views.seat_view(state, seat)

    def public_view(self, state: MiaState) -> dict[str, Any]:
        return views.public_view(state)

    def is_over(self, state: MiaState) -> bool:
        return state.phase == PHASE_OVER

    def ranking(self, state: MiaState) -> list[int]:
        return rules.ranking(state)

    def final_stats(self, state: MiaState) -> list[dict[str, int]]:
        return rules.final_stats(state)

    def cpu_action(self, view: dict[str, Any], level: str, rng: Rng) -> Action:
        return cpu.choose(view, level, rng)

    def action_label(self, action: Action) -> Text:
        return presentation.action_label(action)

    def action_rows(self, actions: list[Action]) -> list[list[Action]]:
        return presentation.action_rows(actions)

    def private_actions(self, view: dict[str, Any]) -> list[Action]:
        return presentation.private_actions(view)

    def describe_private(self, view: dict[str, Any]) -> Text | None:
        return presentation.describe_private(view)

    def describe_table(self, view: dict[str, Any], names: list[str]) -> list[Text]:
        return presentation.describe_table(view, names)

    def describe_round(self, view: dict[str, Any], names: list[str]) -> list[Text]:
        return presentation.describe_round(view, names)

    def seat_summaries(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        return presentation.seat_summaries(view)

    def describe_secret(self, view: dict[str, Any]) -> dict[str, Any] | None:
        return presentation.describe_secret(view)

    def describe_events(self, events: list[Event], names: list[str]) -> list[Text]:
        return presentation.describe_events(events, names)

    def describe_log(self, events: list[Event], names: list[str]) -> list[Text]:
        return presentation.describe_log(events, names)

    def describe_hint(self, view: dict[str, Any], names: list[str]) -> Text | None:
        return presentation.describe_hint(view, names)

    def describe_rules(self, settings: JSON) -> list[Text]:
        return presentation.describe_rules(self.normalize_settings(settings))


GAME = Mia()
