"""Local mode (``python -m webapp --local``): the Mini App in a normal browser, no Telegram.

Only the command line turns it on (``create_app(..., local=LocalMode.kept_in(...))``); no
request can. The "bot token" that signs and checks initData is then a secret of this computer
(kept under ``.local/``, see :mod:`webapp.local_host`), so local people go through exactly the
same authentication as people in Telegram:

- ``POST /local/session`` makes a local person (a random id and the name they typed) and
  hands back initData signed with that secret; the page keeps it per browser tab, and renews
  it (the same id) when it grows old or the person comes back under the same name.
- ``POST /local/tables`` opens a table for that person with the chosen rules, CPU opponents
  and no turn timer, or a guided tutorial, through the same ``tables/`` code as the bot.
- ``GET /local/config`` tells the page what it may offer (presets, settings, CPU levels) and
  its words, in the browser's language; ``GET /local/rules`` how to play with a preset.

Moves, waits and joins then use the ordinary ``/api`` endpoints. The server listens on
loopback only, and refuses requests whose Host header is not a loopback name (so a web page
elsewhere cannot reach it through DNS rebinding).
"""

from __future__ import annotations

import contextlib
import secrets
from typing import Any

from flask import Blueprint, current_app, request, url_for
from flask.typing import ResponseReturnValue

from games.base import N_, SettingSpec, Text
from games.game import Game
from games.registry import COLLECTION, GAMES, get_game
from tables.profiles import stats
from tables.table import lobby
from tables.table.model import ChatRef, Table
from tables.table.options import CPU_DELAY, TURN_TIMER
from tables.table.store import TableStore
from translations import best_language, render, tr
from webapp.api import json_body, load_table, ok
from webapp.auth import authenticate
from webapp.errors import ApiError
from webapp.init_data import InvalidInitData, sign_user, validate
from webapp.local_host import (  # noqa: F401 - the names local mode is known by
    LocalMode,
    NotLoopback,
    is_loopback_host_header,
    loopback_address,
)
from webapp.local_request import (
    LOCAL_CPU_DELAY,
    clean_person_name,
    default_game,
    parse_table_request,
)
from webapp.page_strings import page_strings
from webapp.payload import rules_payload, table_payload

local_api = Blueprint("local", __name__, url_prefix="/local")

# Local people and tables get ids outside Telegram's ranges (Telegram ids have at most 52
# significant bits), so they can never be mistaken for a real user or group. Ids stay below
# 2**53: the page's JavaScript numbers hold them exactly.
LOCAL_USER_ID_BASE = 2**52
LOCAL_CHAT_ID_BASE = -(2**52)
ID_RANGE = 2**52 - 1

DEFAULT_CPUS = 2
DEFAULT_CPU_LEVEL = "normal"
RENEW_MAX_AGE = 10 * 365 * 86400  # a tab's old sign-in renews its person, however old

