"""Mino Dice in buttons, badges and status lines, for every front door.

Everything returns untranslated :class:`games.base.Text`. The story of events (bids, tricks,
scores) and the log are in :mod:`games.mino_dice.story`; names of dice in
:mod:`games.mino_dice.words`.
"""

from __future__ import annotations

from typing import Any

from games.base import (
    N_,
    NOT_YOUR_TURN,
    NT_,
    T_,
    Text,
)
from games.mino_dice.state import PHASE_BID
from games.mino_dice.words import MUST_FOLLOW, NAMES

BIDS_PER_ROW = 5


def reason(view: dict[str, Any]) -> Text:
    if view["phase"] == PHASE_BID:
        return T_("Everyone bids first; then the dice are rolled.")
    if view["turn"] != view["seat"]:
        return NOT_YOUR_TURN
    return Text(MUST_FOLLOW[view["follow"]])


# What web/render.js draws itself.
WEB_STRINGS = {
    "bids_in": N_("Bids in: {n} of {total}"),
    "dice_each": NT_("die each", "dice each", 1),
    "trick_of": N_("Trick {trick} of {tricks}"),
    "follow": N_("Follow:"),
    "you_take": N_("🎲 You take the trick!"),
    "you_take_over": NT_(
        "🎲 You take the trick: one over your bid.", "🎲 You take the trick: {n} over your bid.", 1
    ),
    "you_rolled": N_("You rolled {die}."),
    "exact": N_("✅ Exactly your bid: {points}"),
    "missed": N_("❌ Off your bid: {points}"),
    "sheet": N_("Score sheet"),
    "hand": N_("Hand"),
    "legend": N_("📊 points · tap a die to see its faces"),
    "bid_won": N_("bid {bid} · won {won}"),
    "has_bid": N_("has bid"),
    "bidding": N_("bidding…"),
    "trick_went": N_("🎲 Trick {trick}: {name}."),
    "nobody": N_("nobody"),
    "sheet_key": N_("Small numbers: tricks won/bid."),
    "seat_counts": N_("{name}: bid {bid}, won {won} so far · {points} points in all."),
    "seat_has_bid": N_("{name}: has bid (shown once all have bid) · {points} points in all."),
    "seat_bidding": N_("{name}: still bidding · {points} points in all."),
    "won_of_bid": N_("Tricks won: {won} of {bid} bid"),
    "points_of": N_("Points: {points}"),
    "points": NT_("{points} point", "{points} points", 1),
    "faces_of": N_("{die} die: {faces}"),
    "creature_beats": N_("beats {beats}, loses to {by}"),
    "show_faces": N_("show its faces"),
    "number_die": N_("the highest number wins a trick; on a tie the die rolled last"),
    "flag_face": N_("⚑ a flag counts nothing and never wins"),
    # Each die's colour or creature in words (screen readers, and beside a colour swatch).
    **{f"kind_{kind}": name for kind, name in NAMES.items()},
}
LEGEND = (("🎯", N_("tricks won / bid")), ("📊", N_("points")))
