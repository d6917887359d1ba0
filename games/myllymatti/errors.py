"""Myllymatti's own refusals, with their words (front doors look codes up in the
presentation's ``error_texts``). Shared refusals (not your turn, game over) live in
:mod:`games.errors`."""

from __future__ import annotations

from games.base import N_
from games.errors import IllegalAction


class NotInHand(IllegalAction):
    """The card named is not in the player's hand (a stale button, a forged action)."""

    code = "card_not_in_hand"


class DoesNotBeat(IllegalAction):
    """Phase 2: the card is neither higher in the top card's suit nor a high enough trump."""

    code = "does_not_beat"


class NoChance(IllegalAction):
    """Taking a chance is not allowed now (phase 2, the stock is down to one card, or the
    table lets only the leader take one)."""

    code = "no_chance"


class NothingToPickUp(IllegalAction):
    """Picking up needs a card on top of the trick (a leader plays a card instead)."""

    code = "nothing_to_pick_up"


ERROR_TEXTS: dict[str, str] = {
    NotInHand.code: N_("That card is not in your hand."),
    DoesNotBeat.code: N_("That card does not beat the top card: beat it or pick up."),
    NoChance.code: N_("You cannot take a chance now."),
    NothingToPickUp.code: N_("There is nothing to pick up: lead a card."),
}
