"""What every game must keep, checked by playing random games (pure rules, no Redis).

``tests/games/test_contract.py`` runs :func:`check_random_game` over every registered game,
and ``tests/tables/table/test_game_contract.py`` plays the same way through the real table store.

A game's test package provides ``hidden.py`` with ``perturb(state, seat, rng) -> state``: the
same position with ``seat``'s hidden values (dice under its cup, cards in its hand) replaced by
others that are just as possible to everyone else. Whatever another seat, the public or the
group may see must not change: that is how "no other seat's secret in any view" is checked
without knowing how a game stores its secrets.
"""

from __future__ import annotations

import copy
import importlib
import json
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from games.base import (
    CPU_LEVELS,
    MAX_ACTION_LENGTH,
    PRIVATE,
    PUBLIC,
    SEQUENTIAL,
    SIMULTANEOUS,
    Text,
)
from games.errors import GameError
from games.fairness import sha256_hex
from games.game import Game
from games.presentation_protocol import Presentation
from games.rng import DeterministicRng, Rng
from games.rules_protocol import Rules
from games.think import Budget
from tables.engine.codec import TABLE_EVENT_FIELDS
from tests.games.steps_contract import check_step_declarations, check_steps

ACTION_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789_:,.-")
MAX_STEPS = 20000
WALK_BUDGET = Budget(None, 8)  # an expert's few iterations: the same walk on any machine


def perturber(game: Game) -> Callable[[Any, int, Rng], Any]:
    module = importlib.import_module(f"tests.games.{game.name}.hidden")
    return module.perturb


def random_settings(game: Game, rng: Rng) -> dict[str, Any]:
    return {
        spec.key: spec.choices[rng.randbelow(len(spec.choices))]
        for spec in game.rules.settings_specs
    }


def random_moves(
    game: Game, settings: dict[str, Any], seats: int, seed: int | str
) -> Iterator[tuple[Any, str, int | None, str | None, Any, list[dict]]]:
    """Yield (state before, kind, seat, action, state after, events) for one random game.

    Mostly uniform legal actions, some CPU choices (every level), the odd timeout and resign:
    the kinds of change a real table makes.
    """
    rng = DeterministicRng(seed)
    state, events = game.rules.new_game(settings, seats, rng, f"g{seed}")
    yield None, "start", None, None, state, events
    for _ in range(MAX_STEPS):
        if game.rules.is_over(state):
            return
        acting = game.rules.to_act(state)
        assert acting, "a running game waits for somebody"
        seat = acting[rng.randbelow(len(acting))]
        roll = rng.randbelow(1000)
        if roll < 6:
            kind, action = "timeout", None
            new_state, events = game.rules.timeout(state, seat, rng)
        elif roll < 8:
            kind, action = "resign", None
            seat = rng.randbelow(seats)
            try:
                new_state, events = game.rules.resign(state, seat, rng)
            except Exception:  # an eliminated seat cannot leave twice: a typed refusal
                continue
        else:
            legal = game.rules.legal_actions(state, seat)
            if rng.randbelow(2):
                level = CPU_LEVELS[rng.randbelow(len(CPU_LEVELS))]
                view = game.rules.view(state, seat)
                kind, action = "cpu", game.rules.cpu_choice(view, level, rng, WALK_BUDGET)
            else:
                kind, action = "move", legal[rng.randbelow(len(legal))]
            replay = copy.deepcopy(rng)  # the randomness this move will use, for check_events
            new_state, events = game.rules.apply(state, seat, action, rng)
            check_events(game, state, seat, action, replay, events, seats)
        yield state, kind, seat, action, new_state, events
        state = new_state
    raise AssertionError("the game did not end")


def check_events(
    game: Game, state: Any, actor: int, action: str, rng: Rng, events: list[dict], seats: int
) -> None:
    """A move's events tell nothing that stays hidden: made on a twin position where another
    seat holds other secrets, the same move gives the same events — unless the move reveals
    that secret (then the public view after it differs too)."""
    perturb = perturber(game)
    for owner in range(seats):
        if owner == actor:
            continue  # a seat's own move may show its own secret
        twin = perturb(state, owner, copy.deepcopy(rng))
        if twin is state:
            continue
        after, _ = game.rules.apply(state, actor, action, copy.deepcopy(rng))
        twin_after, twin_events = game.rules.apply(twin, actor, action, copy.deepcopy(rng))
        revealed = without_commitments(game.rules.public_view(after)) != without_commitments(
            game.rules.public_view(twin_after)
        )
        if not revealed:
            assert without_commitments(twin_events) == without_commitments(events), (
                f"the events of seat {actor}'s {action} show seat {owner}'s secret"
            )


def check_declarations(game: Game) -> None:
    """The game's identity, then each of its two parts on its own."""
    assert game.name and game.command
    assert game.command.replace("_", "").isalnum() and game.command.islower()
    check_rules_declarations(game.rules)
    check_presentation_declarations(game.presentation, game.rules)


