"""The JSON a person's page gets for a table: built from the game's views and presentation,
so this module knows tables, not Mia.

Only ``game.view(state, seat)`` of the person's own seat is used for their secret and their
moves; everything else comes from the public view. A person without a seat gets the public
table only.
"""

from __future__ import annotations

from typing import Any

from games.base import N_, Text
from games.registry import get_game
from tables.model import LOBBY, Table
from tables.store import TableStore
from translations import render, tr

STORY_LOOKBACK = 16  # logged changes to look back through for the latest result


def table_payload(store: TableStore, table: Table, user_id: int, language: str) -> dict[str, Any]:
    game = get_game(table.game)
    seat = table.seat_of(user_id)
    names = table.display_names()
    payload: dict[str, Any] = {
        "id": table.id,
        "game": table.game,
        "title": render(Text(game.title), language),
        "status": table.status,
        "version": table.version,
        "you": seat,
        "creator": table.seat_of(table.creator_id) == seat and seat is not None,
        "seats": [
            {
                "name": name,
                "cpu": s.is_cpu,
                "you": index == seat,
                "badge": "",
                "out": False,
                "acting": False,
            }
            for index, (name, s) in enumerate(zip(names, table.seats, strict=True))
        ],
        "lines": [],
        "actions": [],
        "secret": None,
        "story": [],
        "over": False,
        "winner": None,
    }
    if table.status == LOBBY or table.state is None:
        payload["lines"] = [tr(language, "Waiting for the game to start.")]
        payload["can_join"] = table.status == LOBBY and seat is None
        return payload
    state = game.load(table.state)
    public = game.public_view(state)
    own = game.view(state, seat) if seat is not None and table.is_open else None
    for entry, summary in zip(payload["seats"], game.seat_summaries(public), strict=True):
        entry.update(badge=summary["badge"], out=summary["out"], acting=summary["acting"])
    payload["lines"] = [render(line, language) for line in game.describe_round(public, names)]
    if own is not None:
        legal = own.get("legal_actions") or game.legal_actions(state, seat)
        payload["actions"] = [
            [{"action": a, "label": render(game.action_label(a), language)} for a in row]
            for row in game.action_rows(legal)
        ]
        secret = game.describe_secret(own)
        if secret is not None:
            payload["secret"] = {
                "id": secret["id"],
                "symbols": secret["symbols"],
                "caption": render(secret["caption"], language),
            }
    payload["story"] = latest_story(store, table, language)
    if game.is_over(state):
        payload["over"] = True
        payload["winner"] = names[game.ranking(state)[0]]
    return payload


def latest_story(store: TableStore, table: Table, language: str) -> list[str]:
    """The story lines of the newest change that had a story (the last reveal and result)."""
    game = get_game(table.game)
    names = table.display_names()
    batches = store.recent_events(table, STORY_LOOKBACK)
    for _version, events in reversed(batches):
        lines = game.describe_events(events, names)
        if lines:
            return [render(line, language) for line in lines]
    return []


PAGE_STRINGS = {
    "lift": N_("Tap the cup to look"),
    "cover": N_("Tap to cover"),
    "your_turn": N_("Your turn"),
    "waiting_for": N_("Waiting for {name}"),
    "you_are_out": N_("You are out of this game."),
    "game_over": N_("The game is over: {name} wins!"),
    "spectator": N_("You are watching this table."),
    "lobby": N_("The table is open. The game starts soon."),
    "join": N_("Join"),
    "leave": N_("Leave"),
    "start": N_("Start"),
    "closed": N_("This table is closed."),
    "no_table": N_("Open this from a table message in your group."),
    "connecting": N_("Connecting…"),
    "reconnecting": N_("Connection lost. Reconnecting…"),
    "sent": N_("Sent!"),
    "stats": N_("Your games: {games} · wins: {wins} · bluffs caught: {bluffs_caught}"),
}


def page_strings(language: str) -> dict[str, str]:
    return {key: tr(language, text) for key, text in PAGE_STRINGS.items()}
