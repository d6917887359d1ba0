"""The JSON a person's page gets for a table: built from the game's views and presentation,
so this module knows tables, not any one game.

Only ``game.view(state, seat)`` of the person's own seat is used for their secrets and their
moves; everything else comes from the public view. A person without a seat gets the public
table only. The page's shell draws seats, status, story, buttons and the private panel; the
game's own renderer (``/games/<name>/render.js``) draws its table from ``public``.
"""

from __future__ import annotations

from typing import Any

from games.base import N_, PRIVATE, Game, HandItem, PrivateInfo, Text
from games.registry import get_game
from tables import story
from tables.model import LOBBY, PLAYING, Table
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
        "renderer": bool(game.web_assets),
        "status": table.status,
        "version": table.version,
        "you": seat,
        "left": seat is not None and seat in table.left,
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
        "decision": None,
        "private": None,
        "public": None,
        "story": [],
        "proofs": [],
        "over": False,
        "winners": [],
    }
    if table.status == LOBBY or table.state is None:
        payload["lines"] = [tr(language, "Waiting for the game to start.")]
        payload["can_join"] = table.status == LOBBY and seat is None
        return payload
    state = game.load(table.state)
    public = game.public_view(state)
    payload["public"] = public
    acting = set(game.to_act(state))
    for index, (entry, badge) in enumerate(
        zip(payload["seats"], game.seat_badges(public), strict=True)
    ):
        entry.update(badge=render(badge.badge, language), out=badge.out, acting=index in acting)
    payload["lines"] = [render(line, language) for line in game.describe_status(public, names)]
    if seat is not None and table.is_open and seat not in table.left:
        own = game.view(state, seat)
        legal = own.get("legal_actions") or game.legal_actions(state, seat)
        info = game.private_info(own)
        payload["private"] = private_payload(info, language) if info else None
        payload["actions"] = action_rows(game, legal, info, language)
        if table.status == PLAYING and seat in acting:
            payload["decision"] = game.decision(state, seat)
        if table.tutorial and seat in acting:
            hint = game.describe_hint(own, names)
            payload["hint"] = render(hint, language) if hint else None
    payload["story"], payload["proofs"] = latest_story(store, table, language)
    if game.is_over(state):
        payload["over"] = True
        ranking, places = game.ranking(state), game.places(state)
        payload["winners"] = [
            names[s] for s, place in zip(ranking, places, strict=False) if place == 1
        ]
        payload["ranking"] = [
            {"name": names[s], "place": place} for s, place in zip(ranking, places, strict=False)
        ]
    return payload


def action_rows(
    game: Game, legal: list[str], info: PrivateInfo | None, language: str
) -> list[list[dict[str, str]]]:
    """The person's buttons: public actions in the game's rows, then any private action that
    no item of their private panel stands for."""
    public = [a for a in legal if game.action_scope(a) != PRIVATE]
    played_by_items = {item.action for item in info.items} if info else set()
    loose = [a for a in legal if game.action_scope(a) == PRIVATE and a not in played_by_items]
    rows = game.action_rows(public) + ([loose] if loose else [])
    return [
        [
            {
                "action": a,
                "label": render(game.action_label(a), language),
                "style": game.action_style(a),
            }
            for a in row
        ]
        for row in rows
        if row
    ]


def private_payload(info: PrivateInfo, language: str) -> dict[str, Any]:
    return {
        "key": info.key,
        "title": render(info.title, language),
        "caption": render(info.caption, language) if info.caption else None,
        "conceal": info.conceal,
        "items": [item_payload(item, language) for item in info.items],
    }


def item_payload(item: HandItem, language: str) -> dict[str, Any]:
    return {
        "id": item.id,
        "kind": item.kind,
        "label": render(item.label, language),
        "symbol": item.symbol,
        "action": item.action if item.selectable else None,
        "selectable": item.selectable,
        "reason": render(item.reason, language) if item.reason else None,
        "attrs": item.attributes,
    }


def latest_story(
    store: TableStore, table: Table, language: str
) -> tuple[list[str], list[dict[str, str]]]:
    """The story lines of the newest change that had a story (the last reveal and result),
    and the proofs it revealed (for the page's "verify" detail)."""
    game = get_game(table.game)
    names = table.display_names()
    for _version, events in reversed(store.log.recent_events(table, STORY_LOOKBACK)):
        lines = story.story(game, events, names, proofs=False)
        if lines:
            proofs = [{"text": text, "commitment": digest} for text, digest in game.proofs(events)]
            return [render(line, language) for line in lines], proofs
    return [], []


PAGE_STRINGS = {
    "look": N_("Tap to look"),
    "cover": N_("Tap to cover"),
    "your_turn": N_("Your turn"),
    "waiting_for": N_("Waiting for {name}"),
    "you_are_out": N_("You are out of this game."),
    "you_left": N_("You left this game."),
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
    "verify": N_("Verify"),
    "games_won": N_("Your games: {games} · wins: {wins}"),
}


def page_strings(language: str) -> dict[str, str]:
    return {key: tr(language, text) for key, text in PAGE_STRINGS.items()}