def check_overrides(part: Rules | Presentation, base: type) -> None:
    """Every name a game's class adds is one its base declares: a misspelt override would
    never be called, and the platform would quietly use the default."""
    declared = set(dir(base)) | set(getattr(base, "__annotations__", {}))
    for cls in type(part).__mro__:
        if cls is base or not issubclass(cls, base):
            continue
        unknown = {n for n in vars(cls) if not n.startswith("_")} - declared
        assert not unknown, (
            f"{cls.__name__} defines {sorted(unknown)}, which {base.__name__} never asks for"
        )


def check_rules_declarations(rules: Rules) -> None:
    check_overrides(rules, Rules)
    assert rules.dynamics in (SEQUENTIAL, SIMULTANEOUS)
    assert 1 <= rules.min_seats <= rules.max_seats
    assert rules.presets
    assert all(isinstance(rules.normalize_settings(p), dict) for p in rules.presets.values())
    for counter in rules.stats_counters:
        assert counter.key not in ("games", "wins") and counter.label
    check_event_fields(rules.event_fields)


def check_event_fields(event_fields: Mapping[str, tuple[str, ...]]) -> None:
    """Each logged event type has a code of its own, none of them a table event's code, and
    no game event takes the name of a table event (tables.engine.codec keeps both in one log)."""
    codes = [spec[0] for spec in event_fields.values()]
    assert all(codes), "every event code is a short text"
    assert len(codes) == len(set(codes)), "event codes must be unique"
    table_codes = {spec[0] for spec in TABLE_EVENT_FIELDS.values()}
    assert not table_codes & set(codes), (
        f"event codes taken by the table: {table_codes & set(codes)}"
    )
    assert not set(TABLE_EVENT_FIELDS) & set(event_fields), "a game event named as a table event"


def check_presentation_declarations(presentation: Presentation, rules: Rules) -> None:
    check_overrides(presentation, Presentation)
    assert presentation.title and presentation.summary
    assert set(presentation.preset_labels) == set(rules.presets)
    assert set(presentation.preset_descriptions) <= set(rules.presets)
    if presentation.play_label:
        assert presentation.hand_play_message, "an inline play must leave a neutral line"
    if presentation.web_assets is not None:
        assert (presentation.web_assets / "render.js").is_file()
    for preset in rules.presets.values():
        assert presentation.describe_rules(rules.normalize_settings(preset))
    check_step_declarations(presentation)


def check_position(game: Game, state: Any, seats: int, rng: Rng) -> None:
    """One position, by the rules and as the presentation shows it."""
    check_rules_position(game.rules, state, seats)
    check_presentation_position(game, state, seats)
    check_no_leak(game, state, seats, rng)
    check_canonical_actions(game, state, seats, rng)


def check_rules_position(rules: Rules, state: Any, seats: int) -> None:
    """Round trip, who may act, scopes, public actions from public information, views."""
    data = rules.dump(state)
    assert json.loads(json.dumps(data)) == data, "state must be plain JSON data"
    assert rules.dump(rules.load(json.loads(json.dumps(data)))) == data
    acting = rules.to_act(state)
    assert rules.is_over(state) == (not acting)
    public = rules.public_view(state)
    json.dumps(public)
    for seat in range(seats):
        legal = rules.legal_actions(state, seat)
        if seat not in acting:
            assert legal == [], f"seat {seat} is not to act but has {legal}"
        else:
            assert legal, f"seat {seat} is to act but has nothing to do"
        for action in legal:
            assert len(action) <= MAX_ACTION_LENGTH and set(action) <= ACTION_CHARS, action
            assert rules.action_scope(action) in (PUBLIC, PRIVATE)
        public_part = [a for a in legal if rules.action_scope(a) == PUBLIC]
        assert rules.public_actions(public, seat) == public_part
        view = rules.view(state, seat)
        json.dumps(view)
        assert view["legal_actions"] == legal


def check_presentation_position(game: Game, state: Any, seats: int) -> None:
    """Badges, status, buttons for exactly the public actions, the private payload matching
    the private actions, and the hand offered whenever there is one to play from."""
    rules, presentation = game.rules, game.presentation
    public = rules.public_view(state)
    names = [f"P{seat}" for seat in range(seats)]
    assert len(presentation.seat_badges(public)) == seats
    assert presentation.describe_status(public, names)
    for seat in range(seats):
        legal = rules.legal_actions(state, seat)
        public_part = rules.public_actions(public, seat)
        rows = presentation.action_rows(public_part)
        assert [action for row in rows for action in row] == public_part
        for action in public_part:
            assert isinstance(presentation.action_label(action), Text)
        check_steps(presentation, public_part)
        view = rules.view(state, seat)
        info = presentation.private_info(view)
        private_part = {a for a in legal if rules.action_scope(a) == PRIVATE}
        if info is not None:
            ids = [item.id for item in info.items]
            assert len(ids) == len(set(ids))
            playable = {item.action for item in info.items if item.selectable}
            assert playable == private_part, (playable, private_part)
            for item in info.items:
                assert item.selectable == (item.action in private_part)
                assert item.selectable or item.reason is not None or item.action is None
        else:
            assert not private_part
        if private_part:
            assert presentation.plays_privately(public, seat), "the group must offer the hand"
    # The group's keyboard offers every acting seat's public actions at once (seats deciding
    # the same question share them): that keyboard keeps the limits too.
    shared: dict[str, None] = {}
    for seat in rules.to_act(state):
        shared.update(dict.fromkeys(rules.public_actions(public, seat)))
    check_steps(presentation, list(shared))


