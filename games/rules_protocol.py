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

from abc import ABC, abstractmethod
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar

from games.analysis import Judgement
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
    check_declared,
)
from games.errors import GameOver, InvalidSettings, NotYourTurn
from games.rng import Rng
from games.think import Budget, forced

Change = tuple[Any, list[Event]]  # the state after a change, and the events it made


class Rules(ABC):
    """A game's rules, as the tables use them.

    Every method is pure: no Redis, Telegram or clock. ``state`` is the game's own dataclass;
    views and events are plain JSON data. A game declares the class attributes without a
    default and overrides the abstract methods; the rest it overrides only to differ.
    """

    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    presets: ClassVar[Mapping[str, JSON]]  # name -> settings; the first is the default
    dynamics: ClassVar[str] = SEQUENTIAL
    settings_specs: ClassVar[tuple[SettingSpec, ...]] = ()
    # event type -> its short code, then its fields, as the log stores it (tables.engine.codec)
    event_fields: ClassVar[Mapping[str, tuple[str, ...]]] = MappingProxyType({})
    unlogged_events: ClassVar[frozenset[str]] = frozenset()  # events the log never keeps
    stats_counters: ClassVar[tuple[StatCounter, ...]] = ()  # "games" and "wins" are kept always
    # A dataclass with to_dict() and from_dict(): then dump and load need no code of their own.
    state_class: ClassVar[Any] = None
    timeout_level: ClassVar[str] = "normal"  # the CPU level that plays a timed-out turn

    def __init__(self) -> None:
        check_declared(self, Rules)

    # --- what every game writes ----------------------------------------------------------

    @abstractmethod
    def new_game(self, settings: JSON, seats: int, rng: Rng, game_id: str = "") -> Change:
        """The first state and its events."""

    @abstractmethod
    def to_act(self, state: Any) -> list[int]:
        """Seats the game is waiting for (empty when over). Every one of them may act."""

    @abstractmethod
    def decision(self, state: Any, seat: int) -> int:
        """The seat's decision token (see the module docstring)."""

    @abstractmethod
    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """Exactly the actions the seat may take now (empty when it is not to act)."""

    @abstractmethod
    def public_actions(self, public_view: JSON, seat: int) -> list[Action]:
        """The public part of legal_actions, from public information alone."""

    @abstractmethod
    def apply(self, state: Any, seat: int, action: Action, rng: Rng) -> Change:
        """A legal action applied; a GameError otherwise."""

    @abstractmethod
    def resign(self, state: Any, seat: int, rng: Rng) -> Change:
        """The seat leaves a running game; the game goes on without it."""

    @abstractmethod
    def public_view(self, state: Any) -> JSON:
        """What anyone watching the table may know."""

    @abstractmethod
    def ranking(self, state: Any) -> list[int]:
        """Seats from first to last place (complete only when the game is over)."""

    # --- defaults a game overrides to differ ---------------------------------------------

    def dump(self, state: Any) -> JSON:
        """The state as plain JSON data, which is what the table stores."""
        return state.to_dict()

    def load(self, data: JSON) -> Any:
        """The state back from what ``dump`` made."""
        return self.state_class.from_dict(data)

    def secrets(self, state: Any, seat: int) -> JSON:
        """What this seat alone may know, added to the public view in ``view``."""
        return {}

    def view(self, state: Any, seat: int) -> JSON:
        """The public view plus the seat's own secrets, with its legal actions."""
        return {
            **self.public_view(state),
            "seat": seat,
            **self.secrets(state, seat),
            "legal_actions": self.legal_actions(state, seat),
        }

    def timeout(self, state: Any, seat: int, rng: Rng) -> Change:
        """The seat let its timer run out: the table plays a ``timeout_level`` CPU's choice."""
        if self.is_over(state):
            raise GameOver("the game is over")
        if seat not in self.to_act(state):
            raise NotYourTurn("this seat is not being waited for")
        action = self.cpu_action(self.view(state, seat), self.timeout_level, rng)
        state, events = self.apply(state, seat, action, rng)
        return state, [{"type": "timed_out", "seat": seat}, *events]

    def cpu_action(self, view: JSON, level: str, rng: Rng) -> Action:
        """A CPU's choice from the seat's own view: by default any legal action."""
        only = forced(view)
        if only is not None:
            return only
        legal = view["legal_actions"]
        return legal[rng.randbelow(len(legal))]

    def cpu_expert(self, view: JSON, rng: Rng, budget: Budget) -> Action:
        """The "expert" level's choice, thought within the budget (games.think).

        A game without an expert of its own plays its "hard" level.
        """
        return self.cpu_action(view, HARD, rng)

    def analyse(self, view: JSON, action: Action, rng: Rng) -> Judgement | None:
        """What the game's engine thinks of ``action``, chosen in this seat's ``view``.

        Asked after the game, once per decision of a person (tables.fairness.analysis). It
        sees the decider's view alone, like a CPU. None: the game judges no such decision.
        """
        return None

    def action_scope(self, action: Action) -> str:
        """PUBLIC (a group button) or PRIVATE (only in its owner's view): all public."""
        return PUBLIC

    def places(self, state: Any) -> list[int]:
        """The place (1 = first) of each seat in ranking order: by default nobody ties."""
        return list(range(1, len(self.ranking(state)) + 1))

    def final_stats(self, state: Any) -> list[dict[str, int]]:
        """Per seat, the game's own stats_counters, read when the game is over."""
        return [{} for _ in self.ranking(state)]

    def sealed_proofs(self, state: Any) -> list[tuple[str, str]]:
        """``(preimage, commitment)`` of every hidden value the table has committed to.

        They are never shown while the game runs. A finished game's replay shows each one at
        the step it was made, and the page checks it. Default: the game commits to nothing.
        """
        return []

    def choice_hidden(self, public_view: JSON) -> bool:
        """Whether the choice made now stays hidden until it is revealed (secret bids).

        The contract test finds a choice others cannot tell apart and not declared here.
        """
        return False

    # --- what the platform derives -------------------------------------------------------

    def choice_is_shared(self, state: Any) -> bool:
        """Whether the choice made now may be narrowed where others see it.

        Only a choice one seat makes in the open may open a step on the group's keyboard.
        A hidden choice, or one several seats make at once, opens its steps privately.
        """
        acting = self.to_act(state)
        return len(acting) <= 1 and not self.choice_hidden(self.public_view(state))

    def cpu_choice(self, view: JSON, level: str, rng: Rng, budget: Budget) -> Action:
        """A CPU's choice at any level: only the expert spends the budget, and nobody thinks
        about a move that is not a choice (games.think.forced)."""
        only = forced(view)
        if only is not None:
            return only
        if level == EXPERT:
            return self.cpu_expert(view, rng, budget)
        return self.cpu_action(view, level, rng)

    def check_seats(self, seats: int) -> None:
        """Refuse a table of too few or too many seats before anything is dealt (new_game)."""
        if not self.min_seats <= seats <= self.max_seats:
            raise InvalidSettings(
                f"this game needs {self.min_seats} to {self.max_seats} seats, not {seats}"
            )

    def is_over(self, state: Any) -> bool:
        """Whether the game has ended: nobody is waited for any more."""
        return not self.to_act(state)

    @property
    def default_preset(self) -> str:
        return next(iter(self.presets))

    def normalize_settings(self, settings: JSON) -> JSON:
        """Defaults filled in from the default (first) preset; every value checked.

        Raises ``InvalidSettings`` on an unknown key or a value not offered.
        """
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
