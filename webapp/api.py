"""The JSON API of the Mini App (documented in docs/api.md).

Every endpoint authenticates the person from initData, turns the request into a table change
or a read through ``tables/`` (the same code the bot uses), and answers with that person's
view of the table. Bad input of any kind is an error with a stable code; nothing changes.
"""

from __future__ import annotations

import re
from typing import Any

import orjson
from flask import Blueprint, current_app, g, jsonify, request
from flask.typing import ResponseReturnValue

from games.base import Text
from tables.profiles import prefs, stats
from tables.table import lobby, play
from tables.table.errors import NoSuchTable
from tables.table.ids import is_table_id
from tables.table.model import Table
from tables.table.store import TableStore
from translations import SUPPORTED_LANGUAGES, best_language, render
from webapp.auth import authenticate
from webapp.errors import ApiError
from webapp.membership import MembershipUnknown
from webapp.page_strings import page_strings
from webapp.payload import rules_payload, table_payload
from webapp.request_limits import COUNTED
from webapp.shared_waits import SHARED_WAITS
from webapp.wait_limits import limited_waits

api = Blueprint("api", __name__, url_prefix="/api")
ACTION_PATTERN = re.compile(r"^[a-z0-9_:,.\-]{1,64}$")
LOBBY_VERBS = ("join", "leave", "start", "resign", "rematch")


@api.before_request
def limit_requests() -> None:
    """Each account's requests pass its token bucket (webapp/request_limits.py) before they
    cost anything more than checking who sent them; ``/api/strings`` needs no account."""
    if request.endpoint == "api.strings":
        return
    person = authenticate().user.id
    settings = current_app.extensions["webapp"]
    settings.known_senders.remember(request.headers["Authorization"], person)
    if request.environ.get(COUNTED):
        return  # the flood gate counted it already (webapp.request_limits.FloodGate)
    if not settings.request_limiter.allow(person):
        raise ApiError(
            "too_many_requests", retry_after=settings.request_limiter.retry_after(person)
        )


def store() -> TableStore:
    return current_app.extensions["webapp"].store


def language() -> str:
    """The person's language: chosen with /language, else Telegram's, else English."""
    known = g.get("language")
    if known is None:
        user = authenticate().user
        chosen = prefs.user_language(store().fast, user.id)
        known = chosen if chosen in SUPPORTED_LANGUAGES else best_language(user.language_code)
        g.language = known
    return known


def ok(data: dict[str, Any]) -> ResponseReturnValue:
    response = jsonify(data)
    response.headers["Cache-Control"] = "no-store"
    return response


def load_table(table_id: str) -> Table:
    """The table, or ``404 no_such_table``; its game words any refusal that follows."""
    if not is_table_id(table_id):
        raise ApiError("no_such_table")
    try:
        table = store().load(table_id)
    except NoSuchTable:
        raise ApiError("no_such_table") from None
    g.table_game = table.game
    return table


def json_body() -> dict[str, Any]:
    """The request's JSON object, or ``400 bad_request``.

    Parsed with orjson rather than Flask's ``get_json``: the standard library's parser raises
    ``RecursionError`` (a 500) on a body of a few thousand ``[``, while orjson refuses nesting
    past its limit with an ordinary decode error. Bodies are at most 4096 bytes anyway.
    """
    if not request.is_json:
        raise ApiError("bad_request")
    try:
        body = orjson.loads(request.get_data(cache=True))
    except orjson.JSONDecodeError:
        raise ApiError("bad_request") from None
    if not isinstance(body, dict):
        raise ApiError("bad_request")
    return body


@api.get("/me")
def me() -> ResponseReturnValue:
    user = authenticate().user
    lang = language()
    return ok(
        {
            "id": user.id,
            "first_name": user.first_name,
            "language_code": user.language_code,
            "language": lang,
            "strings": page_strings(lang),
            "stats": total_stats(user.id),
            "tables": [
                {
                    "id": t.id,
                    "title": render(Text(t.match().game.presentation.title), lang),
                    "status": t.status,
                }
                for t in store().tables_of(user.id)
            ],
        }
    )


@api.get("/strings")
def strings() -> ResponseReturnValue:
    """The page's words without signing in (nothing in them is secret): what a page says when
    its sign-in is refused, in ``?language=`` (Telegram's language code) or the browser's."""
    lang = best_language(request.args.get("language") or request.accept_languages.best)
    return ok({"language": lang, "strings": page_strings(lang)})


def total_stats(user_id: int) -> dict[str, Any]:
    """Games and wins over every game, and each game's own counters."""
    per_game = stats.user_games(store().redis, user_id)
    return {
        "games": sum(counts["games"] for counts in per_game.values()),
        "wins": sum(counts["wins"] for counts in per_game.values()),
        "per_game": per_game,
    }


