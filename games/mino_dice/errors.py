"""Mino Dice's own refusals, with their words (front doors look codes up in the presentation's
``error_texts``). Each is a typed ``GameError`` so a front door never parses messages."""

from __future__ import annotations

from games.base import N_
from games.errors import IllegalAction


class AlreadyBid(IllegalAction):
    """A second bid from the same seat in one hand (a double tap, an old button)."""

    code = "already_bid"


class BidOutOfRange(IllegalAction):
    code = "bid_out_of_range"


class BiddingOver(IllegalAction):
    """A bid after every seat has bid: the tricks are being played."""

    code = "bidding_over"


class BidFirst(IllegalAction):
    """A roll while the bids are not all in."""

    code = "bid_first"


class NotYourDie(IllegalAction):
    """A die this seat does not hold (another seat's, rolled already, or no such die)."""

    code = "not_your_die"


class MustFollow(IllegalAction):
    """A die of another colour while the seat holds the colour to follow."""

    code = "must_follow"


ERROR_TEXTS: dict[str, str] = {
    "already_bid": N_("You have already bid this hand."),
    "bid_out_of_range": N_("That bid is not possible: bid from 0 to the number of dice."),
    "bidding_over": N_("The bids are in: now the dice are rolled."),
    "bid_first": N_("Everyone bids first; then the dice are rolled."),
    "not_your_die": N_("That die is not one of yours."),
    "must_follow": N_("You must roll a die of the colour to follow (or a creature)."),
}
