"""The page's "Since your last move": what the others did between your turns, told to you,
so a player who looks away sees what happened without reading the group.

The game words each change (games.seat_words.feed_for); this module picks the changes (those
after your last move, not the newest outcome, which the result card shows) and folds all but
the newest few away. A spectator has no "last move": no feed.
"""

from __future__ import annotations

from typing import Any

from games.seat_words import feed_for
from tables.table.model import Table
from tables.table.store import TableStore
from translations import render, tr

FEED_LOOKBACK = 48  # logged changes to look back through for your last move
FEED_SHOWN = 4  # lines shown at once; the earlier ones fold away
FEED_MOST = 24  # lines kept in all (the fold's included)


def feed_payload(
    store: TableStore,
    table: Table,
    seat: int | None,
    shown: tuple[int, int] | None,
    language: str,
) -> dict[str, Any] | None:
    """The feed for ``seat``'s page, or None (a spectator, or nothing since your move).
    ``shown``: the first and last versions the result card shows (the outcome and what led
    to it: a round's claims, a trick's rolls), left out here."""
    if seat is None:
        return None
    game = table.match().game
    changes = store.log.recent_events(table, FEED_LOOKBACK)
    told = feed_for(game, changes, table.display_names(), seat)
    first, last = shown or (0, -1)
    lines = [
        render(line, language).strip() for version, line in told if not first <= version <= last
    ]
    return folded(lines, language)


def folded(lines: list[str], language: str) -> dict[str, Any] | None:
    """The newest ``FEED_SHOWN`` lines, and up to ``FEED_MOST`` in all with the earlier ones
    under "Earlier (n)" (None: no line)."""
    lines = lines[-FEED_MOST:]
    if not lines:
        return None
    earlier = lines[:-FEED_SHOWN]
    return {
        "title": tr(language, "Since your last move"),
        "lines": lines[-FEED_SHOWN:],
        "earlier": earlier,
        "earlier_label": tr(language, "Earlier ({n})", n=len(earlier)) if earlier else "",
    }
