"""Mia's table settings and presets (mia.md, "Presets" and the setting tables)."""

from __future__ import annotations

from games.base import JSON, N_, SettingSpec
from games.errors import InvalidSettings
from games.mia.ranks import DOUBLES_11_HIGH, DOUBLES_66_HIGH

NEXT_STARTER_LOSER = "loser"
NEXT_STARTER_CLASSIC = "classic"

SETTINGS_SPECS: tuple[SettingSpec, ...] = (
    SettingSpec("lives", N_("Lives"), (2, 3, 5, 6)),
    SettingSpec(
        "doubles",
        N_("Doubles"),
        (DOUBLES_66_HIGH, DOUBLES_11_HIGH),
        (N_("66 high"), N_("11 high")),
    ),
    SettingSpec("fold_on_mia", N_("Fold on Mia"), (False, True), (N_("no"), N_("yes"))),
    SettingSpec("mia_penalty", N_("True Mia costs"), (1, 2)),
    SettingSpec("false_mia_penalty", N_("False Mia costs"), (1, 2)),
    SettingSpec(
        "next_starter",
        N_("Next round starts"),
        (NEXT_STARTER_LOSER, NEXT_STARTER_CLASSIC),
        (N_("loser"), N_("classic")),
    ),
    SettingSpec("pass_on", N_("Pass on unseen"), (False, True), (N_("off"), N_("on"))),
)

PRESETS: dict[str, JSON] = {
    "standard": {
        "lives": 3,
        "doubles": DOUBLES_66_HIGH,
        "fold_on_mia": False,
        "mia_penalty": 1,
        "false_mia_penalty": 1,
        "next_starter": NEXT_STARTER_LOSER,
        "pass_on": False,
    },
    "classic": {
        "lives": 6,
        "doubles": DOUBLES_11_HIGH,
        "fold_on_mia": True,
        "mia_penalty": 2,
        "false_mia_penalty": 1,
        "next_starter": NEXT_STARTER_CLASSIC,
        "pass_on": False,
    },
}
PRESET_LABELS = {"standard": N_("standard"), "classic": N_("classic")}
PRESET_DESCRIPTIONS = {
    "standard": N_(
        "The app's rules: 3 lives, 66 is the highest double, Mia must be challenged and "
        "costs 1 life, the loser starts the next round."
    ),
    "classic": N_(
        "The old pub rules: 6 lives, 11 is the highest double, you may fold against Mia, a "
        "true Mia costs 2 lives, and the next round starts after the challenger."
    ),
}
DEFAULT_PRESET = "standard"


def normalize_settings(settings: JSON) -> JSON:
    """Defaults filled in from the standard preset; every value checked against its choices."""
    unknown = set(settings) - {spec.key for spec in SETTINGS_SPECS}
    if unknown:
        raise InvalidSettings(f"unknown settings: {sorted(unknown)}")
    result = dict(PRESETS[DEFAULT_PRESET])
    for spec in SETTINGS_SPECS:
        if spec.key in settings:
            value = settings[spec.key]
            # bool is an int in Python; keep True from passing as 1 (and 1 as True).
            if not any(value == c and type(value) is type(c) for c in spec.choices):
                raise InvalidSettings(f"{spec.key}={value!r} is not one of {spec.choices}")
            result[spec.key] = value
    return result


def preset_of(settings: JSON) -> str | None:
    normalized = normalize_settings(settings)
    for name, preset in PRESETS.items():
        if preset == normalized:
            return name
    return None
