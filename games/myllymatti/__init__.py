"""Myllymatti, the Finnish card game with only a loser (rules: docs/rules/myllymatti.md;
choices: docs/myllymatti-rules-choices.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from games.base import (
    JSON,
    N_,
    NT_,
    PRIVATE,
    PUBLIC,
    SEQUENTIAL,
    Action,
    Event,
    Game,
    PrivateInfo,
    SeatBadge,
    StatCounter,
    Text,
)
from games.myllymatti import cpu, fairness, presentation, rules, rules_text, status, story, views
from games.myllymatti.errors import ERROR_TEXTS
from games.myllymatti.settings import (
    PRESET_DESCRIPTIONS,
    PRESET_LABELS,
    PRESETS,
    SETTINGS_SPECS,
)
from games.myllymatti.state import PHASE_OVER, MyllyState
from games.rng import Rng

# What the log keeps of each event: a short code, then the fields its readers need, in order
# (see tables.codec). Codes are stored data: never reuse one for another meaning.
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


class Myllymatti(Game):
    """Myllymatti behind the :class:`games.base.Game` interface."""

    name = "myllymatti"
    command = "myllymatti"
    title = N_("Myllymatti")
    summary = N_(
        "Myllymatti: collect cards in two-card tricks, then shed them all. The last one "
        "holding cards loses. 2–4 players."
    )
    min_seats = rules.MIN_SEATS
    max_seats = rules.MAX_SEATS
    dynamics = SEQUENTIAL
    settings_specs = SETTINGS_SPECS
    presets = PRESETS
    preset_labels = PRESET_LABELS
    preset_descriptions = PRESET_DESCRIPTIONS
    event_fields = EVENT_FIELDS
    unlogged_events = frozenset({"drew"})  # drawing says only how many, which counts show
    stats_counters = (
        StatCounter("myllymatti", N_("times Myllymatti (lost)")),
        StatCounter("first_out", N_("times first out")),
        StatCounter("tricks_won", N_("tricks won in phase 1")),
        StatCounter("chances_taken", N_("chances taken")),
        StatCounter("cards_picked_up", N_("cards picked up")),
    )
    error_texts = ERROR_TEXTS
    private_label = N_("🃏 My hand")
    play_label = N_("🃏 Play a card")
    hand_play_message = N_("🃏 I play a card from my hand.")
    icon = "🃏"
    legend = presentation.LEGEND
    story_breaks = frozenset({"phase_two", "went_out"})  # phase 1 told, then each one out
    web_assets = Path(__file__).resolve().parent / "web"
    web_strings: ClassVar[dict[str, Any]] = {  # what web/render.js draws itself
        "stock": N_("Stock"),
        "cards": NT_("{n} card", "{n} cards", 1),
        "trump": N_("trump {suit}"),
        "tied": N_("Tied"),
        "you_take": N_("🃏 You win the trick!"),
        "safe": N_("🏁 You are out, and safe!"),
        "loser": N_("😵 You are the Myllymatti!"),
        # A card's name for screen readers: "Q of hearts, trump" (the rank as shown).
        "card_name": N_("{rank} of {suit}"),
        "card_trump": N_("{card}, trump"),
        "suit_c": N_("clubs"),
        "suit_d": N_("diamonds"),
        "suit_h": N_("hearts"),
        "suit_s": N_("spades"),
    }

    def page_moment(self, event: Event) -> bool:
        """A chance taken is a moment on the page (the group's story tells only the trick)."""
        return event["type"] == "played" and bool(event["chance"])

    def normalize_settings(self, settings: JSON) -> JSON:
        return rules.normalize_settings(settings)

    def new_game(
        self, settings: JSON, seats: int, rng: Rng, game_id: str = ""
    ) -> tuple[MyllyState, list[Event]]:
        return rules.new_game(settings, seats, rng, game_id)

    def dump(self, state: MyllyState) -> JSON:
        return state.to_dict()

    def load(self, data: JSON) -> MyllyState:
        return MyllyState.from_dict(data)

    def to_act(self, state: MyllyState) -> list[int]:
        return [] if state.phase == PHASE_OVER else [state.to_act]

    def decision(self, state: MyllyState, seat: int) -> int:
        return state.step

    def legal_actions(self, state: MyllyState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def action_scope(self, action: Action) -> str:
        return PRIVATE if action.startswith(rules.PLAY_PREFIX) else PUBLIC

    def public_actions(self, public_view: JSON, seat: int) -> list[Action]:
        return views.public_actions(public_view, seat)

    def apply(
        self, state: MyllyState, seat: int, action: Action, rng: Rng
    ) -> tuple[MyllyState, list[Event]]:
        return rules.apply(state, seat, action, rng)

    def timeout(self, state: MyllyState, seat: int, rng: Rng) -> tuple[MyllyState, list[Event]]:
        return rules.timeout(state, seat, rng)

    def resign(self, state: MyllyState, seat: int, rng: Rng) -> tuple[MyllyState, list[Event]]:
        return rules.resign(state, seat, rng)

    def view(self, state: MyllyState, seat: int) -> dict[str, Any]:
        return views.seat_view(state, seat)

    def public_view(self, state: MyllyState) -> dict[str, Any]:
        return views.public_view(state)

    def is_over(self, state: MyllyState) -> bool:
        return state.phase == PHASE_OVER

    def ranking(self, state: MyllyState) -> list[int]:
        return rules.ranking(state)

    def places(self, state: MyllyState) -> list[int]:
        return rules.places(state)

    def final_stats(self, state: MyllyState) -> list[dict[str, int]]:
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
        return status.describe_status(public_view, names)

    def describe_events(self, events: list[Event], names: list[str]) -> list[Text]:
        return story.describe_events(events, names)

    def describe_final(
        self, ranking: list[int], places: list[int], names: list[str]
    ) -> list[Text] | None:
        return story.describe_final(ranking, places, names)

    def describe_private_play(self, public_view: JSON, seat: int, names: list[str]) -> Text:
        return status.describe_private_play(public_view, seat, names)

    def shows_legend(self, public_view: JSON) -> bool:
        return presentation.shows_legend(public_view)

    def commitments(self, events: list[Event], names: list[str]) -> list[Text]:
        return story.commitments(events)

    def describe_log(self, events: list[Event], names: list[str]) -> list[Text]:
        return story.describe_log(events, names)

    def proofs(self, events: list[Event]) -> list[tuple[str, str]]:
        return story.proofs(events)

    def sealed_proofs(self, state: MyllyState) -> list[tuple[str, str]]:
        return [(fairness.preimage(state.game_id, state.deck, state.salt), state.commitment)]

    def describe_hint(self, view: dict[str, Any], names: list[str]) -> Text | None:
        return status.describe_hint(view, names)

    def describe_rules(self, settings: JSON) -> list[Text]:
        return rules_text.describe_rules(self.normalize_settings(settings))

    def describe_fairness(self) -> list[Text]:
        return rules_text.describe_fairness()


GAME = Myllymatti()