CPU_LEVEL_NAMES = {
    "easy": N_("easy"),
    "normal": N_("normal"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}
LOCAL_STRINGS = {
    "setup_title": N_("Play in your browser"),
    "game": N_("Game"),
    "join_title": N_("Join the table"),
    "your_name": N_("Your name"),
    "rules": N_("Rules"),
    "cpus": N_("CPU opponents"),
    "cpu_level": N_("CPU level"),
    "wait_friends": N_("Wait for a friend to join from another tab"),
    "share_join": N_("Open this link in another tab to join as a second player:"),
    "share_watch": N_("Open this link in another tab to watch:"),
    "new_game": N_("New game"),
    "name_needed": N_("Please enter your name."),
    "tutorial_start": N_("🎓 Learn with a guided game"),
    "tutorial_about": N_("A guided game against easy CPUs, with a tip at each of your moves."),
    "more_settings": N_("More settings"),
    "at_table": N_("At the table: {names}"),
    "seat_elsewhere": N_(
        "{name} already sits at this table, joined from another browser. This page can only "
        "watch: to play in that seat, open this link in the browser you joined from."
    ),
}


# --- endpoints -----------------------------------------------------------------------------


def store() -> TableStore:
    return current_app.extensions["webapp"].store


def browser_language() -> str:
    return best_language(request.accept_languages.best)


def created(data: dict[str, Any]) -> ResponseReturnValue:
    response = ok(data)
    return response, 201


def game_config(game: Game, language: str) -> dict[str, Any]:
    """One game as the setup form offers it: its presets, every setting, its seats."""
    return {
        "name": game.name,
        "title": render(Text(game.presentation.title), language),
        "summary": tr(language, game.presentation.summary),
        "presets": [
            {
                "value": name,
                "label": tr(language, game.presentation.preset_labels.get(name, name)),
                "description": tr(language, game.presentation.preset_descriptions[name])
                if name in game.presentation.preset_descriptions
                else "",
                "settings": game.rules.normalize_settings(preset),
            }
            for name, preset in game.rules.presets.items()
        ],
        "default_preset": game.rules.default_preset,
        "settings": [spec_config(spec, language) for spec in game.rules.settings_specs],
        "min_seats": game.rules.min_seats,
        "max_cpus": game.rules.max_seats - 1,
    }


def spec_config(spec: SettingSpec, language: str) -> dict[str, Any]:
    return {
        "key": spec.key,
        "label": tr(language, spec.label),
        "choices": [
            {"value": value, "label": tr(language, spec.label_of(value))} for value in spec.choices
        ],
    }


@local_api.get("/config")
def config() -> ResponseReturnValue:
    """What the local page may offer, and its words (no sign-in needed: nothing secret)."""
    language = browser_language()
    strings = page_strings(language)
    strings.update({key: tr(language, text) for key, text in LOCAL_STRINGS.items()})
    return ok(
        {
            "game": default_game().name,
            "title": COLLECTION,
            "language": language,
            "strings": strings,
            "games": [game_config(game, language) for game in GAMES.values()],
            "options": [spec_config(spec, language) for spec in (TURN_TIMER, CPU_DELAY)],
            "option_defaults": {TURN_TIMER.key: 0, CPU_DELAY.key: LOCAL_CPU_DELAY},
            "cpu_levels": [
                {"value": level, "label": tr(language, CPU_LEVEL_NAMES.get(level, level))}
                for level in lobby.CPU_LEVELS
            ],
            "defaults": {"cpus": DEFAULT_CPUS, "cpu_level": DEFAULT_CPU_LEVEL},
        }
    )


@local_api.post("/session")
def session() -> ResponseReturnValue:
    """A local person: ``{"name": "Alice"}`` -> initData signed with the local secret.

    With ``"renew": <initData this server signed before>`` (a tab whose sign-in grew old, or
    a person coming back under the same name) the person keeps their id, so their seats stay
    theirs; ``name`` is then the name they go by from now on."""
    body = json_body()
    if set(body) - {"name", "renew"} or "name" not in body:
        raise ApiError("bad_request")
    name = clean_person_name(body["name"])
    settings = current_app.extensions["webapp"]
    user_id = renewed_id(body["renew"]) if "renew" in body else None
    user = {
        "id": user_id or LOCAL_USER_ID_BASE + 1 + secrets.randbelow(ID_RANGE - 1),
        "first_name": name,
        "language_code": browser_language(),
    }
    init_data = sign_user(settings.bot_token, user, auth_date=int(settings.clock()))
    return created({"init_data": init_data, "user": user})


def renewed_id(old: Any) -> int:
    """The local person an earlier sign-in names, checked with this server's secret (its age
    does not matter: only this server could have signed it)."""
    settings = current_app.extensions["webapp"]
    if not isinstance(old, str):
        raise ApiError("bad_request")
    try:
        known = validate(old, settings.bot_token, max_age=RENEW_MAX_AGE, now=settings.clock())
    except InvalidInitData:
        raise ApiError("unauthorized") from None
    if not LOCAL_USER_ID_BASE < known.user.id < 2**53:
        raise ApiError("unauthorized")
    return known.user.id


@local_api.get("/tables/<table_id>")
def table_about(table_id: str) -> ResponseReturnValue:
    """Which game a shared link is for and who sits there (no sign-in needed: a tab opening
    the link shows it above the join form; the local server answers this computer only)."""
    found = load_table(table_id)
    language = browser_language()
    return ok(
        {
            "id": found.id,
            "game": found.game,
            "title": render(Text(found.match().game.presentation.title), language),
            "status": found.status,
            "seats": found.display_names(),
        }
    )


@local_api.get("/rules")
def rules() -> ResponseReturnValue:
    """How to play a game with one of its presets (``?game=…&preset=…``), for the setup form."""
    name = request.args.get("game", default_game().name)
    if name not in GAMES:
        raise ApiError("bad_request")
    game = get_game(name)
    preset = request.args.get("preset", game.rules.default_preset)
    if preset not in game.rules.presets:
        raise ApiError("bad_request")
    return ok(rules_payload(game, dict(game.rules.presets[preset]), browser_language()))


@local_api.post("/tables")
def create_table() -> ResponseReturnValue:
    """Open a table for the signed-in local person: rules, CPU opponents, no turn timer.

    With CPUs it starts at once (unless ``start`` is false); with none it stays a lobby that a
    second tab joins through ``POST /api/tables/<id>/lobby``, and its creator then starts.
    """
    user = authenticate().user
    wanted = parse_table_request(json_body())
    language = best_language(user.language_code)
    opened = store().create(
        ChatRef(LOCAL_CHAT_ID_BASE - 1 - secrets.randbelow(ID_RANGE - 1)),
        user.id,
        user.display_name,
        game=wanted["game"],
        language=language,
        creator_language=user.language_code,
    )
    rng = store().rng

    def set_up(table: Table) -> list[dict[str, Any]]:
        table.tutorial = wanted["tutorial"]
        events = lobby.choose_preset(table, user.id, wanted["preset"])
        for key, value in wanted["settings"].items():
            events += lobby.change_setting(table, user.id, key, value)
        for key, value in wanted["options"].items():
            events += lobby.change_setting(table, user.id, key, value)
        for level in wanted["cpus"]:
            events += lobby.add_cpu(table, user.id, level)
        if wanted["start"]:
            events += lobby.start(table, user.id, rng)
        return events

    table_id = opened.table.id
    try:
        table = store().change(table_id, set_up).table
    except Exception:
        with contextlib.suppress(Exception):  # do not leave a half set up lobby behind
            store().change(table_id, lambda t: lobby.cancel(t, user.id))
        raise
    if wanted["tutorial"]:
        stats.count_tutorial_start(store().redis, user.id, table.game)
    return created(
        {
            "table": table_payload(store(), table, user.id, language),
            "url": url_for("pages.page", table=table.id, _external=True),
        }
    )
