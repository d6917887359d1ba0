"""The game in play at one table: its definition and its state, loaded once per change.

A table holds its game's state as plain data. Every reader used to look the game up and
load that data again; the match does both once and keeps the loaded state until the table's
state is replaced (a new game, a move). Tables, the bot and the web app ask the match.
A move is judged before it is applied: an action outside the seat's legal actions never
reaches the game's ``apply`` as a move (only to hear the game's own words for the refusal).
"""

from __future__ import annotations

from typing import Any, Protocol

from games.base import JSON, Action, Event
from games.errors import IllegalAction
from games.game import Game
from games.presentation_protocol import Presentation
from games.registry import get_game
from games.rng import Rng
from games.rules_protocol import Rules
from tables.fairness import seal
from tables.table.errors import NotPlaying
from tables.table.status import FINISHED


class Holder(Protocol):
    """What the match needs of its table (tables.table.model.Table)."""

    game: str
    state: JSON | None
    status: str


class Match:
    """One table's game: ``rules`` and ``presentation``, and the state loaded from the table."""

    def __init__(self, table: Holder) -> None:
        self.table = table
        self.game: Game = get_game(table.game)
        self.rules: Rules = self.game.rules
        self.presentation: Presentation = self.game.presentation
        self._source: JSON | None = None  # the table's state that ``_state`` was loaded from
        self._state: Any = None

    @property
    def playing(self) -> bool:
        """Whether the table has a game state (running or just finished)."""
        return self.table.state is not None

    @property
    def state(self) -> Any:
        """The loaded state; loaded again only when the table's state was replaced."""
        data = self.table.state
        if data is None:
            raise NotPlaying("no game is running at this table")
        if data is not self._source:
            self._state, self._source = self.rules.load(data), data
        return self._state

    def to_act(self) -> list[int]:
        return self.rules.to_act(self.state)

    def legal(self, seat: int) -> list[Action]:
        return self.rules.legal_actions(self.state, seat)

    def decision(self, seat: int) -> int:
        """The decision token ``seat`` acts on now."""
        return self.rules.decision(self.state, seat)

    def view(self, seat: int) -> JSON:
        """What ``seat`` may see: its own secrets, nobody else's."""
        return self.rules.view(self.state, seat)

    def public_view(self) -> JSON:
        return self.rules.public_view(self.state)

    def is_over(self) -> bool:
        return self.rules.is_over(self.state)

    def places(self) -> list[tuple[int, int]]:
        """(seat, place) from first to last, ties where the game has them."""
        return list(
            zip(self.rules.ranking(self.state), self.rules.places(self.state), strict=False)
        )

    def final_stats(self) -> list[dict[str, int]]:
        return self.rules.final_stats(self.state)

    def choice_is_shared(self) -> bool:
        return self.rules.choice_is_shared(self.state)

    def dump(self) -> JSON:
        return self.rules.dump(self.state)

    def begin(self, settings: JSON, seats: int, rng: Rng, game_id: str) -> list[Event]:
        """A new game: the game deals it, the table keeps it."""
        dealer = seal.rng_for(rng, seal.NEW)
        return self._store(*self.rules.new_game(settings, seats, dealer, game_id))

    def apply(self, seat: int, action: Action, rng: Rng) -> list[Event]:
        """``seat`` plays ``action``, judged against its legal actions first."""
        if action not in self.legal(seat):  # "bid:01" is not "bid:1", whatever the parser thinks
            self._refuse(seat, action, rng)
        played = seal.rng_for(rng, seal.MOVE, seat, action)
        return self._store(*self.rules.apply(self.state, seat, action, played))

    def timeout(self, seat: int, rng: Rng) -> list[Event]:
        """The game's own answer to a seat whose clock ran out."""
        played = seal.rng_for(rng, seal.TIMEOUT, seat)
        return self._store(*self.rules.timeout(self.state, seat, played))

    def resign(self, seat: int, rng: Rng) -> list[Event]:
        """The game's own answer to a seat whose person left."""
        played = seal.rng_for(rng, seal.RESIGN, seat)
        return self._store(*self.rules.resign(self.state, seat, played))

    def _refuse(self, seat: int, action: Action, rng: Rng) -> None:
        """Raise the game's own refusal if it has one (on a fresh copy), else ours."""
        fresh = self.rules.load(self.table.state or {})
        self.rules.apply(fresh, seat, action, seal.rng_for(rng, seal.MOVE, seat, action))
        raise IllegalAction(f"{action!r} is not one of the seat's legal actions")

    def _store(self, state: Any, events: list[Event]) -> list[Event]:
        """The new state goes back to the table, and stays loaded here."""
        self.table.state = self.rules.dump(state)
        self._state, self._source = state, self.table.state
        if self.rules.is_over(state):
            self.table.status = FINISHED
        return events
