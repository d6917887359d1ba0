"""What each seat, and anyone watching, may know (docs/mino_dice-rules-choices.md, "Who sees
what").

Secrets and who sees them:

* the dice a seat holds: only that seat, and only which dice they are (id and kind);
  everyone else sees how many it holds;
* the face each die will show: nobody, not even its owner, until it is rolled;
* bids: only the bidder, until every seat has bid; then everyone.

The public view holds none of these; the rules' ``secrets`` add the seat's own dice and bid.
"""

from __future__ import annotations

from typing import Any

from games.mino_dice.dice import die_id, kind_of


def roll_view(roll: dict[str, Any]) -> dict[str, Any]:
    """A roll as everyone saw it: who, which die (id and kind), the face that came up."""
    die = roll["die"]
    return {"seat": roll["seat"], "die": die_id(die), "kind": kind_of(die), "face": roll["face"]}
