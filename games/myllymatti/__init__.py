"""Myllymatti, the Finnish card game with only a loser (rules: docs/rules/myllymatti.md;
choices: docs/myllymatti-rules-choices.md).

The game is its rules and its presentation, each filled in from the modules that hold them:
rules.py, phase1.py, phase2.py and absent.py (moves, timeouts), views.py (who may know what),
cpu.py and expert.py (CPU players; the expert thinks with simulate.py, search.py and
endgame.py), presentation.py, status.py, story.py and rules_text.py (words, buttons,
the private hand) and web/ (the Mini App renderer).
"""

from __future__ import annotations

from pathlib import Path

from games.base import N_, NT_, StatCounter
from games.game import Game
from games.myllymatti import (
    absent,
    cpu,
    expert,
    presentation,
    rules,
    rules_text,
    status,
    story,
    views,
)
from games.myllymatti.errors import ERROR_TEXTS
from games.myllymatti.settings import PRESET_DESCRIPTIONS, PRESET_LABELS, PRESETS, SETTINGS_SPECS
from games.myllymatti.state import MyllyState
from games.presentation_protocol import Presentation
from games.rules_protocol import Rules

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

RULES = Rules(
    min_seats=rules.MIN_SEATS,
    max_seats=rules.MAX_SEATS,
    presets=PRESETS,
    settings_specs=SETTINGS_SPECS,
    event_fields=EVENT_FIELDS,
    unlogged_events=frozenset({"drew"}),  # drawing says only how many, which counts show
    stats_counters=(
        StatCounter("myllymatti", N_("times Myllymatti (lost)")),
        StatCounter("first_out", N_("times first out")),
        StatCounter("tricks_won", N_("tricks won in phase 1")),
        StatCounter("chances_taken", N_("chances taken")),
        StatCounter("cards_picked_up", N_("cards picked up")),
    ),
    new_game=rules.new_game,
    dump=MyllyState.to_dict,
    load=MyllyState.from_dict,
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
    ranking=rules.ranking,
    places=rules.places,
    final_stats=rules.final_stats,
    cpu_action=cpu.choose,
    cpu_expert=expert.choose,
    sealed_proofs=rules.sealed_proofs,
)

PRESENTATION = Presentation(
    title=N_("Myllymatti"),
    summary=N_(
        "Myllymatti: collect cards in two-card tricks, then shed them all. The last one "
        "holding cards loses. 2–4 players."
    ),
    preset_labels=PRESET_LABELS,
    preset_descriptions=PRESET_DESCRIPTIONS,
    error_texts=ERROR_TEXTS,
    open_label=N_("📱 Open my hand"),
    private_label=N_("🃏 My hand"),
    play_label=N_("🃏 Play a card"),
    hand_play_message=N_("🃏 I play a card from my hand."),
    icon="🃏",
    legend=presentation.LEGEND,
    shows_legend=presentation.shows_legend,
    story_breaks=frozenset({"phase_two", "went_out"}),  # phase 1 told, then each one out
    describe_final=story.describe_final,
    describe_private_play=status.describe_private_play,
    commitments=story.commitments,
    action_label=presentation.action_label,
    action_rows=presentation.action_rows,
    action_style=presentation.action_style,
    private_info=presentation.private_info,
    seat_badges=presentation.seat_badges,
    describe_status=status.describe_status,
    describe_events=story.describe_events,
    describe_log=story.describe_log,
    proofs=story.proofs,
    describe_hint=status.describe_hint,
    describe_rules=rules_text.describe_rules,
    describe_fairness=rules_text.describe_fairness,
    web_assets=Path(__file__).resolve().parent / "web",
    page_moment=story.page_moment,
    web_strings={  # what web/render.js draws itself
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
    },
)

GAME = Game(name="myllymatti", command="myllymatti", rules=RULES, presentation=PRESENTATION)
