"""The Mini App's API beyond one live table (documented in docs/api.md): a game's replay,
and a person's games (the tables they sit at, the games they finished).

    GET /api/replays/<table>-<n>   game n of a table, step by step (webapp.replay_payload)
    GET /api/my-games              the person's open tables and finished games
"""

from __future__ import annotations

import gzip
import time
from collections import OrderedDict
from threading import Lock
from typing import Any

from flask import Blueprint, Response, request
from flask.typing import ResponseReturnValue

from games.base import Text
from games.registry import get_game
from games.seat_words import place_for
from tables.fairness import analysis
from tables.fairness import replay as replays
from tables.fairness.replay_keys import parse_replay_id
from tables.profiles import my_games, prefs
from tables.table.errors import NoSuchTable
from tables.table.model import Table
from translations import render
from webapp import analysis_worker
from webapp.api import language, may_watch, ok, store
from webapp.auth import authenticate
from webapp.errors import ApiError
from webapp.replay_payload import replay_payload

games_api = Blueprint("games_api", __name__, url_prefix="/api")
CACHED_REPLAYS = 32  # finished games' payloads kept per process (a game is replayed in bursts)
CACHE_SECONDS = 60.0  # ... for a minute: an expired replay is gone soon after everywhere
_cache: OrderedDict[tuple[str, str], tuple[float, dict[str, Any]]] = OrderedDict()
_cache_lock = Lock()


@games_api.get("/replays/<replay_id>")
def replay(replay_id: str) -> ResponseReturnValue:
    """A game step by step: while it runs, what everyone saw; once it is over, also each
    hidden value at the step it was decided. For whoever may watch its table."""
    user = authenticate().user
    found = parse_replay_id(replay_id)
    if found is None:
        raise ApiError("no_such_replay")
    table_id, game_no = found
    lang = language()
    with _cache_lock:
        when, cached = _cache.get((replay_id, lang), (0.0, None))
    if cached is not None and time.monotonic() - when < CACHE_SECONDS:
        may_watch(_table_of(cached), user.id)
        return _compressed(_for(cached, user.id))
    try:
        current: Table | None = store().load(table_id)
    except NoSuchTable:
        current = None
    kept = replays.load(store().fast, current, table_id, game_no)
    may_watch(kept.table, user.id)
    verdicts = _verdicts(kept)
    payload = replay_payload(kept, user.id, lang, verdicts)
    payload["analysis_pending"] = kept.finished and kept.faithful and verdicts is None
    if kept.finished and not payload["analysis_pending"]:
        payload["_table"] = kept.table
        with _cache_lock:
            _cache[(replay_id, lang)] = (time.monotonic(), payload)
            while len(_cache) > CACHED_REPLAYS:
                _cache.popitem(last=False)
    return _compressed(_for(payload, user.id))


def _verdicts(kept: replays.Replay) -> list[analysis.Verdict] | None:
    """The finished game's analysis when it is kept; else None, and it is made meanwhile."""
    if not (kept.finished and kept.faithful):
        return []
    found = analysis.cached(store(), kept.table.id, kept.game_no)
    if found is None:
        analysis_worker.start(store(), kept.table.id, kept.game_no)
    return found


def _compressed(data: dict[str, Any]) -> Response:
    """A replay repeats each step's table: gzip takes it from hundreds of KB to tens."""
    response = ok(data)
    assert isinstance(response, Response)
    if "gzip" in request.headers.get("Accept-Encoding", ""):
        response.set_data(gzip.compress(response.get_data(), compresslevel=5))
        response.headers["Content-Encoding"] = "gzip"
        response.headers["Vary"] = "Accept-Encoding"
    return response


def _table_of(payload: dict[str, Any]) -> Table:
    return payload["_table"]


def _for(payload: dict[str, Any], user_id: int) -> dict[str, Any]:
    """The payload as this person sees it: their own seat marked."""
    table = payload.get("_table")
    answer = {key: value for key, value in payload.items() if key != "_table"}
    if table is not None:
        you = table.seat_of(user_id)
        answer["you"] = you
        answer["seats"] = [dict(s, you=i == you) for i, s in enumerate(payload["seats"])]
        answer["ratings"] = [dict(r, you=r["seat"] == you) for r in payload.get("ratings", [])]
    return answer


@games_api.get("/my-games")
def mine() -> ResponseReturnValue:
    """Every open table the person sits at (whose turn it is) and the games they finished."""
    user = authenticate().user
    lang = language()
    seated = my_games.open_tables(store(), user.id)
    played = my_games.played_games(store(), user.id)
    chats = {s.table.chat_id for s in seated} | {p.chat_id for p in played}
    titles = prefs.chat_titles(store().redis, sorted(chats))
    return ok(
        {
            "tables": [_seat_at(s, titles, lang) for s in seated],
            "played": [
                {
                    "replay": p.replay_id,
                    "title": render(Text(get_game(p.game).presentation.title), lang),
                    "group": titles.get(p.chat_id, ""),
                    "finished_at": p.finished_at,
                    "place": p.place,
                    "seats": p.seats,
                    "result": _result(p, lang),
                    "rating": None
                    if p.rating_after is None
                    else {"before": p.rating_before, "after": p.rating_after},
                }
                for p in played
            ],
        }
    )


def _result(played: my_games.Played, lang: str) -> str | None:
    """The place in the game's own words, where it has them (None: the page's "#2 of 3")."""
    text = place_for(get_game(played.game), played.place, played.seats)
    return render(text, lang) if text is not None else None


def _seat_at(seat_at: my_games.SeatAt, titles: dict[int, str], lang: str) -> dict[str, Any]:
    table = seat_at.table
    return {
        "id": table.id,
        "title": render(Text(table.match().game.presentation.title), lang),
        "group": titles.get(table.chat_id, ""),
        "status": table.status,
        "your_turn": seat_at.your_turn,
        "waiting_for": seat_at.acting_names(),
        "left": seat_at.left,
    }
