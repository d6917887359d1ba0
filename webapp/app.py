"""The Flask application: the Mini App page, its static files, and the JSON API."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import redis
from flask import Flask, Response, jsonify, render_template, request
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from games.errors import GameError
from tables.errors import TableError
from tables.store import TableStore
from translations import best_language
from webapp.api import api
from webapp.config import WebConfig
from webapp.errors import ApiError, error_response

log = logging.getLogger(__name__)
HERE = Path(__file__).resolve().parent
MAX_BODY_BYTES = 4096


@dataclass
class WebState:
    """What the views share (kept in ``app.extensions["webapp"]``)."""

    store: TableStore
    bot_token: str
    init_data_max_age: int
    telegram_js_url: str
    long_poll_seconds: float = 25.0
    clock: Callable[[], float] = field(default=time.time)


def create_app(
    store: TableStore, config: WebConfig, *, clock: Callable[[], float] = time.time
) -> Flask:
    app = Flask(
        __name__, static_folder=str(HERE / "static"), template_folder=str(HERE / "templates")
    )
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY_BYTES
    app.json.ensure_ascii = False  # type: ignore[attr-defined]
    app.extensions["webapp"] = WebState(
        store=store,
        bot_token=config.bot_token,
        init_data_max_age=config.init_data_max_age,
        telegram_js_url=config.telegram_js_url,
        long_poll_seconds=config.long_poll_seconds,
        clock=clock,
    )
    app.register_blueprint(api)

    @app.get("/")
    def page() -> ResponseReturnValue:
        html = render_template("index.html", telegram_js_url=config.telegram_js_url)
        response = Response(html, mimetype="text/html")
        response.headers["Cache-Control"] = "no-cache"
        return response

    @app.get("/healthz")
    def healthz() -> ResponseReturnValue:
        store.redis.ping()
        return jsonify(ok=True)

    @app.after_request
    def security_headers(response: Response) -> Response:
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        if response.mimetype == "text/html":
            script_origin = _origin(config.telegram_js_url)
            response.headers["Content-Security-Policy"] = (
                f"default-src 'self'; script-src 'self' {script_origin}; style-src 'self'; "
                "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'"
            )
        return response

    def language() -> str:
        return best_language(request.accept_languages.best)

    @app.errorhandler(ApiError)
    def api_error(error: ApiError) -> ResponseReturnValue:
        return error_response(error.code, language())

    @app.errorhandler(TableError)
    @app.errorhandler(GameError)
    def rule_error(error: TableError | GameError) -> ResponseReturnValue:
        return error_response(error.code, language())

    @app.errorhandler(redis.RedisError)
    def redis_down(error: redis.RedisError) -> ResponseReturnValue:
        log.warning("Redis unavailable: %s", error)
        return error_response("unavailable", language())

    @app.errorhandler(RequestEntityTooLarge)
    def too_large(error: RequestEntityTooLarge) -> ResponseReturnValue:
        return error_response("payload_too_large", language())

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> ResponseReturnValue:
        if error.code == 405:
            return error_response("method_not_allowed", language())
        if error.code == 404:
            return error_response("not_found", language())
        return error_response("bad_request", language())

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> ResponseReturnValue:
        log.exception("unexpected error in %s %s", request.method, request.path)
        return error_response("error", language())

    return app


def _origin(url: str) -> str:
    parts = url.split("/")
    return "/".join(parts[:3]) if len(parts) >= 3 and parts[0].endswith(":") else "'self'"
