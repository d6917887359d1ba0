"""Mia, the two-dice bluffing game (rules and choices: docs/mia-rules-choices.md).

The game is its rules and its presentation, each filled in from the modules that hold them:
rules.py (moves), views.py (who may know what), cpu.py (CPU players), presentation.py (words,
buttons, the private dice) and web/ (the Mini App renderer).
"""

from __future__ import annotations

from pathlib import Path

from games.base import N_, NT_, StatCounter
from games.game import Game
from games.mia import cpu, expert, presentation, rules, views
from games.mia.errors import ERROR_TEXTS
from games.mia.settings import PRESET_DESCRIPTIONS, PRESET_LABELS, PRESETS, SETTINGS_SPECS
from games.mia.state import MiaState
from games.presentation_protocol import Presentation
from games.rules_protocol import Rules

# What the log keeps of each event: a short code, then the fields its readers need, in order
# (see tables.engine.codec). Codes are stored data: never reuse one for another meaning.
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

RULES = Rules(
    min_seats=rules.MIN_SEATS,
    max_seats=rules.MAX_SEATS,
    presets=PRESETS,
    settings_specs=SETTINGS_SPECS,
    event_fields=EVENT_FIELDS,
    unlogged_events=frozenset({"rolled"}),  # a roll says nothing the commitment does not
    stats_counters=(
        StatCounter("lives_lost", N_("lives lost")),
        StatCounter("bluffs_caught", N_("bluffs caught")),
        StatCounter("bluffs_through", N_("bluffs that got through")),
        StatCounter("wrong_challenges", N_("wrong challenges")),
    ),
    new_game=rules.new_game,
    dump=MiaState.to_dict,
    load=MiaState.from_dict,
    to_act=rules.to_act,
    decision=rules.decision,
    legal_actions=rules.legal_actions,
    public_actions=views.public_actions,
    apply=rules.apply,
    timeout=rules.timeout,
    resign=rules.resign,
    view=views.seat_view,
    public_view=views.public_view,
    ranking=rules.ranking,
    final_stats=rules.final_stats,
    cpu_action=cpu.choose,
    cpu_expert=expert.choose,
    sealed_proofs=rules.sealed_proofs,
)

PRESENTATION = Presentation(
    title=N_("Mia"),
    summary=N_("Mia: roll two dice in secret, claim, bluff, challenge. 2–10 players."),
    preset_labels=PRESET_LABELS,
    preset_descriptions=PRESET_DESCRIPTIONS,
    error_texts=ERROR_TEXTS,
    open_label=N_("📱 Open my cup"),
    private_label=N_("👀 My dice"),
    legend=presentation.LEGEND,
    shows_legend=presentation.shows_legend,
    story_breaks=frozenset({"challenged", "folded"}),  # each round's result
    action_label=presentation.action_label,
    action_rows=presentation.action_rows,
    action_style=presentation.action_style,
    private_info=presentation.private_info,
    seat_badges=presentation.seat_badges,
    describe_status=presentation.describe_status,
    describe_events=presentation.describe_events,
    describe_log=presentation.describe_log,
    proofs=presentation.proofs,
    describe_hint=presentation.describe_hint,
    describe_rules=presentation.describe_rules,
    describe_fairness=presentation.describe_fairness,
    web_assets=Path(__file__).resolve().parent / "web",
    web_strings={  # what web/render.js draws itself
        "mia": N_("Mia"),
        "claims": N_("{name} claims"),
        "holds": N_("The claim holds!"),
        "bluff": N_("Caught bluffing!"),
        "you_lose": NT_("💔 You lose a life!", "💔 You lose {n} lives!", 1),
        "right": N_("✅ You were right!"),
    },
)

GAME = Game(name="mia", command="mia", rules=RULES, presentation=PRESENTATION)
