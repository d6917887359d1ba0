"""The page's words for replays, the rating at a game's end and "My games" (webapp/static/
replay.js), and what the live table's payload adds at a game's end for them."""

from __future__ import annotations

from typing import Any

from games.base import N_
from tables.fairness.replay_keys import replay_id
from tables.profiles import ratings
from tables.table.model import FINISHED, Table

HISTORY_STRINGS = {
    "replay": N_("🎬 Replay"),
    "replay_of": N_("Replay · {game}"),
    "step_of": N_("Step {n} of {total}"),
    "step": N_("Step"),
    "first_step": N_("First step"),
    "previous_step": N_("Previous step"),
    "next_step": N_("Next step"),
    "last_step": N_("Last step"),
    "play": N_("Play"),
    "pause": N_("Pause"),
    "back": N_("⬅️ Back"),
    "revealed": N_("Revealed at this step"),
    "committed_then": N_("Committed at this step"),
    "verified": N_("verified ✓"),
    "mismatch": N_("✗ DOES NOT MATCH its commitment!"),
    "unchecked": N_("could not be checked in this browser"),
    "checking": N_("checking…"),
    "mismatch_banner": N_(
        "⚠️ A revealed value does not match the commitment shown before it: this game's "
        "record was changed."
    ),
    "log_changed": N_(
        "⚠️ This game's log was changed after it was played: the steps marked ✗ differ from "
        "the game's record."
    ),
    "step_mismatch": N_("✗ What the log says of this step is not what was played."),
    "reveal_missing": N_("missing from the log"),
    "not_faithful": N_(
        "This game's record could not be replayed exactly, so its secrets are not shown."
    ),
    "hidden_until_end": N_("The game is still on: secrets are shown once it is over."),
    "secrets_title": N_("Everyone's secrets (the game is over)"),
    "chose": N_("{name} chose, unseen: {choice}"),
    "final_ranking": N_("Final ranking"),
    "analysis_title": N_("🧠 The engine's view"),
    "analysis_choice": N_("{name}: {choice}"),
    "analysis_best": N_("The engine: {choice}"),
    "analysis_agrees": N_("The engine agrees."),
    "mark_good": N_("good"),
    "mark_dubious": N_("dubious"),
    "mark_costly": N_("costly"),
    "analysis_summary": N_("🧠 How each of you played, by the engine"),
    "analysis_pending": N_("🧠 The engine is looking at this game…"),
    "your_rating": N_("Your rating:"),
    "rating_provisional": N_("Provisional: a few more games and it settles."),
    "my_games": N_("📚 My games"),
    "your_tables": N_("Your tables"),
    "played_games": N_("Your finished games"),
    "no_games": N_("No finished games yet: send /play in a group."),
    "place_of": N_("place {place} of {seats}"),
}


def game_over_extras(table: Table, seat: int | None) -> dict[str, Any]:
    """At a game's end: its replay, and the reader's rating before and after it."""
    extras: dict[str, Any] = {}
    if table.status == FINISHED:
        extras["replay"] = replay_id(table.id, table.game_no)
    change = next((c for c in ratings.changes(table) if c.seat == seat), None)
    if change is not None:
        extras["rating"] = {
            "before": change.before_points,
            "after": change.after_points,
            "provisional": change.provisional,
        }
    return extras
