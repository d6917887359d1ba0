"""What a local page may ask for (webapp.local), checked strictly.

A person's typed name is cleaned as every seat name is. The table they open names its game,
preset, settings, CPUs and options, or a tutorial. Anything unknown is refused with a 400.
"""

from __future__ import annotations

from typing import Any

from games.base import SettingSpec
from games.game import Game
from games.registry import GAMES, get_game
from tables.table import lobby
from tables.table.names import clean_name, is_readable
from tables.table.options import CPU_DELAY, TURN_TIMER
from webapp.errors import ApiError

MAX_NAME_LENGTH = 32
LOCAL_CPU_DELAY = 1.0  # "fast": one person at a laptop waits for nobody else
TABLE_KEYS = frozenset(
    {"game", "preset", "settings", "cpus", "turn_timer", "cpu_delay", "start", "tutorial"}
)
TUTORIAL_CPUS = ("easy", "easy")  # as the bot's /tutorial: two easy CPUs, no timer


def default_game() -> Game:
    return next(iter(GAMES.values()))


def clean_person_name(raw: Any) -> str:
    """A typed name, cleaned as every seat name is (tables.table.names): emoji and any script are
    welcome. An empty name is asked for (``name_needed``), one of characters that show
    nothing (zero-width spaces, joiners, fillers) is refused in words that say so
    (``unreadable_name``), one far too long to be meant is a bad request."""
    if not isinstance(raw, str) or len(raw) > 8 * MAX_NAME_LENGTH:
        raise ApiError("bad_request")
    if not raw.strip():
        raise ApiError("name_needed")
    if not is_readable(raw):
        raise ApiError("unreadable_name")
    return clean_name(raw)


def choice(spec: SettingSpec, value: Any) -> Any:
    """``value`` if it is exactly one of the spec's choices (True is not 1, "3" is not 3; a
    whole number may stand for a float, as JSON from a browser writes 1.0 as 1)."""
    for allowed in spec.choices:
        same_type = type(value) is type(allowed) or (type(allowed) is float and type(value) is int)
        if same_type and value == allowed:
            return allowed
    raise ApiError("bad_request")


def parse_table_request(body: dict[str, Any]) -> dict[str, Any]:
    """The body of ``POST /local/tables``, checked strictly: anything unknown is refused.

    ``{"game", "preset", "settings": {key: value}, "cpus": [level, ...], "turn_timer",
    "cpu_delay", "start"}``; the settings change the preset's values one by one.
    """
    game_name = body.get("game", default_game().name)
    if not isinstance(game_name, str) or game_name not in GAMES:
        raise ApiError("bad_request")
    game = get_game(game_name)
    if set(body) - TABLE_KEYS:
        raise ApiError("bad_request")
    preset = body.get("preset", game.rules.default_preset)
    if not isinstance(preset, str) or preset not in game.rules.presets:
        raise ApiError("bad_request")
    wanted = body.get("settings", {})
    specs = {spec.key: spec for spec in game.rules.settings_specs}
    if not isinstance(wanted, dict) or set(wanted) - set(specs):
        raise ApiError("bad_request")
    settings = {key: choice(specs[key], value) for key, value in wanted.items()}
    cpus = body.get("cpus", [])
    if (
        not isinstance(cpus, list)
        or len(cpus) > game.rules.max_seats - 1
        or not all(isinstance(level, str) and level in lobby.CPU_LEVELS for level in cpus)
    ):
        raise ApiError("bad_request")
    options = {
        TURN_TIMER.key: choice(TURN_TIMER, body.get("turn_timer", 0)),
        CPU_DELAY.key: choice(CPU_DELAY, body.get("cpu_delay", LOCAL_CPU_DELAY)),
    }
    tutorial = body.get("tutorial", False)
    if not isinstance(tutorial, bool):
        raise ApiError("bad_request")
    if tutorial:  # a guided game, as the bot's /tutorial: easy CPUs, no timer, started
        seats = max(len(TUTORIAL_CPUS), game.rules.min_seats - 1)
        cpus = (list(TUTORIAL_CPUS) * seats)[: min(seats, game.rules.max_seats - 1)]
        options[TURN_TIMER.key] = 0
    start = body.get("start", len(cpus) > 0)
    if not isinstance(start, bool) or (start and 1 + len(cpus) < game.rules.min_seats):
        raise ApiError("bad_request")
    return {
        "game": game_name,
        "preset": preset,
        "settings": settings,
        "options": options,
        "cpus": list(cpus),
        "start": start or tutorial,
        "tutorial": tutorial,
    }
