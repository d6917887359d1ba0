"""The guided game's tips for a Mino Dice roll: each names one die and says why, with its
chance to take the trick ("💡 Roll your 🔴 red: it takes this trick 67% of the time, and you
still need 1 trick"). The die is the one the ``normal`` CPU rolls, by the same reasons, so a
tip never contradicts the moves it teaches. Pure: a seat's view in, one ``Text`` out."""

from __future__ import annotations

from typing import Any

from games.base import NT_, T_, Text
from games.mino_dice.actions import ROLL_PREFIX
from games.mino_dice.cpu import SAVE_BELOW, read
from games.mino_dice.words import die_label


def roll_tip(view: dict[str, Any]) -> Text:
    """The die to roll now and why: take the trick while tricks are still needed (or save
    the strong dice when none is likely to take it), else duck with the least likely."""
    seat = read(view)
    dice = [action.removeprefix(ROLL_PREFIX) for action in view["legal_actions"]]
    now = {die: seat.now(seat.kinds[die]) for die in dice}
    strength = {die: seat.strength(seat.kinds[die]) for die in dice}
    need = (view["bid"] or 0) - view["won"][view["seat"]]
    if len(dice) == 1:
        return only_tip(seat.kinds[dice[0]], now[dice[0]], need)
    if need > 0:
        best = max(dice, key=lambda die: (now[die], -strength[die]))
        if now[best] >= SAVE_BELOW:
            return NT_(
                "💡 Roll your {die}: it takes this trick {percent}% of the time, and you "
                "still need {n} trick.",
                "💡 Roll your {die}: it takes this trick {percent}% of the time, and you "
                "still need {n} tricks.",
                need,
                die=die_label(seat.kinds[best]),
                percent=round(100 * now[best]),
            )
        weakest = min(dice, key=lambda die: strength[die])
        return T_(
            "💡 Roll your {die}: no die of yours is likely to take this trick (at best "
            "{percent}%), so keep your strong dice for a later one.",
            die=die_label(seat.kinds[weakest]),
            percent=round(100 * now[best]),
        )
    duck = min(dice, key=lambda die: (now[die], -strength[die]))
    if need == 0:
        return T_(
            "💡 Roll your {die}: it takes this trick only {percent}% of the time, and you "
            "have your bid, so another trick would cost you.",
            die=die_label(seat.kinds[duck]),
            percent=round(100 * now[duck]),
        )
    return T_(
        "💡 Roll your {die}: it takes this trick only {percent}% of the time, and you "
        "already have more tricks than you bid: each extra one costs 10 points.",
        die=die_label(seat.kinds[duck]),
        percent=round(100 * now[duck]),
    )


def only_tip(kind: str, chance: float, need: int) -> Text:
    """With one die you may roll there is no choice (and, on a hand's last trick, no later
    trick to keep a strong die for): the tip says so, with what this roll is likely to do."""
    args = {"die": die_label(kind), "percent": round(100 * chance)}
    if need > 0:
        return T_(
            "💡 Roll your {die}: the only die you may roll now. It takes this trick "
            "{percent}% of the time.",
            **args,
        )
    return T_(
        "💡 Roll your {die}: the only die you may roll now. It takes this trick "
        "{percent}% of the time, and a trick now would cost you.",
        **args,
    )
