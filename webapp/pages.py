"""The page itself: the Mini App (or the local page), each game's renderer, their headers.

The page is one template; its scripts are listed here, in the order they run.
Every HTML answer carries a strict Content-Security-Policy.
Telegram's web clients show the Mini App in a frame; nobody else may, and the local page
is never framed.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, render_template, request, send_from_directory
from flask.typing import ResponseReturnValue

from games.registry import COLLECTION, GAMES
from webapp.error_pages import language
from webapp.errors import error_response
from webapp.local import is_loopback_host_header

GAME_ASSETS = frozenset({"render.js", "render.css"})
# The page's scripts, in order (deferred: they run in this order once the page is parsed).
# replay.js (and replay.css) are loaded when a replay, My games or a game's end needs them.
PAGE_SCRIPTS = (
    "app.js", "draw.js", "steps.js", "private.js", "focus.js", "moment.js", "feed.js", "learn.js"
)  # fmt: skip
LOCAL_SCRIPTS = ("local-form.js", "local.js")
TELEGRAM_FRAME_ANCESTORS = ("https://web.telegram.org", "https://*.web.telegram.org")

pages = Blueprint("pages", __name__)


def _local() -> bool:
    return current_app.extensions["webapp"].local is not None


def _telegram_js_url() -> str:
    return str(current_app.extensions["webapp"].telegram_js_url)


@pages.before_app_request
def loopback_hosts_only() -> ResponseReturnValue | None:
    """A page elsewhere that re-resolves its own name to 127.0.0.1 gets nothing here."""
    if _local() and not is_loopback_host_header(request.host):
        return error_response("wrong_host", language())
    return None


@pages.get("/")
def page() -> ResponseReturnValue:
    scripts = PAGE_SCRIPTS + (LOCAL_SCRIPTS if _local() else ())
    html = render_template(
        "index.html",
        telegram_js_url=_telegram_js_url(),
        local=_local(),
        scripts=scripts,
        collection=COLLECTION,
    )
    response = Response(html, mimetype="text/html")
    response.headers["Cache-Control"] = "no-cache"
    return response


@pages.get("/games/<name>/<filename>")
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


@pages.after_app_request
def security_headers(response: Response) -> Response:
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    if response.mimetype == "text/html":
        frame_ancestors = "'none'" if _local() else " ".join(TELEGRAM_FRAME_ANCESTORS)
        script_src = " ".join(dict.fromkeys(["'self'", _origin(_telegram_js_url())]))
        response.headers["Content-Security-Policy"] = (
            f"default-src 'self'; script-src {script_src}; style-src 'self'; "
            "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
            f"frame-ancestors {frame_ancestors}"
        )
        if _local():
            response.headers["X-Frame-Options"] = "DENY"
    return response


def _origin(url: str) -> str:
    if not url:
        return "'self'"
    parts = url.split("/")
    return "/".join(parts[:3]) if len(parts) >= 3 and parts[0].endswith(":") else "'self'"
