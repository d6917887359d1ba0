"""A table as plain data: where it is, who sits at it, its settings and its game state."""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from typing import Any

from tables.table.match import Match
from tables.table.options import DEFAULT_OPTIONS
from tables.table.status import CANCELLED as CANCELLED
from tables.table.status import CLOSED_STATUSES as CLOSED_STATUSES
from tables.table.status import EXPIRED as EXPIRED
from tables.table.status import FINISHED as FINISHED
from tables.table.status import LOBBY as LOBBY
from tables.table.status import PLAYING as PLAYING


@dataclass(frozen=True)
class ChatRef:
    """A chat, or one topic of a forum group: each has at most one open table."""

    chat_id: int
    thread_id: int | None = None

    @property
    def key_part(self) -> str:
        return f"{self.chat_id}:{self.thread_id or 0}"


@dataclass
class Seat:
    """A person (``user_id``) or a CPU opponent (``cpu`` = its level, ``user_id`` None)."""

    name: str
    user_id: int | None = None
    cpu: str | None = None
    language: str | None = None

    @property
    def is_cpu(self) -> bool:
        return self.cpu is not None


@dataclass
class Table:
    id: str
    game: str
    chat_id: int
    thread_id: int | None
    creator_id: int
    settings: dict[str, Any]
    seats: list[Seat] = field(default_factory=list)
    status: str = LOBBY
    state: dict[str, Any] | None = None
    created_at: float = 0.0
    updated_at: float = 0.0
    deadline: float | None = None
    deadline_kind: str | None = None  # what the earliest deadline does (tables.table.deadlines)
    game_no: int = 0
    language: str = "en"
    panel: str = "main"  # which lobby panel the table message shows: main or settings
    options: dict[str, Any] = field(default_factory=dict)  # turn timer, CPU pace
    # Per seat that must act: {"d": its decision token, "t": when that decision began (its
    # turn timer counts from here), "r": 1 once the half-time reminder was shown, "n": 1 once
    # its person got their private reminder (long turn timers)}.
    turns: dict[str, dict[str, Any]] = field(default_factory=dict)
    timeouts: dict[str, int] = field(default_factory=dict)  # seat -> timeouts in a row
    autopilot: list[int] = field(default_factory=list)  # seats a CPU plays for absent people
    left: list[int] = field(default_factory=list)  # seats whose person left a running game
    # Seat -> moves its person made themselves this game (a CPU's or a timeout's are not):
    # whether the game was played, for its ratings and counts (tables.profiles.ratings).
    moved: dict[str, int] = field(default_factory=dict)
    tutorial: bool = False  # a guided game: hints shown, never counted in stats
    # The rating outcome of the last finished game, decided by the change that finished it
    # (tables.profiles.ratings): each person's rating before and after.
    rating: dict[str, Any] | None = None
    # The key the game's salts are derived from (tables.fairness.salts): as secret as its hidden
    # values, kept with the final table for the replay.
    salt_key: str | None = None
    version: int = 0  # kept in its own Redis field; filled in on load

    @property
    def chat(self) -> ChatRef:
        return ChatRef(self.chat_id, self.thread_id)

    @property
    def is_open(self) -> bool:
        return self.status not in CLOSED_STATUSES

    def played_by_cpu(self, seat: int) -> bool:
        """A CPU seat, a stand-in for an absent person, or the seat of someone who left."""
        return self.seats[seat].is_cpu or seat in self.autopilot or seat in self.left

    def took_part(self, seat: int) -> bool:
        """Whether the seat's person played this game: they stayed, or moved before leaving.
        A seat a CPU played from the start because its person had left is no game of theirs."""
        return seat not in self.left or self.moved.get(str(seat), 0) > 0

    @property
    def game_id(self) -> str:
        """Identifies one game at this table (rematches get a new one) in its commitments."""
        return f"{self.id}.{self.game_no}"

    def option(self, key: str) -> Any:
        return self.options.get(key, DEFAULT_OPTIONS[key])

    def display_names(self) -> list[str]:
        """Seat names as people see them: CPU opponents marked with a robot."""
        return [f"🤖 {seat.name}" if seat.is_cpu else seat.name for seat in self.seats]

    def match(self) -> Match:
        """The game in play here, its state loaded once until the state changes."""
        held = self.__dict__.get("_match")
        if held is None:
            held = self.__dict__["_match"] = Match(self)
        return held

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the Redis document: fields still at their defaults are left out
        (the version lives in its own field)."""
        data = {
            name: value
            for name, value in self.__dict__.items()
            if name not in _NOT_STORED and not (name in _DEFAULTS and value == _DEFAULTS[name])
        }
        data["seats"] = [
            {key: value for key, value in seat.__dict__.items() if value is not None}
            for seat in self.seats
        ]
        return data

    def clone(self) -> Table:
        """A copy a change may modify freely: the containers changes mutate in place are
        copied; the rest (settings, options, state, each Seat) is only ever replaced."""
        twin = object.__new__(Table)
        twin.__dict__.update(self.__dict__)
        twin.__dict__.pop("_match", None)  # the match belongs to its own table
        twin.seats = list(self.seats)
        twin.timeouts = dict(self.timeouts)
        twin.autopilot = list(self.autopilot)
        twin.left = list(self.left)
        twin.moved = dict(self.moved)
        twin.turns = dict(self.turns)
        return twin

    @classmethod
    def from_dict(cls, data: dict[str, Any], version: int) -> Table:
        data = dict(data)
        for retired in ("turn_started", "reminded"):  # one turn per table, before per seat
            data.pop(retired, None)
        data["seats"] = [Seat(**seat) for seat in data.get("seats", [])]
        return cls(**data, version=version)


_NOT_STORED = frozenset({"version", "_match"})  # its own Redis field; the match in memory
_DEFAULTS: dict[str, Any] = {
    f.name: f.default if f.default is not MISSING else f.default_factory()  # type: ignore[misc]
    for f in fields(Table)
    if f.default is not MISSING or f.default_factory is not MISSING
}
