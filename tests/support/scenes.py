"""Scripted games for the page's browser tests, its bench and its screenshots.

A :class:`Script` is a table of any game with one or more people and some CPUs, played move by
move through the real store: people move by a policy (by default as a CPU of some level
would), CPUs when the clock passes their pace, exactly as the ticker would fire them.
:func:`scene` plays a fresh table up to a named state a player would look at: ``lobby``,
``turn`` (your move, with secrets of yours to look at), ``reveal`` (a reveal or result that
concerns you), ``out`` (you are out while the game goes on), ``over``.

A game says how to reach its scenes in ``tests/games/<name>/scenes.py`` (found by the game's
name, as its ``hidden.py`` is), every part optional: ``SET_UP`` (the :class:`Script`'s
keywords: CPU levels, a preset, settings), ``concerns(event, seat)`` (a story event that
concerns that seat) and ``out(script)`` (play a started script until its first person is out
while the game goes on). Without one, a game is played against two normal CPUs, every story
moment concerns you, and you are out once you have left the game.
"""

from __future__ import annotations

import importlib
import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from games.registry import get_game
from games.rng import DeterministicRng
from tables.table import lobby, play
from tables.table.model import PLAYING, ChatRef, Table
from tables.table.store import TableStore
from webapp.payload import latest_story

SCENES = ("lobby", "turn", "reveal", "out", "over")
# Long names on purpose: a page must hold them at 320 px in every language.
NAMES = ("Maximiliane-Alexandra $& Co", "Bartholomäus Wolkenstein", "Chiyo")
MAX_STEPS = 3000
CPU_STEP = 5.0  # seconds the clock moves for a CPU (past any CPU pace, far from idle expiry)

Policy = Callable[["Script", int, dict[str, Any]], str]
_chats = itertools.count(1)  # one open table per chat: each script has a chat of its own


def person(index: int, language: str = "en", names: tuple[str, ...] = NAMES) -> dict[str, Any]:
    """A person of the scripted games (ids above Telegram's, as local people have)."""
    return {"id": 2**52 + 101 + index, "first_name": names[index], "language_code": language}


def like_a_cpu(level: str = "normal") -> Policy:
    def choose(script: Script, seat: int, view: dict[str, Any]) -> str:
        return script.game.rules.cpu_action(view, level, script.rng)

    return choose


@dataclass
class Script:
    store: TableStore
    clock: Any
    game_name: str
    people: int = 1
    cpus: tuple[str, ...] = ("normal", "normal")
    preset: str | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    seed: int = 1
    language: str = "en"
    table_id: str = ""
    names: tuple[str, ...] = NAMES  # the people's names, first the one a test plays as

    def __post_init__(self) -> None:
        self.game = get_game(self.game_name)
        self.rng = DeterministicRng(f"scene-{self.game_name}-{self.seed}".encode())
        self.users = [person(i, self.language, self.names) for i in range(self.people)]
        creator = self.users[0]
        chat = ChatRef(-(2**52) - 1000 - next(_chats))
        opened = self.store.create(
            chat,
            creator["id"],
            creator["first_name"],
            game=self.game_name,
            language=self.language,
            creator_language=self.language,
        )
        self.table_id = opened.table.id

        def set_up(table: Table) -> list[dict[str, Any]]:
            who = creator["id"]
            events = lobby.change_setting(table, who, "turn_timer", 0)
            events += lobby.change_setting(table, who, "cpu_delay", 1)
            if self.preset:
                events += lobby.choose_preset(table, who, self.preset)
            for key, value in self.settings.items():
                events += lobby.change_setting(table, who, key, value)
            for other in self.users[1:]:
                events += lobby.join(table, other["id"], other["first_name"], self.language)
            for level in self.cpus:
                events += lobby.add_cpu(table, who, level)
            return events

        self.store.change(self.table_id, set_up)

    @property
    def table(self) -> Table:
        return self.store.load(self.table_id)

    def start(self) -> None:
        creator = self.users[0]["id"]
        self.store.change(self.table_id, lambda t: lobby.start(t, creator, self.rng))

    def seat_of(self, index: int = 0) -> int:
        seat = self.table.seat_of(self.users[index]["id"])
        assert seat is not None
        return seat

    def state(self) -> Any:
        table = self.table
        assert table.state is not None
        return self.game.rules.load(table.state)

    def step(self, policy: Policy | None = None) -> bool:
        """One change: a person to act moves, else the CPUs' time comes. False once over."""
        table = self.table
        if table.status != PLAYING:
            return False
        state = self.game.rules.load(table.state)
        for seat in self.game.rules.to_act(state):
            user = table.seats[seat].user_id
            if user is None or seat in table.left or seat in table.autopilot:
                continue
            view = self.game.rules.view(state, seat)
            action = (policy or like_a_cpu())(self, seat, view)
            decision = self.game.rules.decision(state, seat)
            self.store.change(
                self.table_id,
                lambda t, user=user, action=action, decision=decision: play.move(
                    t, user, action, self.rng, decision=decision
                ),
            )
            return True
        for _ in range(10):
            self.clock.now += CPU_STEP
            if self.store.fire_deadline(self.table_id) is not None:
                return True
        raise AssertionError("nobody moved")

    def play_until(
        self, done: Callable[[Script], bool], policy: Policy | None = None, limit: int = MAX_STEPS
    ) -> bool:
        for _ in range(limit):
            if done(self):
                return True
            if not self.step(policy):
                return done(self)
        return False

    def moment(self) -> dict[str, Any] | None:
        return latest_story(self.store, self.table, "en")[2]

    def resign(self, index: int = 0) -> None:
        user = self.users[index]["id"]
        self.store.change(self.table_id, lambda t: play.resign(t, user, self.rng))


