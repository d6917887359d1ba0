"""The rules protocol: what a game's rules offer the tables, as pure functions of plain data.

A game is its rules and its presentation (:mod:`games.presentation_protocol`), held apart the
way OpenSpiel holds a game apart from its observer: the tables play a game through
:class:`Rules` alone, and only front doors ask the presentation for words and buttons. A
game fills in one ``Rules`` with its own functions (no method of its own forwards to them);
the optional ones have the defaults below. Conventions every game keeps:

* A seat is an index ``0 .. seats-1`` in turn order.
* **Who acts.** ``to_act(state)`` lists every seat the game waits for (empty once the game is
  over). ``dynamics`` says whether that is ``SEQUENTIAL`` (one seat at a time) or
  ``SIMULTANEOUS`` (several seats may decide at once, like hidden bids). Every seat in
  ``to_act`` may act, in any order.
* **Decision tokens.** ``decision(state, seat)`` is a number that changes whenever *that
  seat's* decision moves on (its turn passed, a new bid round began). A move carries the
  token its player saw; the table refuses it as stale only when the token has changed, so two
  bids made at the same moment both apply, while a double tap or an old button applies at
  most once. Seats deciding the same question at once share a token (the group's buttons
  carry one).
* **Actions** are short strings (``"challenge"``, ``"bid:3"``, ``"play:qh"``; lower-case
  letters, digits and ``_:,.-``, at most :data:`games.base.MAX_ACTION_LENGTH`) that travel
  unchanged in callback data, JSON bodies and logs; ``legal_actions`` lists exactly the
  allowed ones. Each action has a **scope**: ``PUBLIC`` actions are the same buttons for
  everyone and go on the group message; ``PRIVATE`` ones (playing a card from a hidden hand)
  appear only in their owner's view (the Mini App, inline mode). ``public_actions(public_view,
  seat)`` must equal the public part of ``legal_actions``: what the group sees is computed
  from public information alone, so it cannot depend on a hidden value. A choice that
  stays hidden until all are in (``choice_hidden``), or that several seats make at once, is
  never narrowed where others see it: its steps open only on a private surface.
* **State** is a game-specific dataclass; ``dump``/``load`` turn it into plain JSON data and
  back, which is what the table layer stores. Rules never mutate their input and take every
  random draw from the ``rng`` they are given (a replay runs them again from the draws).
* **Events** are plain dicts with a ``type`` and only public information. Hidden values never
  appear in an event until the rules reveal them. Three event types are shared by every game
  and worded once outside ``games/``: ``{"type": "timed_out", "seat"}``, ``{"type":
  "resigned", "seat"}`` and ``{"type": "game_over", "ranking", "places"}``. ``event_fields``
  says how each is stored compactly in the log (a short code, then its fields: see
  tables.engine.codec, whose own codes a game's may not take).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.base import (
    EXPERT,
    HARD,
    JSON,
    PUBLIC,
    SEQUENTIAL,
    Action,
    Event,
    SettingSpec,
    StatCounter,
)
from games.errors import InvalidSettings
from games.rng import Rng
from games.think import Budget

Change = tuple[Any, list[Event]]  # the state after a change, and the events it made


def everything_public(action: Action) -> str:
    """The default scope: every action is a button on the group message."""
    return PUBLIC


def made_in_the_open(public_view: JSON) -> bool:
    """The default: no choice is hidden while it is made."""
    return False


def nothing_sealed(state: Any) -> list[tuple[str, str]]:
    """The default for a game that commits to no hidden value."""
    return []


@dataclass(frozen=True, eq=False, repr=False)
class Rules:
    """A game's rules, as the tables use them. Every function is pure (no Redis, Telegram or
    clock); ``state`` is the game's own dataclass, views and events plain JSON data."""

    min_seats: int
    max_seats: int
    presets: Mapping[str, JSON]  # name -> settings; the first is the default
    # (settings, seats, rng, game_id) -> the first state and its events
    new_game: Callable[[JSON, int, Rng, str], Change]
    dump: Callable[[Any], JSON]
    load: Callable[[JSON], Any]
    # Seats the game is waiting for (empty when over). Every one of them may act.
    to_act: Callable[[Any], list[int]]
    # (state, seat) -> the seat's decision token (see the module docstring)
    decision: Callable[[Any, int], int]
    # (state, seat) -> exactly the actions the seat may take now (empty when not to act)
    legal_actions: Callable[[Any, int], list[Action]]
    # (public view, seat) -> the public part of legal_actions, from public information alone
    public_actions: Callable[[JSON, int], list[Action]]
    # (state, seat, action, rng): a legal action applied; a GameError otherwise
    apply: Callable[[Any, int, Action, Rng], Change]
    # (state, seat, rng): the seat let its turn timer run out
    timeout: Callable[[Any, int, Rng], Change]
    # (state, seat, rng): the seat leaves a running game; the game goes on without it
    resign: Callable[[Any, int, Rng], Change]
    # (state, seat) -> the public view plus that seat's own secrets, with "seat" and
    # "legal_actions" filled in
    view: Callable[[Any, int], JSON]
    # state -> what anyone watching the table may know
    public_view: Callable[[Any], JSON]
    # Seats from first to last place (complete only when the game is over).
    ranking: Callable[[Any], list[int]]
    # (the seat's own view, level, rng) -> a CPU's choice: it cannot see more than its seat
    cpu_action: Callable[[JSON, str, Rng], Action]

    dynamics: str = SEQUENTIAL
    settings_specs: tuple[SettingSpec, ...] = ()
    event_fields: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    unlogged_events: frozenset[str] = frozenset()  # events the log never keeps
    stats_counters: tuple[StatCounter, ...] = ()  # "games" and "wins" are kept for every game
    # action -> PUBLIC (a group button) or PRIVATE (only in its owner's view)
    action_scope: Callable[[Action], str] = everything_public
    # The place (1 = first) of each seat in ranking order; equal places share a rank.
    # Default: nobody ties.
    places: Callable[[Any], list[int]] = None  # type: ignore[assignment]
    # Per seat, the game's own stats_counters, read when the game is over. Default: none.
    final_stats: Callable[[Any], list[dict[str, int]]] = None  # type: ignore[assignment]
    # ``(preimage, commitment)`` of every hidden value the table shows a commitment to right
    # now, revealed or not (Mia's dice under the cup, each seat's dealt dice, the deck). Never
    # shown while the game runs: a finished game's replay shows each one at the step it was
    # made, and the page checks it.
    sealed_proofs: Callable[[Any], list[tuple[str, str]]] = nothing_sealed
    # public view -> whether the choice being made now stays hidden from the others until it
    # is revealed (bids made in secret). The contract test finds a choice that others cannot
    # tell apart once it is made and not declared here. Default: every choice is open.
    choice_hidden: Callable[[JSON], bool] = made_in_the_open
    # (the seat's own view, rng, budget) -> the "expert" level's choice, thought within the
    # budget (games.think). A game without one plays its "hard" level for "expert".
    cpu_expert: Callable[[JSON, Rng, Budget], Action] | None = None

    def __post_init__(self) -> None:
        if self.places is None:
            object.__setattr__(self, "places", self._nobody_ties)
        if self.final_stats is None:
            object.__setattr__(self, "final_stats", self._no_stats)

    def _nobody_ties(self, state: Any) -> list[int]:
        return list(range(1, len(self.ranking(state)) + 1))

    def _no_stats(self, state: Any) -> list[dict[str, int]]:
        return [{} for _ in self.ranking(state)]

    def choice_is_shared(self, state: Any) -> bool:
        """Whether the choice being made now may be narrowed where others see it (a step on
        the group's one keyboard): only a choice one seat makes in the open. A step opened
        there shows everyone what its opener is choosing; a hidden choice, or one several
        seats make at once, opens its steps only where one person looks."""
        acting = self.to_act(state)
        return len(acting) <= 1 and not self.choice_hidden(self.public_view(state))

    def cpu_choice(self, view: JSON, level: str, rng: Rng, budget: Budget) -> Action:
        """A CPU's choice at any level: only the expert spends the budget."""
        if level != EXPERT:
            return self.cpu_action(view, level, rng)
        if self.cpu_expert is None:
            return self.cpu_action(view, HARD, rng)
        return self.cpu_expert(view, rng, budget)

    def is_over(self, state: Any) -> bool:
        """Whether the game has ended: nobody is waited for any more."""
        return not self.to_act(state)

    # --- settings ------------------------------------------------------------------------

    @property
    def default_preset(self) -> str:
        return next(iter(self.presets))

    def normalize_settings(self, settings: JSON) -> JSON:
        """Defaults filled in from the default (first) preset; every value checked against
        its choices. Raises ``InvalidSettings`` on an unknown key or a value not offered."""
        known = {spec.key: spec for spec in self.settings_specs}
        unknown = set(settings) - set(known)
        if unknown:
            raise InvalidSettings(f"unknown settings: {sorted(unknown)}")
        result = dict(self.presets[self.default_preset])
        for key, value in settings.items():
            # bool is an int in Python; keep True from passing as 1 (and 1 as True).
            if not any(value == c and type(value) is type(c) for c in known[key].choices):
                raise InvalidSettings(f"{key}={value!r} is not one of {known[key].choices}")
            result[key] = value
        return result

    def preset_of(self, settings: JSON) -> str | None:
        """The preset these settings equal, or None when changed from every preset."""
        normalized = self.normalize_settings(settings)
        for name, preset in self.presets.items():
            if self.normalize_settings(preset) == normalized:
                return name
        return None
