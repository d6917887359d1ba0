"""Every refusal of the API as JSON with a stable ``code`` and words in the user's language.

The same error types the bot answers with alerts map here to HTTP statuses; the texts come
from the same lookup (translations.errors.refusal_msgid), so both doors say the same thing.
A game's own refusals (its ``GameError`` codes, worded in its ``error_texts``) are ``422``
with the game's words: the page shows them as they are.
"""

from __future__ import annotations

from flask import jsonify
from flask.typing import ResponseReturnValue

from games.base import N_
from games.errors import GameError
from games.game import Game
from tables.table.errors import TableError
from translations import tr
from translations.errors import ERROR_TEXTS, refusal_msgid

STATUS_BY_CODE: dict[str, int] = {
    "bad_request": 400,
    "unauthorized": 401,
    "not_seated": 403,
    "not_allowed": 403,
    "wrong_host": 403,
    "not_member": 403,
    "no_such_table": 404,
    "no_such_replay": 404,
    "not_found": 404,
    "method_not_allowed": 405,
    "stale": 409,
    "not_your_turn": 409,
    "game_over": 409,
    "seat_out": 409,
    "not_playing": 409,
    "not_in_lobby": 409,
    "already_seated": 409,
    "table_full": 409,
    "not_enough_players": 409,
    "not_finished": 409,
    "table_exists": 409,
    "payload_too_large": 413,
    "too_many_waits": 429,
    "too_many_requests": 429,
    "illegal_move": 422,
    "invalid_settings": 422,
    "name_needed": 422,
    "unreadable_name": 422,
    "busy": 503,
    "unavailable": 503,
    "error": 500,
}

API_TEXTS: dict[str, str] = {
    **ERROR_TEXTS,
    "bad_request": N_("That request was not understood."),
    "unauthorized": N_("Please open this page from Telegram."),
    "not_found": N_("There is nothing here."),
    "method_not_allowed": N_("That request was not understood."),
    "payload_too_large": N_("That request is too large."),
    "not_finished": N_("This game is not over yet."),
    "too_many_waits": N_("Too many open connections. Please wait a moment."),
    "too_many_requests": N_("Too many requests. Please wait a moment."),
    "not_member": N_("This table is for the members of its group."),
    "name_needed": N_("Please enter your name."),
    "unreadable_name": N_("Please enter a name people can read."),
    "no_such_replay": N_("This game is not kept any more: replays expire a while after the game."),
}
# Seconds a client should wait before it asks again, sent as Retry-After.
RETRY_AFTER: dict[str, int] = {"too_many_waits": 5, "too_many_requests": 1}


class ApiError(Exception):
    def __init__(self, code: str, retry_after: int | None = None) -> None:
        super().__init__(code)
        self.code = code
        self.retry_after = retry_after  # seconds, when it differs from RETRY_AFTER's


GAME_REFUSAL = 422  # a move the rules refuse, with a game's own code


def status_of(error: GameError | TableError) -> int:
    """A rule's refusal as an HTTP status: every shared code has its own; any other code of a
    game's is a refused move (422). A table error without a status is a bug (500)."""
    if error.code in STATUS_BY_CODE:
        return STATUS_BY_CODE[error.code]
    return GAME_REFUSAL if isinstance(error, GameError) else 500


def error_response(
    code: str,
    language: str,
    *,
    game: Game | None = None,
    status: int | None = None,
    retry_after: int | None = None,
) -> ResponseReturnValue:
    """The JSON error: ``code``, and its words for the table's ``game`` in ``language``."""
    status = status if status is not None else STATUS_BY_CODE.get(code, 500)
    msgid = API_TEXTS[code] if code in API_TEXTS and code not in ERROR_TEXTS else None
    message = tr(language, msgid or refusal_msgid(code, game))
    response = jsonify(error={"code": code, "message": message})
    response.headers["Cache-Control"] = "no-store"
    if retry_after is not None or code in RETRY_AFTER:
        response.headers["Retry-After"] = str(retry_after or RETRY_AFTER[code])
    return response, status
