"""The JSON a person's page gets for a table: built from the game's views and presentation,
so this module knows tables, not any one game.

Only ``game.rules.view(state, seat)`` of the person's own seat is used for their secrets and their
moves, and only when the gate every door asks lets them see it (tables.fairness.private_seat: not
after they left the game, nor once their seat is out of it); everything else comes from the
public view. A person without a seat gets the public table only. The page's shell draws
seats, status, story, buttons and the private panel; the game's own renderer
(``/games/<name>/render.js``) draws its table from ``public``.
"""

from __future__ import annotations

from typing import Any

from games.base import JSON, Event, HandItem, PrivateInfo, Text
from games.game import Game
from games.seat_words import final_for, moments_for, outcome_for, status_for, why_for
from tables.fairness.private_seat import private_view
from tables.profiles import stats
from tables.table import story
from tables.table.model import LOBBY, PLAYING, Table
from tables.table.store import TableStore
from translations import render, tr
from webapp.actions_payload import action_rows, step_levels
from webapp.feed import feed_payload
from webapp.history_strings import game_over_extras
from webapp.seat_story import seat_story

STORY_LOOKBACK = 16  # logged changes to look back through for the latest result


def table_payload(store: TableStore, table: Table, user_id: int, language: str) -> dict[str, Any]:
    game = table.match().game
    seat = table.seat_of(user_id)
    names = table.display_names()
    payload = _lobby_payload(table, game, seat, names, language)
    if table.status == LOBBY or table.state is None:
        payload["lines"] = [tr(language, "Waiting for the game to start.")]
        payload["can_join"] = table.status == LOBBY and seat is None
        return payload
    state = table.match().state
    public = game.rules.public_view(state)
    payload["public"] = public
    acting = set(game.rules.to_act(state))
    for index, (entry, badge) in enumerate(
        zip(payload["seats"], game.presentation.seat_badges(public), strict=True)
    ):
        entry.update(badge=render(badge.badge, language), out=badge.out, acting=index in acting)
    reader = seat  # the page is told to its reader's seat ("you"); a spectator's is the group's
    payload["lines"] = [render(line, language) for line in status_for(game, public, names, reader)]
    seat = _add_private(payload, table, user_id, acting, language) or seat
    told = latest_story(store, table, language, reader)
    payload["story"], payload["proofs"], payload["moment"] = told
    shown = (told[2]["since"], told[2]["version"]) if told[2] else None
    payload["feed"] = feed_payload(store, table, reader, shown, language)
    moment = payload["moment"]  # the outcome's why, one line each (a trick, a reveal, a score)
    whys = why_for(game, moment["events"], names, reader) if moment else []
    payload["why"] = [render(line, language) for line in whys]
    if game.presentation.page_history:
        payload["history"] = game_history(store, table, game.presentation.page_history)
    if table.tutorial and seat is not None:
        person = table.seats[seat].user_id
        if person is not None:
            payload["tutorial"] = stats.tutorial_progress(store.redis, person, table.game)
    if game.rules.is_over(state):
        _add_game_over(payload, table, seat, reader, language)
    return payload


def _lobby_payload(
    table: Table, game: Game, seat: int | None, names: list[str], language: str
) -> dict[str, Any]:
    """What every page shows, a lobby's included: the table, its seats and empty slots."""
    return {
        "id": table.id,
        "game": table.game,
        "title": render(Text(game.presentation.title), language),
        "renderer": bool(game.presentation.web_assets),
        "status": table.status,
        "version": table.version,
        "you": seat,
        "left": seat is not None and seat in table.left,
        "creator": table.seat_of(table.creator_id) == seat and seat is not None,
        "seats": [
            {"name": name, "cpu": s.is_cpu, "you": index == seat}
            | {"badge": "", "out": False, "acting": False}
            for index, (name, s) in enumerate(zip(names, table.seats, strict=True))
        ],
        "lines": [],
        "actions": [],
        "decision": None,
        "private": None,
        "public": None,
        "story": [],
        "proofs": [],
        "moment": None,
        "feed": None,
        "why": [],
        "over": False,
        "winners": [],
    }


def _add_private(
    payload: dict[str, Any], table: Table, user_id: int, acting: set[int], language: str
) -> int | None:
    """The reader's own seat, if the gate lets them see it now: its secrets, its actions,
    its decision token and a tutorial's hint. Returns that seat (None: nothing private)."""
    seen = private_view(table, user_id)  # the gate every door asks (tables.fairness.private_seat)
    if seen is None:
        return None
    match = table.match()
    game, state = match.game, match.state
    seat, own = seen
    legal = own.get("legal_actions") or game.rules.legal_actions(state, seat)
    info = game.presentation.private_info(own)
    payload["private"] = private_payload(info, language) if info else None
    payload["actions"] = action_rows(game, legal, info, language)
    if levels := step_levels(game, legal, language):
        payload["steps"] = levels
    if table.status == PLAYING and seat in acting:
        payload["decision"] = game.rules.decision(state, seat)
    if table.tutorial and seat in acting:
        hint = game.presentation.describe_hint(own, table.display_names())
        payload["hint"] = render(hint, language) if hint else None
    return seat


