"""Mino Dice, the trick-taking game with dice (rules: docs/rules/mino_dice.md; choices:
docs/mino_dice-rules-choices.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from games.base import (
    JSON,
    N_,
    NT_,
    PRIVATE,
    PUBLIC,
    SIMULTANEOUS,
    Action,
    Event,
    Game,
    PrivateInfo,
    SeatBadge,
    StatCounter,
    Text,
)
from games.mino_dice import absent, cpu, hands, presentation, rules, story, views, words
from games.mino_dice.errors import ERROR_TEXTS
from games.mino_dice.fairness import preimage
from games.mino_dice.settings import PRESET_DESCRIPTIONS, PRESET_LABELS, PRESETS, SETTINGS_SPECS
from games.mino_dice.settings import normalize_settings as _normalize_settings
from games.mino_dice.state import PHASE_OVER, PHASE_TRICK, MinoState
from games.rng import Rng

# What the log keeps of each event: a short code, then the fields its readers need, in order
# (see tables.codec). Codes are stored data: never reuse one for another meaning.
EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "game_started": ("g", "seats", "hands"),
    "hand_started": ("h", "hand", "hands", "leader", "commitments"),
    "bid_made": ("b", "seat"),
    "bids_revealed": ("v", "hand", "bids"),
    "rolled": ("r", "seat", "die", "kind", "face", "trick"),
    "trick_won": (
        "w",
        "hand",
        "trick",
        "winner",
        "leader",
        "die",
        "kind",
        "face",
        "bonus",
        "rolls",
    ),
    "hand_scored": ("s", "hand", "results"),
    "hand_revealed": ("x", "game_id", "hand", "reveals"),
    "timed_out": ("t", "seat"),
    "resigned": ("q", "seat"),
    "game_over": ("o", "ranking", "places"),
}


class MinoDice(Game):
    """Mino Dice behind the :class:`games.base.Game` interface."""

    name = "mino_dice"
    command = "minodice"
    title = N_("Mino Dice")
    summary = N_(
        "Mino Dice: bid your tricks, then roll your dice to win exactly that many. 2–6 players."
    )
    min_seats = rules.MIN_SEATS
    max_seats = rules.MAX_SEATS
    dynamics = SIMULTANEOUS
    settings_specs = SETTINGS_SPECS
    presets = PRESETS
    preset_labels = PRESET_LABELS
    preset_descriptions = PRESET_DESCRIPTIONS
    event_fields = EVENT_FIELDS
    unlogged_events = frozenset({"bid_made"})  # who bid is in the view; the values come later
    stats_counters = (
        StatCounter("exact_bids", N_("exact bids")),
        StatCounter("zero_bids", N_("zero bids made")),
        StatCounter("bonus_points", N_("bonus points")),
        StatCounter("tricks_won", N_("tricks won")),
    )
    error_texts = ERROR_TEXTS
    private_label = N_("👀 Look at my dice")
    play_label = N_("🎲 Roll a die")
    hand_play_message = N_("🎲 I roll one of my dice.")
    legend = presentation.LEGEND
    story_breaks = frozenset({"hand_scored"})  # a hand's scores end a chapter
    web_assets = Path(__file__).resolve().parent / "web"
    page_history = frozenset({"hand_scored"})  # the score sheet, hand by hand
    web_strings: ClassVar[dict[str, Any]] = {  # what web/render.js draws itself
        "bids_in": N_("Bids in: {n} of {total}"),
        "dice_each": NT_("die each", "dice each", 1),
        "trick_of": N_("Trick {trick} of {tricks}"),
        "follow": N_("Follow:"),
        "you_take": N_("🎲 You take the trick!"),
        "exact": N_("✅ Exactly your bid: {points}"),
        "missed": N_("❌ Off your bid: {points}"),
        "sheet": N_("Score sheet"),
        "hand": N_("Hand"),
        "legend": N_("🎯 tricks won/bid · 📊 points"),
        # Each die's colour or creature in words (screen readers, and beside a colour swatch).
        **{f"kind_{kind}": name for kind, name in words.NAMES.items()},
    }

    def normalize_settings(self, settings: JSON) -> JSON:
        return _normalize_settings(settings)

    def new_game(
        self, settings: JSON, seats: int, rng: Rng, game_id: str = ""
    ) -> tuple[MinoState, list[Event]]:
        return rules.new_game(settings, seats, rng, game_id)

    def dump(self, state: MinoState) -> JSON:
        return state.to_dict()

    def load(self, data: JSON) -> MinoState:
        return MinoState.from_dict(data)

    def to_act(self, state: MinoState) -> list[int]:
        return rules.to_act(state)

    def decision(self, state: MinoState, seat: int) -> int:
        """Bidders share the hand's token, unchanged by each bid; it moves on when the
        bidding ends and after every roll."""
        return state.step

    def legal_actions(self, state: MinoState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def action_scope(self, action: Action) -> str:
        """Bids are group buttons; rolling a die names a die only its owner knows."""
        return PRIVATE if action.startswith(rules.ROLL_PREFIX) else PUBLIC

    def public_actions(self, public_view: JSON, seat: int) -> list[Action]:
        return views.public_actions(public_view, seat)

    def plays_privately(self, public_view: JSON, seat: int) -> bool:
        """Only a roll is private (which of your dice); a bid is a public button."""
        return public_view["phase"] == PHASE_TRICK and public_view["turn"] == seat

    def apply(
        self, state: MinoState, seat: int, action: Action, rng: Rng
    ) -> tuple[MinoState, list[Event]]:
        return rules.apply(state, seat, action, rng)

    def timeout(self, state: MinoState, seat: int, rng: Rng) -> tuple[MinoState, list[Event]]:
        return absent.timeout(state, seat, rng)

    def resign(self, state: MinoState, seat: int, rng: Rng) -> tuple[MinoState, list[Event]]:
        return rules.resign(state, seat, rng)

    def view(self, state: MinoState, seat: int) -> dict[str, Any]:
        return views.seat_view(state, seat)

    def public_view(self, state: MinoState) -> dict[str, Any]:
        return views.public_view(state)

    def is_over(self, state: MinoState) -> bool:
        return state.phase == PHASE_OVER

    def ranking(self, state: MinoState) -> list[int]:
        return hands.ranking(state)

    def places(self, state: MinoState) -> list[int]:
        return hands.places(state)

    def final_stats(self, state: MinoState) -> list[dict[str, int]]:
        return hands.final_stats(state)

    def cpu_action(self, view: dict[str, Any], level: str, rng: Rng) -> Action:
        return cpu.choose(view, level, rng)

    def action_label(self, action: Action) -> Text:
        return presentation.action_label(action)

    def action_rows(self, actions: list[Action]) -> list[list[Action]]:
        return presentation.action_rows(actions)

    def action_done(self, action: Action) -> Text | None:
        return presentation.action_done(action)

    def action_style(self, action: Action) -> str:
        return presentation.action_style(action)

    def private_info(self, view: dict[str, Any]) -> PrivateInfo | None:
        return presentation.private_info(view)

    def seat_badges(self, public_view: dict[str, Any]) -> list[SeatBadge]:
        return presentation.seat_badges(public_view)

    def describe_status(self, public_view: dict[str, Any], names: list[str]) -> list[Text]:
        return presentation.describe_status(public_view, names)

    def describe_events(self, events: list[Event], names: list[str]) -> list[Text]:
        return story.describe_events(events, names)

    def describe_private_play(self, public_view: JSON, seat: int, names: list[str]) -> Text:
        return presentation.describe_private_play(public_view, seat, names)

    def shows_legend(self, public_view: JSON) -> bool:
        return presentation.shows_legend(public_view)

    def commitments(self, events: list[Event], names: list[str]) -> list[Text]:
        return story.commitments(events, names)

    def describe_log(self, events: list[Event], names: list[str]) -> list[Text]:
        return story.describe_log(events, names)

    def proofs(self, events: list[Event]) -> list[tuple[str, str]]:
        return story.proofs(events)

    def sealed_proofs(self, state: MinoState) -> list[tuple[str, str]]:
        if state.phase == PHASE_OVER:
            return []
        texts = [
            preimage(state.game_id, state.hand, seat, dice, state.faces, state.salts[seat])
            for seat, dice in enumerate(state.dealt)
        ]
        return list(zip(texts, state.commitments(), strict=True))

    def describe_hint(self, view: dict[str, Any], names: list[str]) -> Text | None:
        return presentation.describe_hint(view, names)

    def describe_rules(self, settings: JSON) -> list[Text]:
        return words.describe_rules(self.normalize_settings(settings))

    def describe_fairness(self) -> list[Text]:
        return words.describe_fairness()


GAME = MinoDice()
