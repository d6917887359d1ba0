"""Mino Dice's table settings and presets: every open point of the spec is a named setting.

docs/rules/mino_dice.md marks its house decisions and keeps them as settings with the spec's
defaults ("Open points, decided here"); docs/mino_dice-rules-choices.md says what each
alternative means and why it was picked.
"""

from __future__ import annotations

from games.base import JSON, N_, SettingSpec
from games.errors import InvalidSettings
from games.mino_dice.dice import BAG_SIZE, HOUSE, TAME

# Who wins when all three creatures show.
THREE_MERMAID = "mermaid"  # the Mermaid (house)
THREE_LAST = "last"  # the creature rolled last

# Who takes a trick in which every die shows a flag.
FLAGS_LEADER = "leader"  # the leader (house)
FLAGS_NOBODY = "nobody"  # nobody: the trick counts for no one, the leader leads again

# When a flag spoils a bonus.
BONUS_TRICK = "trick"  # a flag rolled by anyone in that trick (house)
BONUS_HAND = "hand"  # the winner took a flag in any trick of the hand

# Who leads the first trick of a hand (the first hand: always random).
LEAD_ROTATE = "rotate"  # the seat after the previous hand's first leader (house)
LEAD_WINNER = "winner"  # whoever took the last trick of the previous hand
LEAD_RANDOM = "random"  # a random seat each hand

# How many hands.
LENGTH_FULL = "full"  # 8 hands with 2-4 players, 7 with 5, 6 with 6
LENGTH_SHORT = "short"  # the first half of those (4, 4, 3)

SETTINGS_SPECS: tuple[SettingSpec, ...] = (
    SettingSpec(
        "faces", N_("Dice faces"), (HOUSE, TAME), (N_("yellow can roll a 7"), N_("no yellow 7"))
    ),
    SettingSpec(
        "three_creatures",
        N_("All three creatures"),
        (THREE_MERMAID, THREE_LAST),
        (N_("Mermaid wins"), N_("last one wins")),
    ),
    SettingSpec(
        "all_flags",
        N_("Only flags"),
        (FLAGS_LEADER, FLAGS_NOBODY),
        (N_("leader takes it"), N_("nobody takes it")),
    ),
    SettingSpec(
        "bonus_flags",
        N_("A flag spoils bonuses"),
        (BONUS_TRICK, BONUS_HAND),
        (N_("in that trick"), N_("in the whole hand")),
    ),
    SettingSpec(
        "first_leader",
        N_("First leader of a hand"),
        (LEAD_ROTATE, LEAD_WINNER, LEAD_RANDOM),
        (N_("rotates"), N_("last winner"), N_("random")),
    ),
    SettingSpec("length", N_("Hands"), (LENGTH_FULL, LENGTH_SHORT), (N_("full"), N_("short"))),
)

_STANDARD: JSON = {
    "faces": HOUSE,
    "three_creatures": THREE_MERMAID,
    "all_flags": FLAGS_LEADER,
    "bonus_flags": BONUS_TRICK,
    "first_leader": LEAD_ROTATE,
    "length": LENGTH_FULL,
}
PRESETS: dict[str, JSON] = {
    "standard": dict(_STANDARD),
    "quick": {**_STANDARD, "length": LENGTH_SHORT},
    "variant": {
        **_STANDARD,
        "three_creatures": THREE_LAST,
        "all_flags": FLAGS_NOBODY,
        "bonus_flags": BONUS_HAND,
        "first_leader": LEAD_WINNER,
    },
}
PRESET_LABELS = {"standard": N_("standard"), "quick": N_("quick"), "variant": N_("variant")}
PRESET_DESCRIPTIONS = {
    "standard": N_(
        "The house rules: 8 hands (7 with five players, 6 with six), the Mermaid wins when "
        "all three creatures show, a trick of only flags goes to its leader, the first "
        "leader rotates."
    ),
    "quick": N_("The house rules over half as many hands: 4 (3 with six players)."),
    "variant": N_(
        "Other readings: the last creature rolled wins when all three show, a trick of only "
        "flags goes to nobody, one flag taken spoils your bonuses for the hand, the last "
        "winner leads the next hand."
    ),
}
MAX_HANDS = 8
DEFAULT_PRESET = "standard"


def hands_for(seats: int, length: str) -> int:
    """8 hands with 2-4 players, 7 with 5, 6 with 6 (the bag holds 36 dice); short: half."""
    full = min(MAX_HANDS, BAG_SIZE // seats)
    return full if length == LENGTH_FULL else (full + 1) // 2


def normalize_settings(settings: JSON) -> JSON:
    """Defaults filled in from the standard preset; every value checked against its choices
    (the same check as ``Rules.normalize_settings``, usable without the game)."""
    specs = {spec.key: spec for spec in SETTINGS_SPECS}
    unknown = set(settings) - set(specs)
    if unknown:
        raise InvalidSettings(f"unknown settings: {sorted(unknown)}")
    result = dict(PRESETS[DEFAULT_PRESET])
    for key, value in settings.items():
        if not any(value == c and type(value) is type(c) for c in specs[key].choices):
            raise InvalidSettings(f"{key}={value!r} is not one of {specs[key].choices}")
        result[key] = value
    return result