# --- the states a player looks at ----------------------------------------------------------


def your_turn(script: Script) -> bool:
    table = script.table
    return table.status == PLAYING and script.seat_of() in script.game.rules.to_act(script.state())


def your_turn_in_hand(script: Script) -> bool:
    """Your move, with something of your own hidden to look at (your cup's dice, your hand):
    the ``turn`` scene the page's tests look at, whichever turn a game's draws lead to first."""
    if not your_turn(script):
        return False
    info = script.game.presentation.private_info(
        script.game.rules.view(script.state(), script.seat_of())
    )
    return info is not None and bool(info.items)


def concerns_you(script: Script) -> bool:
    """A reveal or result that concerns the first person (a life lost, a trick taken)."""
    moment = script.moment()
    if moment is None or script.table.status != PLAYING:
        return False
    concerns = getattr(game_scenes(script.game_name), "concerns", None)
    if concerns is None:
        return True  # every story moment concerns everybody
    seat = script.seat_of()
    return any(concerns(event, seat) for event in moment["events"])


def you_are_out(script: Script) -> bool:
    table = script.table
    if table.status != PLAYING:
        return False
    seat = script.seat_of()
    return (
        seat in table.left
        or script.game.presentation.seat_badges(script.game.rules.public_view(script.state()))[
            seat
        ].out
    )


def game_scenes(game: str) -> ModuleType | None:
    """The game's own ``tests/games/<name>/scenes.py``, if it has one."""
    name = f"tests.games.{game}.scenes"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name not in (name, f"tests.games.{game}"):
            raise  # the module is there, but something it imports is not
        return None


def set_up(game: str) -> dict[str, Any]:
    """The :class:`Script` keywords the game's scenes are played with."""
    return dict(getattr(game_scenes(game), "SET_UP", {}))


def scene(
    store: TableStore, clock: Any, game: str, name: str, *, language: str = "en", seed: int = 1
) -> Script:
    """A fresh table of ``game`` played up to the scene ``name`` (see SCENES)."""
    for attempt in range(seed, seed + 40):
        script = Script(store, clock, game, seed=attempt, language=language, **set_up(game))
        if name == "lobby":
            return script
        script.start()
        if name == "turn" and script.play_until(your_turn_in_hand):
            return script
        if name == "reveal" and script.play_until(concerns_you):
            return script
        if name == "over" and script.play_until(lambda s: s.table.status != PLAYING):
            return script
        if name == "out" and _out(script):
            return script
    raise AssertionError(f"no {name} scene for {game}")


def _out(script: Script) -> bool:
    out = getattr(game_scenes(script.game_name), "out", None)
    if out is not None:
        return bool(out(script))
    script.resign()  # out of any game: having left it, while it goes on without you
    return script.play_until(lambda s: s.table.status == PLAYING and bool(s.moment()))
