"""The Flask application: the Mini App page, its static files, and the JSON API."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import orjson
import redis
from flask import Flask, Response, g, render_template, request, send_from_directory
from flask.typing import ResponseReturnValue
from werkzeug.datastructures import LanguageAccept
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge
from werkzeug.http import parse_accept_header
from werkzeug.middleware.proxy_fix import ProxyFix

from games.errors import GameError
from games.registry import GAMES
from ops import metrics
from tables.errors import TableError
from tables.store import TableStore
from translations import best_language, tr
from webapp import ops
from webapp.api import api
from webapp.config import WebConfig
from webapp.errors import API_TEXTS, ApiError, error_response, status_of
from webapp.games_api import games_api
from webapp.local import LocalMode, is_loopback_host_header, local_api
from webapp.membership import BotApiMembership, Everyone, Membership
from webapp.request_limits import FloodGate, KnownSenders, RequestLimiter
from webapp.wait_limits import WaitLimiter

log = logging.getLogger(__name__)
HERE = Path(__file__).resolve().parent
MAX_BODY_BYTES = 4096
GAME_ASSETS = frozenset({"render.js", "render.css"})
# The page's scripts, in order (deferred: they run in this order once the page is parsed).
# replay.js (and replay.css) are loaded when a replay, My games or a game's end needs them.
PAGE_SCRIPTS = (
    "app.js", "draw.js", "steps.js", "private.js", "focus.js", "moment.js", "learn.js"
)  # fmt: skip
LOCAL_SCRIPTS = ("local-form.js", "local.js")
TELEGRAM_FRAME_ANCESTORS = ("https://web.telegram.org", "https://*.web.telegram.org")


@dataclass
class WebState:
    """What the views share (kept in ``app.extensions["webapp"]``)."""

    store: TableStore
    bot_token: str
    init_data_max_age: int
    telegram_js_url: str
    long_poll_seconds: float = 25.0
    clock: Callable[[], float] = field(default=time.time)
    local: LocalMode | None = None
    wait_limiter: WaitLimiter = field(default_factory=WaitLimiter)
    request_limiter: RequestLimiter = field(default_factory=RequestLimiter)
    known_senders: KnownSenders = field(default_factory=KnownSenders)
    membership: Membership = field(default_factory=Everyone)


def create_app(
    store: TableStore,
    config: WebConfig,
    *,
    clock: Callable[[], float] = time.time,
    local: LocalMode | None = None,
    membership: Membership | None = None,
) -> Flask:
    """The web app. With ``local`` (only ever from ``python -m webapp --local``) it is the
    local page instead of a Telegram Mini App: initData is signed and checked with the local
    secret, ``/local`` exists, telegram-web-app.js is not loaded, and only requests addressed
    to a loopback host are served.

    ``membership`` says who is in a table's group (default: the Bot API's getChatMember;
    in local mode everyone)."""
    bot_token = local.secret if local is not None else config.bot_token
    if not bot_token:
        raise ValueError("a bot token is needed: it is the key that checks every initData")
    telegram_js_url = "" if local is not None else config.telegram_js_url
    # Telegram's web clients (web.telegram.org/k/, /a/) show the Mini App in a frame; nobody
    # else may. The local page is never framed.
    frame_ancestors = "'none'" if local is not None else " ".join(TELEGRAM_FRAME_ANCESTORS)
    app = Flask(
        __name__, static_folder=str(HERE / "static"), template_folder=str(HERE / "templates")
    )
    ops.install(app, store)  # timing, counting, /healthz and /readyz: first of the hooks
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY_BYTES
    app.json.ensure_ascii = False  # type: ignore[attr-defined]
    app.extensions["webapp"] = WebState(
        store=store,
        bot_token=bot_token,
        init_data_max_age=config.init_data_max_age,
        telegram_js_url=telegram_js_url,
        long_poll_seconds=config.long_poll_seconds,
        clock=clock,
        local=local,
        wait_limiter=WaitLimiter(config.wait_limit_per_person, config.wait_limit_per_address),
        request_limiter=RequestLimiter(
            config.request_rate_per_person, config.request_burst_per_person, clock=clock
        ),
        membership=_membership(store, config, local, membership),
    )
    if config.trusted_proxies and local is None:
        # The client's address (for the wait limits) is what the proxies in front of us saw.
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=config.trusted_proxies, x_proto=config.trusted_proxies
        )
    webapp_state = app.extensions["webapp"]
    # Outermost: a flooding account's requests stop here, before anything reads them.
    app.wsgi_app = FloodGate(  # type: ignore[method-assign]
        app.wsgi_app, webapp_state.request_limiter, webapp_state.known_senders, _flood_refusal
    )
    app.register_blueprint(api)
    app.register_blueprint(games_api)
    if local is not None:
        app.register_blueprint(local_api)

        @app.before_request
        def loopback_hosts_only() -> ResponseReturnValue | None:
            # A page elsewhere that re-resolves its own name to 127.0.0.1 gets nothing here.
            if not is_loopback_host_header(request.host):
                return error_response("wrong_host", language())
            return None

    @app.get("/")
    def page() -> ResponseReturnValue:
        scripts = PAGE_SCRIPTS + (LOCAL_SCRIPTS if local is not None else ())
        html = render_template(
            "index.html", telegram_js_url=telegram_js_url, local=local is not None, scripts=scripts
        )
        response = Response(html, mimetype="text/html")
        response.headers["Cache-Control"] = "no-cache"
        return response

    @app.get("/games/<name>/<filename>")
    def game_asset(name: str, filename: str) -> ResponseReturnValue:
        """A game's own Mini App renderer (``render.js``, ``render.css``), from its folder."""
        game = GAMES.get(name)
        if game is None or game.presentation.web_assets is None or filename not in GAME_ASSETS:
            return error_response("not_found", language())
        if not (game.presentation.web_assets / filename).is_file():
            return error_response("not_found", language())
        response = send_from_directory(game.presentation.web_assets, filename, max_age=0)
        response.headers["Cache-Control"] = "no-cache"
        return response

    @app.after_request
    def security_headers(response: Response) -> Response:
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        if response.mimetype == "text/html":
            script_src = " ".join(dict.fromkeys(["'self'", _origin(telegram_js_url)]))
            response.headers["Content-Security-Policy"] = (
                f"default-src 'self'; script-src {script_src}; style-src 'self'; "
                "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
                f"frame-ancestors {frame_ancestors}"
            )
            if local is not None:
                response.headers["X-Frame-Options"] = "DENY"
        return response

    def language() -> str:
        """The person's language once the request is signed in (webapp.api.language), else
        the browser's."""
        return g.get("language") or best_language(request.accept_languages.best)

    @app.errorhandler(ApiError)
    def api_error(error: ApiError) -> ResponseReturnValue:
        return error_response(error.code, language(), retry_after=error.retry_after)

    @app.errorhandler(TableError)
    @app.errorhandler(GameError)
    def rule_error(error: TableError | GameError) -> ResponseReturnValue:
        """A refusal of the rules or the table, in the words of the table's own game."""
        game = GAMES.get(g.get("table_game", ""))
        status = status_of(error)
        if status >= 500:
            log.error("no status for refusal %r (%s)", error.code, type(error).__name__)
        return error_response(error.code, language(), game=game, status=status)

    @app.errorhandler(redis.RedisError)
    def redis_down(error: redis.RedisError) -> ResponseReturnValue:
        metrics.redis_error(error)
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


def _membership(
    store: TableStore, config: WebConfig, local: LocalMode | None, given: Membership | None
) -> Membership:
    if local is not None:
        return Everyone()
    if given is not None:
        return given
    return BotApiMembership(store.redis, config.bot_token, config.api_base_url)


def _origin(url: str) -> str:
    if not url:
        return "'self'"
    parts = url.split("/")
    return "/".join(parts[:3]) if len(parts) >= 3 and parts[0].endswith(":") else "'self'"


def _flood_refusal(accept_language: str | None) -> bytes:
    """The flood gate's 429 body, in the language the request asks for."""
    return _refusal_body(best_language(parse_accept_header(accept_language, LanguageAccept).best))


@cache
def _refusal_body(language: str) -> bytes:
    message = tr(language, API_TEXTS["too_many_requests"])
    return orjson.dumps({"error": {"code": "too_many_requests", "message": message}})
