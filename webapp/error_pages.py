"""Every error the web app answers, as one JSON refusal in the person's language.

A refusal of the rules or the table speaks in the words of the table's own game.
Redis being down is a 503 the page retries; anything unexpected is logged and a 500.
"""

from __future__ import annotations

import logging

import redis
from flask import Blueprint, g, request
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from games.errors import GameError
from games.registry import GAMES
from ops import metrics
from tables.table.errors import TableError
from translations import best_language
from webapp.errors import ApiError, error_response, status_of

log = logging.getLogger(__name__)
error_pages = Blueprint("error_pages", __name__)


def language() -> str:
    """The person's language once the request is signed in (webapp.api.language), else
    the browser's."""
    return g.get("language") or best_language(request.accept_languages.best)


@error_pages.app_errorhandler(ApiError)
def api_error(error: ApiError) -> ResponseReturnValue:
    return error_response(error.code, language(), retry_after=error.retry_after)


@error_pages.app_errorhandler(TableError)
@error_pages.app_errorhandler(GameError)
def rule_error(error: TableError | GameError) -> ResponseReturnValue:
    """A refusal of the rules or the table, in the words of the table's own game."""
    game = GAMES.get(g.get("table_game", ""))
    status = status_of(error)
    if status >= 500:
        log.error("no status for refusal %r (%s)", error.code, type(error).__name__)
    return error_response(error.code, language(), game=game, status=status)


@error_pages.app_errorhandler(redis.RedisError)
def redis_down(error: redis.RedisError) -> ResponseReturnValue:
    metrics.redis_error(error)
    log.warning("Redis unavailable: %s", error)
    return error_response("unavailable", language())


@error_pages.app_errorhandler(RequestEntityTooLarge)
def too_large(error: RequestEntityTooLarge) -> ResponseReturnValue:
    return error_response("payload_too_large", language())


@error_pages.app_errorhandler(HTTPException)
def http_error(error: HTTPException) -> ResponseReturnValue:
    if error.code == 405:
        return error_response("method_not_allowed", language())
    if error.code == 404:
        return error_response("not_found", language())
    return error_response("bad_request", language())


@error_pages.app_errorhandler(Exception)
def unexpected(error: Exception) -> ResponseReturnValue:
    log.exception("unexpected error in %s %s", request.method, request.path)
    return error_response("error", language())
