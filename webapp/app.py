"""The Flask application: the Mini App page, its static files, and the JSON API.

``create_app`` sets up what the views share and registers the blueprints.
The page is webapp.pages, the errors webapp.error_pages, the API webapp.api and its kin.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import orjson
from flask import Flask
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header
from werkzeug.middleware.proxy_fix import ProxyFix

from tables.table.store import TableStore
from translations import best_language, tr
from webapp import compress, ops
from webapp.api import api
from webapp.config import WebConfig
from webapp.error_pages import error_pages
from webapp.errors import API_TEXTS
from webapp.games_api import games_api
from webapp.local import LocalMode, local_api
from webapp.membership import BotApiMembership, Everyone, Membership
from webapp.pages import pages
from webapp.request_limits import FloodGate, KnownSenders, RequestLimiter
from webapp.wait_limits import WaitLimiter

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
    app = Flask(
        __name__, static_folder=str(HERE / "static"), template_folder=str(HERE / "templates")
    )
    ops.install(app, store)  # timing, counting, /healthz and /readyz: first of the hooks
    compress.install(app)  # the page's scripts and styles, gzipped
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
    for blueprint in (pages, error_pages, api, games_api, *([local_api] if local else [])):
        app.register_blueprint(blueprint)
    return app


def _membership(
    store: TableStore, config: WebConfig, local: LocalMode | None, given: Membership | None
) -> Membership:
    if local is not None:
        return Everyone()
    if given is not None:
        return given
    return BotApiMembership(store.redis, config.bot_token, config.api_base_url)


def _flood_refusal(accept_language: str | None) -> bytes:
    """The flood gate's 429 body, in the language the request asks for."""
    return _refusal_body(best_language(parse_accept_header(accept_language, LanguageAccept).best))


@cache
def _refusal_body(language: str) -> bytes:
    message = tr(language, API_TEXTS["too_many_requests"])
    return orjson.dumps({"error": {"code": "too_many_requests", "message": message}})
