"""What a refusal says, by error ``code``, for every front door (bot alerts, API errors).

Errors are looked up by their stable ``code`` (see games.errors and tables.table.errors), never by
their message, so a refusal reads the same in the group and in the Mini App.
"""

from __future__ import annotations

from games.base import N_
from games.game import Game
from games.registry import GAMES

ERROR_TEXTS: dict[str, str] = {
    "not_your_turn": N_("It's not your turn."),
    "stale": N_("Too late: the table has moved on."),
    "illegal_move": N_("That move is not possible right now."),
    "seat_out": N_("You are out of this game."),
    "game_over": N_("This game is over."),
    "no_such_table": N_("This table is closed."),
    "table_exists": N_("This chat already has an open table."),
    "already_seated": N_("You already have a seat."),
    "not_seated": N_("You are not playing at this table."),
    "table_full": N_("The table is full."),
    "not_allowed": N_("Only the table's creator or a chat admin can do that."),
    "not_enough_players": N_("At least two players are needed to start."),
    "not_in_lobby": N_("The game has already started."),
    "not_playing": N_("No game is running at this table."),
    "busy": N_("The table is busy, please try again."),
    "invalid_settings": N_("That setting is not allowed."),
    "bad_button": N_("This button is not valid."),
    "nothing_to_see": N_("You have nothing hidden right now."),
    "already_left": N_("You left this game."),
    "unavailable": N_("The game is briefly unavailable. Please try again in a moment."),
    "error": N_("Something went wrong. Please try again."),
}


def refusal_msgid(code: str, game: Game | None = None) -> str:
    """The words of a refusal by its ``code``, for the table's ``game``: the game's own first
    (its own error codes, or its wording of a shared one), then the shared words, then any
    game's own code (a door that did not know the game), else "Something went wrong"."""
    if game is not None and code in game.presentation.error_texts:
        return game.presentation.error_texts[code]
    if code in ERROR_TEXTS:
        return ERROR_TEXTS[code]
    for other in GAMES.values():
        if code in other.presentation.error_texts:
            return other.presentation.error_texts[code]
    return ERROR_TEXTS["error"]
