"""A game played again, step by step, from what its table kept: the public log (what
everyone saw) and the sealed record (every call into the rules, with its draws).

The rules are pure, so running the record again gives every state the game went through.
What a step shows is decided by the front door (webapp.replay_payload): while a game runs,
only public views; once it is over, each hidden value at the step it was decided.

Three checks keep a replay honest. The record must run to exactly the final table that was
kept (else ``faithful`` is False and nothing hidden is shown). Each step's public log must
hold exactly the game's events the rules, run again, give at that step (else the step is a
``mismatch``): a claim changed afterwards, or a reveal deleted, shows, although no
commitment covers a claim. And each reveal is given as it is stored in the public log,
beside the commitment the table showed before it (which the rules, run again, reproduce):
the page hashes the stored text itself, so a reveal that was changed afterwards shows as a
mismatch, and a commitment whose reveal is missing from the log comes without a text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import zip_longest
from typing import Any

import orjson

from games.base import Event
from games.errors import GameError
from games.game import Game
from tables.engine import codec, keys
from tables.engine.fastread import FastReads
from tables.fairness import seal, seal_codec
from tables.fairness.replay_keys import replay_key
from tables.table.errors import NoSuchTable, TableError
from tables.table.model import FINISHED, PLAYING, Table


class NoSuchReplay(TableError):
    """No such game, or it ended longer ago than replays are kept."""

    code = "no_such_replay"


@dataclass
class Step:
    version: int
    state: Any  # after this step (None before the game began)
    before: Any  # the state this step started from
    events: list[Event]  # as the public log holds them
    # (revealed text as stored, commitment shown before); None where the other is missing
    reveals: list[tuple[str | None, str | None]]
    sealed: list[tuple[str, str]] = field(default_factory=list)  # committed at this step
    decisions: list[tuple[int, str]] = field(default_factory=list)  # hidden when made
    mismatch: bool = False  # the log's events differ from the rules' run again


@dataclass
class Replay:
    table: Table  # the table as the game ended (or as it is now, while it runs)
    game_no: int
    finished: bool
    faithful: bool
    steps: list[Step]
    record: dict[int, list[Any]] = field(default_factory=dict)  # the calls of each change

    @property
    def game(self) -> Game:
        return self.table.match().game

    @property
    def mismatch(self) -> bool:
        """Some step's log was changed after it was played."""
        return any(step.mismatch for step in self.steps)


def load(reads: FastReads, current: Table | None, table_id: str, game_no: int) -> Replay:
    """Game ``game_no`` of a table: finished (kept under its replay key) or, if it is the
    table's game now, running."""
    raw = reads.get(replay_key(table_id, game_no))
    if raw is not None:
        table = Table.from_dict(orjson.loads(raw), 0)
        finished = table.status == FINISHED
    elif current is not None and current.game_no == game_no and current.status == PLAYING:
        table, finished = current, False
    else:
        raise NoSuchReplay("no such replay")
    game = table.match().game
    logged = _entries(reads.lrange(keys.game_log(table_id, game_no), 0, -1))
    sealed = _sealed(reads, seal.seal_key(table_id, game_no))
    if not sealed:
        raise NoSuchReplay("nothing was recorded of this game")
    stored = {version: _decoded(game, items) for version, items in logged.items()}
    steps, final = _run(game, table, stored, sealed)
    faithful = final is not None and (not finished or game.rules.dump(final) == table.state)
    return Replay(table, game_no, finished, faithful, steps, sealed)


def _sealed(reads: FastReads, key: str) -> dict[int, list[Any]]:
    """The calls of each change as the record holds them (tables.fairness.seal_codec)."""
    sealed: dict[int, list[Any]] = {}
    for entry in reads.lrange(key, 0, -1):
        try:
            version, calls = seal_codec.entry(entry)
        except (ValueError, UnicodeDecodeError):  # damaged: the run won't reach the end
            continue
        sealed.setdefault(version, []).extend(calls)
    return sealed


