"""A finished game read again, each decision of its people judged by the game's engine.

The sealed record runs again through the rules (as for the replay), and before each move a
person made, the game is asked what it thinks of that move from that seat's view at that
moment (``Rules.analyse``): never from the state, so no verdict rests on what the decider
could not see. Moves a CPU made for a person (autopilot, or after they left) are not theirs
and are not judged. Verdicts are kept beside the replay, as long as it (``analysis_key``),
made once by whoever asks first: the bot at the game's end, or a page opening the replay.
The engine draws from a generator seeded by the game and the decision, so an analysis made
twice says the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

from games.analysis import Judgement
from games.base import Action, Text
from games.rng import DeterministicRng
from tables.fairness import replay as replays
from tables.fairness import seal
from tables.fairness.replay import NoSuchReplay, Replay
from tables.fairness.replay_keys import analysis_key, analysis_told_key, replay_key


@dataclass(frozen=True)
class Verdict:
    """The engine's word on one person's decision, at the replay step it was made in."""

    version: int
    seat: int
    action: Action
    judgement: Judgement


def judge(replay: Replay) -> list[Verdict]:
    """Every decision of the game's people, judged; none while the game runs, or when its
    record does not run to the table that was kept."""
    if not (replay.finished and replay.faithful):
        return []
    game, table = replay.game, replay.table
    people = {s for s, seat in enumerate(table.seats) if not seat.is_cpu}
    away: set[int] = set()
    events = {step.version: step.events for step in replay.steps}
    verdicts: list[Verdict] = []
    state: Any = None
    for version in sorted(replay.record):
        _note_returns(events.get(version, []), away)
        for index, call in enumerate(replay.record[version]):
            if call[0] == seal.MOVE and state is not None and int(call[1]) in people - away:
                verdict = _verdict(replay, state, version, index, int(call[1]), str(call[2]))
                verdicts += [verdict] if verdict is not None else []
            state, _, _ = replays.run_call(game, table, state, version, index, call)
        _note_departures(events.get(version, []), away)
    return verdicts


def _verdict(
    replay: Replay, state: Any, version: int, index: int, seat: int, action: Action
) -> Verdict | None:
    rules = replay.game.rules
    view = rules.view(state, seat)
    if len(view["legal_actions"]) < 2:
        return None  # a forced move is no decision
    rng = DeterministicRng(f"analysis|{replay.table.id}|{replay.game_no}|{version}|{index}")
    judgement = rules.analyse(view, action, rng)
    return None if judgement is None else Verdict(version, seat, action, judgement)


def _note_returns(events: list[Any], away: set[int]) -> None:
    """A person back from autopilot plays their seat again in the very change that says so."""
    for event in events:
        if event.get("type") == "autopilot" and not event.get("on"):
            away.discard(int(event["seat"]))


def _note_departures(events: list[Any], away: set[int]) -> None:
    """After autopilot takes a seat over, or its person resigns, a CPU plays it."""
    for event in events:
        kind = event.get("type")
        if (kind == "autopilot" and event.get("on")) or kind == "resigned":
            away.add(int(event["seat"]))


def encode(verdicts: list[Verdict]) -> bytes:
    return orjson.dumps([_verdict_doc(v) for v in verdicts])


def decode(raw: bytes) -> list[Verdict]:
    return [
        Verdict(
            doc["v"],
            doc["seat"],
            doc["action"],
            Judgement(doc["mark"], doc["best"], _text(doc["note"]), doc["kind"]),
        )
        for doc in orjson.loads(raw)
    ]


def _verdict_doc(verdict: Verdict) -> dict[str, Any]:
    j = verdict.judgement
    return {
        "v": verdict.version,
        "seat": verdict.seat,
        "action": verdict.action,
        "mark": j.mark,
        "best": j.best,
        "kind": j.kind,
        "note": {
            "msgid": j.note.msgid,
            "params": dict(j.note.params),
            "plural": j.note.plural,
            "n": j.note.n,
            "verbatim": j.note.verbatim,
        },
    }


def _text(doc: dict[str, Any]) -> Text:
    params = tuple(doc["params"].items())
    return Text(doc["msgid"], params, doc["plural"], doc["n"], doc["verbatim"])


def cached(store: Any, table_id: str, game_no: int) -> list[Verdict] | None:
    raw = store.fast.get(analysis_key(table_id, game_no))
    return None if raw is None else decode(raw)


def ensure(store: Any, table_id: str, game_no: int) -> list[Verdict]:
    """The game's verdicts: kept ones, or made now and kept as long as its replay."""
    found = cached(store, table_id, game_no)
    if found is not None:
        return found
    try:
        replay = replays.load(store.fast, None, table_id, game_no)
    except NoSuchReplay:
        return []
    verdicts = judge(replay)
    if replay.finished and replay.faithful:
        _keep(store, table_id, game_no, encode(verdicts))
    return verdicts


def _keep(store: Any, table_id: str, game_no: int, raw: bytes) -> None:
    left = store.redis.pttl(replay_key(table_id, game_no))
    if left == -2:
        return  # the replay expired meanwhile: nothing to keep beside
    ms = left if left > 0 else store.config.replay_ttl * 1000
    store.redis.set(analysis_key(table_id, game_no), raw, px=ms, nx=True)


def claim_telling(store: Any, table_id: str, game_no: int) -> bool:
    """Whether this caller is the one to tell the group the analysis (only once)."""
    key = analysis_told_key(table_id, game_no)
    return bool(store.redis.set(key, b"1", ex=store.config.replay_ttl, nx=True))
