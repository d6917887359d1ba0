"""Table options that belong to the table, not to a game's rules: turn timer, CPU pace, and
who may watch from the Mini App (``spectators``: the group's members, or anyone with the link;
only members may ever sit down, see webapp.membership).

The lobby offers a few values of each; the store accepts any value in range, so an operator
(or a test) may set, say, a 10-second timer directly.
"""

from __future__ import annotations

from typing import Any

from games.base import N_, SettingSpec
from games.errors import InvalidSettings

TURN_TIMER = SettingSpec(
    "turn_timer",
    N_("Turn timer"),
    (0, 30, 60, 300, 3600, 43200, 86400),
    (N_("off"), N_("30 s"), N_("60 s"), N_("5 min"), N_("1 h"), N_("12 h"), N_("24 h")),
)
# Normal first, then the likelier wish (faster), then slower: one tap makes CPUs quick.
CPU_DELAY = SettingSpec(
    "cpu_delay", N_("CPU pace"), (2.0, 1.0, 4.0), (N_("normal"), N_("fast"), N_("slow"))
)
SPECTATORS = SettingSpec(
    "spectators",
    N_("Watching"),
    ("members", "anyone"),
    (N_("group members"), N_("anyone with the link")),
)
OPTION_SPECS: tuple[SettingSpec, ...] = (TURN_TIMER, CPU_DELAY, SPECTATORS)
DEFAULT_OPTIONS: dict[str, Any] = {"turn_timer": 60, "cpu_delay": 2.0, "spectators": "members"}
RANGES: dict[str, tuple[float, float]] = {"turn_timer": (0, 86400), "cpu_delay": (0, 30)}
CHOICES: dict[str, tuple[Any, ...]] = {"spectators": SPECTATORS.choices}


def normalize_options(options: dict[str, Any]) -> dict[str, Any]:
    unknown = set(options) - set(DEFAULT_OPTIONS)
    if unknown:
        raise InvalidSettings(f"unknown table options: {sorted(unknown)}")
    result = dict(DEFAULT_OPTIONS)
    for key, value in options.items():
        if key in CHOICES:
            if value not in CHOICES[key]:
                raise InvalidSettings(f"{key}={value!r} is not one of {CHOICES[key]}")
            result[key] = value
            continue
        low, high = RANGES[key]
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not low <= value <= high
        ):
            raise InvalidSettings(f"{key}={value!r} is out of range")
        result[key] = value
    return result


def spec_for(key: str) -> SettingSpec | None:
    return next((spec for spec in OPTION_SPECS if spec.key == key), None)