def may_watch(table: Table, user_id: int) -> None:
    """Seated people see their table; others only if they are in its group, or if the table
    lets anyone with the link watch (``spectators``)."""
    if table.seat_of(user_id) is not None or table.option("spectators") == "anyone":
        return
    require_member(table, user_id)


def require_member(table: Table, user_id: int) -> None:
    membership = current_app.extensions["webapp"].membership
    try:
        member = membership.is_member(table.chat_id, user_id)
    except MembershipUnknown:
        raise ApiError("unavailable") from None
    if not member:
        raise ApiError("not_member")


@api.get("/tables/<table_id>")
def table(table_id: str) -> ResponseReturnValue:
    user = authenticate().user
    found = load_table(table_id)
    may_watch(found, user.id)
    return ok(table_payload(store(), found, user.id, language()))


@api.get("/tables/<table_id>/rules")
def table_rules(table_id: str) -> ResponseReturnValue:
    """How to play at this table: its preset and settings, and the rules in brief."""
    authenticate()
    found = load_table(table_id)
    return ok(rules_payload(found.match().game, found.settings, language()))


@api.get("/tables/<table_id>/wait")
@limited_waits
def wait(table_id: str) -> ResponseReturnValue:
    """Long poll: answers as soon as the table's version passes ``after`` (or on timeout)."""
    user = authenticate().user
    settings = current_app.extensions["webapp"]
    after = _int_arg("after", default=0, low=0, high=10**9)
    timeout = _int_arg("timeout", default=int(settings.long_poll_seconds), low=0, high=60)
    if not is_table_id(table_id):
        raise ApiError("no_such_table")
    may_watch(load_table(table_id), user.id)
    lang = language()

    def answer() -> dict[str, Any]:
        try:
            store().wait_for_change(table_id, after, min(timeout, settings.long_poll_seconds))
        except NoSuchTable:
            raise ApiError("no_such_table") from None
        return table_payload(store(), load_table(table_id), user.id, lang)

    # The same person's other tabs asking the same thing share this wait.
    return ok(SHARED_WAITS.run((table_id, user.id, after, timeout, lang), answer))


@api.post("/tables/<table_id>/moves")
def move(table_id: str) -> ResponseReturnValue:
    """A game move, made on the decision the person saw (``decision``, the token their page
    got): a repeat, or a move on a decision that has moved on, changes nothing."""
    user = authenticate().user
    body = json_body()
    action, decision = body.get("action"), body.get("decision")
    if not isinstance(action, str) or not ACTION_PATTERN.match(action):
        raise ApiError("bad_request")
    if not isinstance(decision, int) or isinstance(decision, bool) or not 0 <= decision < 2**53:
        raise ApiError("bad_request")
    load_table(table_id)
    lang = language()  # a refusal too is worded in the person's language
    rng = store().rng
    outcome = store().change(
        table_id, lambda t: play.move(t, user.id, action, rng, decision=decision)
    )
    return ok(table_payload(store(), outcome.table, user.id, lang))


@api.post("/tables/<table_id>/lobby")
def lobby_action(table_id: str) -> ResponseReturnValue:
    """Join, leave or start a lobby; leave a running game (``resign``); play a finished game
    again with the same seats (``rematch``). The group's buttons do the same."""
    init = authenticate()
    user = init.user
    body = json_body()
    verb = body.get("verb")
    if verb not in LOBBY_VERBS or set(body) != {"verb"}:
        raise ApiError("bad_request")
    found = load_table(table_id)
    language()  # a refusal too is worded in the person's language
    if verb == "join":
        require_member(found, user.id)  # only the group's members sit down
    rng = store().rng
    if verb == "rematch":
        outcome = store().rematch(table_id, user.id)
        return ok(table_payload(store(), outcome.table, user.id, language()))

    def change(t: Table) -> list[dict[str, Any]]:
        if verb == "join":
            return lobby.join(t, user.id, user.display_name, user.language_code)
        if verb == "leave":
            return lobby.leave(t, user.id)
        if verb == "resign":
            return play.resign(t, user.id, rng)
        return lobby.start(t, user.id, rng)

    outcome = store().change(table_id, change)
    return ok(table_payload(store(), outcome.table, user.id, language()))


def _int_arg(name: str, *, default: int, low: int, high: int) -> int:
    raw = request.args.get(name)
    if raw is None:
        return default
    # ASCII digits only: "²" or "١" pass str.isdigit() but int() refuses or misreads them.
    if not raw.isascii() or not raw.isdigit() or len(raw) > 10:
        raise ApiError("bad_request")
    value = int(raw)
    if not low <= value <= high:
        raise ApiError("bad_request")
    return value