def _entries(raw: list[bytes]) -> dict[int, Any]:
    found: dict[int, Any] = {}
    for entry in raw:
        try:
            version, items = codec.unpack_entry(entry)
        except (ValueError, TypeError):  # damaged: its step's events are missing
            continue
        found.setdefault(version, []).extend(items)
    return found


def _decoded(game: Game, items: list[Any]) -> list[Event] | None:
    """A change's logged events; None when they no longer decode (a damaged log)."""
    try:
        return codec.decode(items, game.rules.event_fields)
    except (KeyError, ValueError, TypeError):
        return None


def _as_logged(game: Game, events: list[Event]) -> list[Any]:
    """The game's own events as the log keeps them: its fields only, through MessagePack.
    The table's events (reminders, the start) are the table's: no record covers them."""
    unlogged = game.rules.unlogged_events
    kept = [e for e in events if e.get("type") not in codec.TABLE_EVENTS | unlogged]
    _, items = codec.unpack_entry(codec.pack_entry(0, codec.encode(kept, game.rules.event_fields)))
    return items


def _run(
    game: Game, table: Table, stored: dict[int, list[Event] | None], sealed: dict[int, Any]
) -> tuple[list[Step], Any]:
    """Every step, the record run again through the rules; the final state (None when the
    record would not run: it no longer fits the rules)."""
    state: Any = None
    steps: list[Step] = []
    shown: set[str] = set()  # commitments already on the table
    broken = False
    for version in sorted(set(stored) | set(sealed)):
        before = state
        produced: list[Event] = []
        decisions: list[tuple[int, str]] = []
        try:
            for index, call in enumerate(sealed.get(version, []) if not broken else []):
                state, events, hidden = run_call(game, table, state, version, index, call)
                produced += events
                if hidden is not None:
                    decisions.append(hidden)
        except (GameError, seal.OutOfStep, KeyError, TypeError, ValueError, NoSuchTable):
            broken = True
        events = stored.get(version, [])
        damaged = events is None
        events = events or []
        revealed = [text for text, _ in game.presentation.proofs(events)]
        shown_then = [digest for _, digest in game.presentation.proofs(produced)]
        reveals = list(zip_longest(revealed, shown_then))
        # A record that will not run judges nothing (the replay is not faithful then).
        differs = damaged or _as_logged(game, events) != _as_logged(game, produced)
        committed = game.rules.sealed_proofs(state) if state is not None and not broken else []
        fresh = [(text, digest) for text, digest in committed if digest not in shown]
        shown.update(digest for _, digest in committed)
        mismatch = differs and not broken
        steps.append(Step(version, state, before, events, reveals, fresh, decisions, mismatch))
    return steps, None if broken else state


def run_call(
    game: Game, table: Table, state: Any, version: int, index: int, call: list[Any]
) -> tuple[Any, list[Event], tuple[int, str] | None]:
    """One recorded call into the rules, run again with its own draws: the state after it,
    its events, and the choice it made while others still chose (None otherwise)."""
    kind, seat, action = call[0], call[1], call[2]
    rng = seal.replayed(call, version, index, table.salt_key)
    hidden = None
    if kind == seal.NEW:
        state, events = game.rules.new_game(table.settings, len(table.seats), rng, _game_id(table))
    elif kind == seal.MOVE:
        if len(game.rules.to_act(state)) > 1:  # decided while others still decided: unseen then
            hidden = (int(seat), str(action))
        state, events = game.rules.apply(state, int(seat), str(action), rng)
    elif kind == seal.TIMEOUT:
        state, events = game.rules.timeout(state, int(seat), rng)
    elif kind == seal.RESIGN:
        state, events = game.rules.resign(state, int(seat), rng)
    else:
        raise seal.OutOfStep(f"unknown call {kind!r}")
    if not rng.spent:
        raise seal.OutOfStep("a recorded call left draws unused")
    return state, events, hidden


def _game_id(table: Table) -> str:
    return table.game_id
