"""Mino Dice, the trick-taking game with dice (rules: docs/rules/mino_dice.md; choices:
docs/mino_dice-rules-choices.md).

The game is its rules and its presentation, each filled in from the modules that hold them:
rules.py, hands.py and absent.py (moves, hands, timeouts), views.py (who may know what), cpu.py
(CPU players), presentation.py, story.py and words.py (words, buttons, the private dice) and
web/ (the Mini App renderer).
"""

from __future__ import annotations

from pathlib import Path

from games.base import N_, NT_, SIMULTANEOUS, StatCounter
from games.game import Game
from games.mino_dice import absent, cpu, hands, presentation, rules, story, views, words
from games.mino_dice.errors import ERROR_TEXTS
from games.mino_dice.settings import PRESET_DESCRIPTIONS, PRESET_LABELS, PRESETS, SETTINGS_SPECS
from games.mino_dice.state import MinoState
from games.presentation_protocol import Presentation
from games.rules_protocol import Rules

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

RULES = Rules(
    min_seats=rules.MIN_SEATS,
    max_seats=rules.MAX_SEATS,
    dynamics=SIMULTANEOUS,
    presets=PRESETS,
    settings_specs=SETTINGS_SPECS,
    event_fields=EVENT_FIELDS,
    unlogged_events=frozenset({"bid_made"}),  # who bid is in the view; the values come later
    choice_hidden=views.bids_in_secret,
    stats_counters=(
        StatCounter("exact_bids", N_("exact bids")),
        StatCounter("zero_bids", N_("zero bids made")),
        StatCounter("bonus_points", N_("bonus points")),
        StatCounter("tricks_won", N_("tricks won")),
    ),
    new_game=rules.new_game,
    dump=MinoState.to_dict,
    load=MinoState.from_dict,
    to_act=rules.to_act,
    decision=rules.decision,
    legal_actions=rules.legal_actions,
    action_scope=rules.action_scope,
    public_actions=views.public_actions,
    apply=rules.apply,
    timeout=absent.timeout,
    resign=rules.resign,
    view=views.seat_view,
    public_view=views.public_view,
    ranking=hands.ranking,
    places=hands.places,
    final_stats=hands.final_stats,
    cpu_action=cpu.choose,
    sealed_proofs=rules.sealed_proofs,
)

PRESENTATION = Presentation(
    title=N_("Mino Dice"),
    summary=N_(
        "Mino Dice: bid your tricks, then roll your dice to win exactly that many. 2–6 players."
    ),
    preset_labels=PRESET_LABELS,
    preset_descriptions=PRESET_DESCRIPTIONS,
    error_texts=ERROR_TEXTS,
    open_label=N_("📱 Open my cup"),
    private_label=N_("👀 Look at my dice"),
    play_label=N_("🎲 Roll a die"),
    hand_play_message=N_("🎲 I roll one of my dice."),
    legend=presentation.LEGEND,
    shows_legend=presentation.shows_legend,
    story_breaks=frozenset({"hand_scored"}),  # a hand's scores end a chapter
    describe_private_play=presentation.describe_private_play,
    commitments=story.commitments,
    plays_privately=views.plays_privately,
    action_label=presentation.action_label,
    action_rows=presentation.action_rows,
    action_done=presentation.action_done,
    action_style=presentation.action_style,
    private_info=presentation.private_info,
    seat_badges=presentation.seat_badges,
    describe_status=presentation.describe_status,
    describe_events=story.describe_events,
    describe_log=story.describe_log,
    proofs=story.proofs,
    describe_hint=presentation.describe_hint,
    describe_rules=words.describe_rules,
    describe_fairness=words.describe_fairness,
    web_assets=Path(__file__).resolve().parent / "web",
    page_history=frozenset({"hand_scored"}),  # the score sheet, hand by hand
    web_strings={  # what web/render.js draws itself
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
    },
)

GAME = Game(name="mino_dice", command="minodice", rules=RULES, presentation=PRESENTATION)
