"""Mia, the two-dice bluffing game (rules and choices: docs/mia-rules-choices.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from games.base import (
    JSON,
    N_,
    NT_,
    Action,
    Event,
    Game,
    PrivateInfo,
    SeatBadge,
    StatCounter,
    Text,
)
from games.mia import cpu, presentation, rules, views
from games.mia.errors import ERROR_TEXTS
from games.mia.fairness import preimage
from games.mia.settings import PRESET_DESCRIPTIONS, PRESET_LABELS, PRESETS, SETTINGS_SPECS
from games.mia.settings import normalize_settings as _normalize_settings
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


class Mia(Game):
    """Mia behind the :class:`games.base.Game` interface."""

    name = "mia"
    command = "mia"
    title = N_("Mia")
    summary = N_("Mia: roll two dice in secret, claim, bluff, challenge. 2–10 players.")
    min_seats = rules.MIN_SEATS
    max_seats = rules.MAX_SEATS
    settings_specs = SETTINGS_SPECS
    presets = PRESETS
    preset_labels = PRESET_LABELS
    preset_descriptions = PRESET_DESCRIPTIONS
    event_fields = EVENT_FIELDS
    unlogged_events = frozenset({"rolled"})  # a roll says nothing the commitment does not
    stats_counters = (
        StatCounter("lives_lost", N_("lives lost")),
        StatCounter("bluffs_caught", N_("bluffs caught")),
        StatCounter("bluffs_through", N_("bluffs that got through")),
        StatCounter("wrong_challenges", N_("wrong challenges")),
    )
    error_texts = ERROR_TEXTS
    private_label = N_("👀 My dice")
    legend = presentation.LEGEND
    story_breaks = frozenset({"challenged", "folded"})  # each round's result
    web_assets = Path(__file__).resolve().parent / "web"
    web_strings: ClassVar[dict[str, Any]] = {  # what web/render.js draws itself
        "mia": N_("Mia"),
        "claims": N_("{name} claims"),
        "holds": N_("The claim holds!"),
        "bluff": N_("Caught bluffing!"),
        "you_lose": NT_("💔 You lose a life!", "💔 You lose {n} lives!", 1),
        "right": N_("✅ You were right!"),
    }

    def normalize_settings(self, settings: JSON) -> JSON:
        return _normalize_settings(settings)

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

    def decision(self, state: MiaState, seat: int) -> int:
        return state.step

    def legal_actions(self, state: MiaState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def public_actions(self, public_view: JSON, seat: int) -> list[Action]:
        return views.public_actions(public_view, seat)

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

    def action_style(self, action: Action) -> str:
        return presentation.action_style(action)

    def private_info(self, view: dict[str, Any]) -> PrivateInfo | None:
        return presentation.private_info(view)

    def seat_badges(self, public_view: dict[str, Any]) -> list[SeatBadge]:
        return presentation.seat_badges(public_view)

    def describe_status(self, public_view: dict[str, Any], names: list[str]) -> list[Text]:
        return presentation.describe_status(public_view, names)

    def shows_legend(self, public_view: JSON) -> bool:
        return presentation.shows_legend(public_view)

    def describe_events(self, events: list[Event], names: list[str]) -> list[Text]:
        return presentation.describe_events(events, names)

    def describe_log(self, events: list[Event], names: list[str]) -> list[Text]:
        return presentation.describe_log(events, names)

    def proofs(self, events: list[Event]) -> list[tuple[str, str]]:
        return presentation.proofs(events)

    def sealed_proofs(self, state: MiaState) -> list[tuple[str, str]]:
        if state.dice is None or state.salt is None or state.commitment is None:
            return []
        text = preimage(state.game_id, state.round, state.turn, state.dice, state.salt)
        return [(text, state.commitment)]

    def describe_hint(self, view: dict[str, Any], names: list[str]) -> Text | None:
        return presentation.describe_hint(view, names)

    def describe_rules(self, settings: JSON) -> list[Text]:
        return presentation.describe_rules(self.normalize_settings(settings))

    def describe_fairness(self) -> list[Text]:
        return presentation.describe_fairness()


GAME = Mia()