def check_story(presentation: Presentation, events: list[dict], seats: int) -> None:
    """A change's events in words: story and log lines are Texts, every proof holds."""
    names = [f"P{seat}" for seat in range(seats)]
    for line in [
        *presentation.describe_events(events, names),
        *presentation.describe_log(events, names),
    ]:
        assert isinstance(line, Text)
    for text, digest in presentation.proofs(events):
        assert sha256_hex(text) == digest, "a revealed preimage does not match its commitment"


def spellings(action: str) -> list[str]:
    """Other spellings of ``action`` that a forged request might send: each number in it with
    a leading zero ("bid:1" -> "bid:01"), and the action with a trailing "0" or "-"."""
    numbers = [match.start() for match in re.finditer(r"\d+", action)]
    return [action[:at] + "0" + action[at:] for at in numbers] + [action + "0", action + "-"]


def check_canonical_actions(game: Game, state: Any, seats: int, rng: Rng) -> None:
    """The rules take exactly the action strings ``legal_actions`` lists: another spelling of
    a legal action is refused (a ``GameError``), never read as the same move."""
    for seat in game.rules.to_act(state):
        legal = set(game.rules.legal_actions(state, seat))
        for action in sorted(legal):
            for other in spellings(action):
                if other in legal:
                    continue
                try:
                    game.rules.apply(state, seat, other, copy.deepcopy(rng))
                except GameError:
                    continue
                raise AssertionError(f"{other!r} was taken as a move (legal: {action!r})")


COMMITMENT_KEYS = frozenset({"commitment", "commitments", "salt", "salts"})


def without_commitments(data: Any) -> Any:
    """``data`` without the values named ``commitment(s)`` or ``salt(s)``: a salted hash is the
    one public value made from a secret, and tells nothing about it; its salt only guards the
    hash, and is published (with the secret) when the secret is revealed."""
    if isinstance(data, dict):
        return {
            key: without_commitments(value)
            for key, value in data.items()
            if key not in COMMITMENT_KEYS
        }
    if isinstance(data, list):
        return [without_commitments(value) for value in data]
    return data


def check_no_leak(game: Game, state: Any, seats: int, rng: Rng) -> None:
    """Change one seat's secrets: nothing anybody else may see changes."""
    perturb = perturber(game)
    for owner in range(seats):
        twin = perturb(state, owner, rng)
        public = without_commitments(game.rules.public_view(state))
        assert without_commitments(game.rules.public_view(twin)) == public, "public view leaks"
        for other in range(seats):
            if other != owner:
                assert without_commitments(game.rules.view(twin, other)) == without_commitments(
                    game.rules.view(state, other)
                ), f"seat {other}'s view shows seat {owner}'s secret"
                assert game.rules.decision(twin, other) == game.rules.decision(state, other)


def check_sealed_proofs(game: Game, state: Any) -> None:
    """What a replay reveals once the game is over: each hidden value's preimage hashes to
    its commitment, and that commitment is one the table shows now (in the public view)."""
    public = json.dumps(game.rules.public_view(state))
    for text, digest in game.rules.sealed_proofs(state):
        assert sha256_hex(text) == digest, "a sealed preimage does not match its commitment"
        assert game.rules.is_over(state) or digest in public, "a sealed commitment nobody was shown"


def check_random_game(game: Game, seed: int, seats: int | None = None) -> None:
    rng = DeterministicRng(f"contract-{seed}")
    seats = seats or game.rules.min_seats + rng.randbelow(
        game.rules.max_seats - game.rules.min_seats + 1
    )
    settings = game.rules.normalize_settings(random_settings(game, rng))
    final = None
    for before, kind, seat, action, after, events in random_moves(game, settings, seats, seed):
        json.dumps(events)
        for event in events:
            assert isinstance(event.get("type"), str)
        if before is not None and kind in ("move", "cpu"):
            assert game.rules.decision(before, seat) is not None
            assert action in game.rules.legal_actions(before, seat)
        check_position(game, after, seats, rng)
        check_story(game.presentation, events, seats)
        check_sealed_proofs(game, after)
        final = after
    assert final is not None and game.rules.is_over(final)
    ranking = game.rules.ranking(final)
    assert sorted(ranking) == list(range(seats)), "the ranking names every seat once"
    places = game.rules.places(final)
    assert len(places) == seats and places[0] == 1 and places == sorted(places)
    stats = game.rules.final_stats(final)
    assert len(stats) == seats
    keys = {counter.key for counter in game.rules.stats_counters}
    assert all(set(per_seat) <= keys for per_seat in stats)
