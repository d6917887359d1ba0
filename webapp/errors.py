"""Every refusal of the API as JSON with a stable ``code`` and words in the user's language.

The same error types the bot answers with alerts map here to HTTP statuses; the texts come
from the same table (translations.errors.ERROR_TEXTS), so both doors say the same thing.
"""

from __future__ import annotations

from flask import jsonify
from flask.typing import ResponseReturnValue

from games.base import N_
from translations import tr
from translations.errors import ERROR_TEXTS

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
    "illegal_move": 422,
    "claim_too_low": 422,
    "invalid_settings": 422,
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
    "not_member": N_("This table is for the members of its group."),
    "no_such_replay": N_("This game is not kept any more: replays expire a while after the game."),
}
# Seconds a client should wait before it asks again, sent as Retry-After.
RETRY_AFTER: dict[str, int] = {"too_many_waits": 5}


class ApiError(Exception):
    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def error_response(code: str, language: str) -> ResponseReturnValue:
    status = STATUS_BY_CODE.get(code, 500)
    message = tr(language, API_TEXTS.get(code, API_TEXTS["error"]))
    response = jsonify(error={"code": code, "message": message})
    response.headers["Cache-Control"] = "no-store"
    if code in RETRY_AFTER:
        response.headers["Retry-After"] = str(RETRY_AFTER[code])
    return response, status