def _add_game_over(
    payload: dict[str, Any], table: Table, seat: int | None, reader: int | None, language: str
) -> None:
    """A finished game: its winners, its ranking, its ending in words and what comes next."""
    match = table.match()
    game, state, names = match.game, match.state, table.display_names()
    payload["over"] = True
    ranking, places = game.rules.ranking(state), game.rules.places(state)
    payload["winners"] = [names[s] for s, place in zip(ranking, places, strict=False) if place == 1]
    payload["ranking"] = [
        {"name": names[s], "place": place} for s, place in zip(ranking, places, strict=False)
    ]
    payload["ending"] = ending(game, ranking, places, names, reader, language)
    if outcome := outcome_for(game, ranking, places, names, reader):
        payload["outcome"] = {"text": render(outcome[0], language), "tone": outcome[1]}
    payload.update(game_over_extras(table, seat))


def ending(
    game: Game, ranking: list[int], places: list[int], names: list[str], seat: int | None, lang: str
) -> str | None:
    """The page's one line for the end, told to its reader: the game's own first words for
    it (a game with a loser names the loser), or "you win" (None: who won, the page says)."""
    own = final_for(game, ranking, places, names, seat)
    if own:
        return render(own[0], lang)
    winners = [s for s, place in zip(ranking, places, strict=False) if place == 1]
    return (
        tr(lang, "The game is over: you win!") if seat is not None and winners == [seat] else None
    )


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
    store: TableStore, table: Table, language: str, seat: int | None = None
) -> tuple[list[str], list[dict[str, str]], dict[str, Any] | None]:
    """The story lines of the newest change that had a story (the last reveal and result),
    the proofs it revealed (for the page's "verify" detail), and that moment as data: its
    version and the public events that led to it since the story before (the round's claims
    and its reveal, a trick's rolls and its winner), for the game's renderer to draw. Told to
    ``seat`` ("you"), or in the group's words for a spectator."""
    game = table.match().game
    names = table.display_names()
    changes = store.log.recent_events(table, STORY_LOOKBACK)
    for index in range(len(changes) - 1, -1, -1):
        version, events = changes[index]
        lines = page_story(game, events, names, seat)
        if not lines:
            continue
        proofs = [
            {"text": text, "commitment": digest}
            for text, digest in game.presentation.proofs(events)
        ]
        start = index
        while start > 0 and not page_story(game, changes[start - 1][1], names, seat):
            start -= 1
        led_up: list[Event] = [event for _, earlier in changes[start:index] for event in earlier]
        # "since": the first change it covers (the page's feed leaves them all to it).
        moment = {"version": version, "since": changes[start][0], "events": [*led_up, *events]}
        # A log line is indented inside its round: on the page it stands on its own.
        return [render(line, language).strip() for line in lines], proofs, moment
    return [], [], None


def page_story(game: Game, events: list[Event], names: list[str], seat: int | None) -> list[Text]:
    """What a change is worth on the page: the events the game shows as moments of their own
    (``Presentation.page_moment``: a chance taken), then the story, both told to ``seat``."""
    own = [event for event in events if game.presentation.page_moment(event)]
    told = (moments_for(game, own, names, seat) or story.log_lines(game, own, names)) if own else []
    return [*told, *seat_story(game, events, names, seat)]


def game_history(store: TableStore, table: Table, kinds: frozenset[str]) -> list[Event]:
    """The public events of these kinds over the table's current game, oldest first."""
    return [
        event
        for events in store.log.game_log(table, table.game_no)
        for event in events
        if event["type"] in kinds
    ]


def rules_payload(game: Game, settings: JSON, language: str) -> dict[str, Any]:
    """How to play at a table with these settings: its preset (and what that means), every
    setting's value, and the rules in brief."""
    normalized = game.rules.normalize_settings(settings)
    preset = game.rules.preset_of(normalized)
    return {
        "title": render(Text(game.presentation.title), language),
        "summary": tr(language, game.presentation.summary) if game.presentation.summary else "",
        "preset": tr(language, game.presentation.preset_labels.get(preset, preset))
        if preset
        else None,
        "description": tr(language, game.presentation.preset_descriptions[preset])
        if preset in game.presentation.preset_descriptions
        else "",
        "settings": [
            {"label": tr(language, spec.label), "value": tr(language, spec.label_of(value))}
            for spec in game.rules.settings_specs
            for value in [normalized.get(spec.key)]
        ],
        "lines": [render(line, language) for line in game.presentation.describe_rules(normalized)],
    }
