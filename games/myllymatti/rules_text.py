"""The rules in brief for a table's settings (/rules, the page's "How to play"), and how the
deal can be checked (/verify)."""

from __future__ import annotations

from typing import Any

from games.base import T_, Text
from games.myllymatti.settings import CHANCE_EITHER, PICKUP_TOP, TIED_OWNERS


def describe_rules(settings: dict[str, Any]) -> list[Text]:
    """The two phases in a few lines, with this table's choices where it has them."""
    lines = [
        T_("🃏 Myllymatti: nobody wins, one player loses: the last one holding cards."),
        T_(
            "Phase 1, collecting. Everyone holds three cards; the rest is the stock. The "
            "leader plays any card against the player on their left, who answers with any "
            "card. The higher rank takes both into their pile; suits do not matter."
        ),
        T_(
            "The winner leads the next trick against the player on their left. After each "
            "trick both draw back up to three, leader first."
        ),
        T_(
            "A tie stays lying and goes to the winner of the next decided trick; the same "
            "two play again."
        ),
        T_(
            "Instead of playing from hand, either player of a trick may take a chance: turn "
            "up the top stock card and play it. Not with the last stock card."
        )
        if settings["chance"] == CHANCE_EITHER
        else T_(
            "Instead of playing from hand, the leader may take a chance: turn up the top "
            "stock card and play it. Not with the last stock card."
        ),
        T_(
            "Whoever draws the last stock card shows it and keeps it face up: its suit is "
            "trump in phase 2. Then play goes on from hands until the player who must play "
            "has none."
        ),
        T_("Tied cards still lying at the end of phase 1 go back to who played them.")
        if settings["tied_cards"] == TIED_OWNERS
        else T_("Tied cards still lying at the end of phase 1 go to the last trick's winner."),
        T_(
            "Phase 2, shedding. Everyone takes up their pile, leftover hand and face-up card; "
            "a player with none is out, and safe. The last trick's winner leads any card."
        ),
        T_(
            "In turn, beat the top card (higher in its suit, or any trump; a trump only with "
            "a higher trump) or pick up."
        ),
        T_("Picking up takes the top card only.")
        if settings["pickup"] == PICKUP_TOP
        else T_("Picking up takes the whole trick."),
        T_(
            "When the trick holds one card per player, whoever played the last card sets it "
            "aside and leads. When all its cards are picked up, the next player leads."
        ),
        T_(
            "Play your last card and you are out, safe. The last player holding cards is "
            "the Myllymatti."
        ),
    ]
    return lines


def describe_fairness() -> list[Text]:
    """How anyone can check that the cards dealt and drawn came from the committed deck."""
    return [
        T_("🔒 A provably fair deal"),
        T_(
            "At the deal the table shows a commitment: the SHA-256 of "
            '"table.game|deck|salt", where the deck is listed top first (qh,th,2c,…) and '
            "the salt is a secret random string."
        ),
        T_(
            "When the game ends the story shows that very text (🔐 SHA-256(…) = …). Anyone "
            "can hash it, compare it with the commitment, and replay every card dealt, "
            "drawn and turned up."
        ),
    ]
