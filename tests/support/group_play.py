"""People playing a whole game in a group, the way their phones would: through the local Bot
API server, against the real bot. Used by the end-to-end tests and by ``bench.flood``.

A :class:`GroupTable` is one group with its people. :meth:`GroupTable.step` never blocks: it
does whatever the people would do now (open the table, join, set it up, start, and on their
turn choose what a normal CPU would choose from their own view), so one loop drives many
tables at once. A person acts only once the group's table message shows the table as it is,
and only after thinking for ``think(kind)`` seconds ("button" or "inline"), so the bench can
play at a person's pace and the tests as fast as the bot shows each move.

Each move's *press to visible* time is measured: from the press (or the choice in inline
mode) to the first moment the group's table message shows the table at that version or a
later one. What a message shows is recognised by its text: the table's words for a version
(without its commitment lines, which the table shows once) end the message's text.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.base import PRIVATE
from games.registry import get_game
from games.rng import DeterministicRng
from tables.table.model import FINISHED, LOBBY, PLAYING, Table
from tables.table.store import TableStore
from telegram_bot.table_message.render import table_message
from tests.support.bot_api_server import FakeBotApi
from tests.support.group_panels import panel_content, panel_move
from tests.telegram_bot.group_chat import GroupChat, labels
from translations import render, tr

COMMITMENT = re.compile(r"[0-9a-f]{64}")
ASK_AGAIN = 16.0  # seconds after which an unanswered inline query is typed again
Setup = Callable[[TableStore, str], None]


def _body(text: str) -> str:
    """A table message's words without the lines that hold a commitment."""
    return "\n".join(line for line in text.splitlines() if not COMMITMENT.search(line)).strip()


@dataclass
class Person:
    name: str
    user: int


@dataclass
class GroupTable:
    """One group playing one game: its chat, its people, how far they got, what they saw."""

    api: FakeBotApi
    store: TableStore
    game: str
    chat_id: int
    people: list[Person]
    cpus: int = 0
    cpu_pace: str = "fast"  # the lobby's CPU pace: "normal" (2 s) or "fast" (1 s)
    setup: Setup | None = None  # an operator's or a test's changes before the start
    think: Callable[[str], float] = lambda kind: 0.0
    seed: str = "group-play"
    bot_is_admin: bool = False  # the bot may delete the players' inline posts
    panels: bool = False  # every move from the player's panel (telegram_bot.panels)
    panel_latencies: list[float] = field(default_factory=list)  # panel press -> panel shows
    _panel_pending: dict[int, tuple[float, str]] = field(default_factory=dict)
    table_id: str | None = None
    latencies: list[float] = field(default_factory=list)
    moves: int = 0  # presses and inline choices made by the people
    done: bool = False
    _stage: str = "open"
    _lobby_press: tuple[int, float] | None = None  # (version pressed at, when)
    _bodies: dict[int, tuple[str, list[str]]] = field(default_factory=dict)
    _pending: list[tuple[float, int]] = field(default_factory=list)  # (pressed at, version)
    answers: list[str] = field(default_factory=list)  # the inline queries the people made
    _due: dict[tuple[int, int], float] = field(default_factory=dict)  # (seat, token) -> when
    _since: dict[tuple[int, int], int] = field(default_factory=dict)  # -> version first seen
    _acted: set[tuple[int, int]] = field(default_factory=set)  # (seat, token) decided
    _inline: dict[int, tuple[str, str, int, float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for person in self.people:
            self.api.add_user(person.user, person.name)
        members = [p.user for p in self.people]
        self.api.add_chat(self.chat_id, members=members, bot_is_admin=self.bot_is_admin)
        self.chat = GroupChat(self.api, self.chat_id)
        self.rng = DeterministicRng(self.seed)
        self.rules = get_game(self.game)

    @property
    def creator(self) -> Person:
        return self.people[0]

    # ------------------------------------------------------------------ one look, one act

    def step(self) -> bool:
        """Do what the people would do now; False once the game is over and shown."""
        if self.done:
            return False
        if self._stage == "open":
            self.api.send_message(self.creator.user, self.chat_id, f"/{self.rules.command}")
            self._stage = "lobby"
            return True
        message = self.chat.table_message()
        if message is None:
            return True
        if self.table_id is None:
            self.table_id = message["reply_markup"]["inline_keyboard"][0][0]["callback_data"][:10]
        table = self.store.load(self.table_id)
        shown = self._observe(table, message)
        self._observe_panels()
        pressed = self._lobby_press
        waited = pressed is not None and pressed[0] == table.version
        if waited and time.monotonic() - pressed[1] < ASK_AGAIN:
            return True  # the last press in the lobby is not shown yet: nobody presses again
        if table.status == LOBBY and shown == table.version:
            self._lobby_press = (table.version, time.monotonic())
            self._lobby(table, message)
        elif table.status == PLAYING and shown is not None:
            self._play(table, message, shown)
        elif table.status == FINISHED and shown == table.version and not self._inline:
            self.done = not self._pending
        return not self.done

    def _observe(self, table: Table, message: dict[str, Any]) -> int | None:
        """Note each version's words; which version the group's table message shows (None: an
        older one than any noted), and so which presses the group now sees."""
        if table.version not in self._bodies:
            text, keyboard = table_message(table, panels=self.panels)
            buttons = [b.text for row in keyboard.inline_keyboard for b in row] if keyboard else []
            self._bodies[table.version] = (_body(text), buttons)
        text, buttons = _body(message["text"]), labels(message)
        seen = [
            v
            for v, (body, wanted) in self._bodies.items()
            if body and text.endswith(body) and buttons == wanted
        ]
        if not seen:
            return None
        newest = max(seen)
        if self._pending:
            now = time.monotonic()
            for pressed in [p for p in self._pending if p[1] <= newest]:
                self.latencies.append(now - pressed[0])
                self._pending.remove(pressed)
        return newest

    # ------------------------------------------------------------------ the lobby

    def _lobby(self, table: Table, message: dict[str, Any]) -> None:
        seated = {seat.user_id for seat in table.seats}
        buttons = labels(message)
        language = table.language
        for person in self.people:
            if person.user not in seated:
                self._press(person, message, tr(language, "✋ Join"), table.version)
                return
        cpus = sum(seat.is_cpu for seat in table.seats)
        settings_open = tr(language, "⬅️ Back") in buttons
        if cpus < self.cpus or (self.cpu_pace == "fast" and table.option("cpu_delay") > 1.0):
            if not settings_open:
                self._press(self.creator, message, tr(language, "⚙️ Settings"), table.version)
            elif cpus < self.cpus:
                self._press(self.creator, message, tr(language, "🤖 + normal"), table.version)
            else:
                pace = next(b for b in buttons if b.startswith(tr(language, "CPU pace")))
                self._press(self.creator, message, pace, table.version)
            return
        if self.setup is not None:
            setup, self.setup = self.setup, None
            setup(self.store, table.id)
            return
        if settings_open:
            self._press(self.creator, message, tr(language, "⬅️ Back"), table.version)
        else:
            self._press(self.creator, message, tr(language, "▶️ Start"), table.version)

    # ------------------------------------------------------------------ the game

    def _play(self, table: Table, message: dict[str, Any], shown: int) -> None:
        self._finish_inline()
        game = self.rules
        assert table.state is not None
        state = game.rules.load(table.state)
        now = time.monotonic()
        for seat in game.rules.to_act(state):
            user = table.seats[seat].user_id
            person = next((p for p in self.people if p.user == user), None)
            if person is None or table.played_by_cpu(seat) or person.user in self._inline:
                continue
            token = game.rules.decision(state, seat)
            since = self._since.setdefault((seat, token), table.version)
            if (seat, token) in self._acted or shown < since:
                continue  # done already, or the group does not show this decision yet
            view = game.rules.view(state, seat)
            action = game.rules.cpu_action(view, "normal", self.rng)
            private = game.rules.action_scope(action) == PRIVATE
            kind = "inline" if private else "button"
            due = self._due.setdefault((seat, token), now + self.think(kind))
            if now < due:
                continue
            self._acted.add((seat, token))
            if self.panels:
                if not panel_move(self, person, message, action, token, table.version):
                    self._acted.discard((seat, token))  # the panel is not there yet
            elif private:
                self._ask_hand(person, table, message, view, action, token)
            else:
                label = render(game.presentation.action_label(action), table.language)
                self._press(person, message, label, table.version)

    def _ask_hand(
        self,
        person: Person,
        table: Table,
        message: dict[str, Any],
        view: dict[str, Any],
        action: str,
        token: int,
    ) -> None:
        """Open the hand in inline mode from the table message's button."""
        info = self.rules.presentation.private_info(view)
        assert info is not None
        item = next(i for i in info.items if i.action == action)
        play = tr(table.language, self.rules.presentation.play_label)
        text = self.api.inline_button_query(self.chat_id, message["message_id"], play)
        query = self.api.inline_query(person.user, text, chat_id=self.chat_id)
        asked = (query, f"{table.id}:{token}:{item.id}", table.version, time.monotonic())
        self._inline[person.user] = asked
        self.answers.append(query)

    def _finish_inline(self) -> None:
        """Choose the result once the inline answer is there. An answer that never comes (a
        bot too busy to answer within Telegram's time) is asked for again, as a person
        would: the decision is taken up afresh."""
        for user, (query, result_id, version, asked) in list(self._inline.items()):
            answer = self.api.inline_answer(query)
            if answer is None:
                if time.monotonic() - asked > ASK_AGAIN:
                    del self._inline[user]
                    token = int(result_id.split(":")[1])
                    self._acted = {a for a in self._acted if a[1] != token}
                continue
            del self._inline[user]
            ids = {result["id"] for result in answer["results"]}
            assert result_id in ids, (result_id, ids)
            self.api.choose_inline_result(user, query, result_id, self.chat_id)
            self.moves += 1
            self._pending.append((time.monotonic(), version + 1))

    def _observe_panels(self) -> None:
        """A panel press is shown once its panel changed (edited to the move's result)."""
        for user, (pressed, before) in list(self._panel_pending.items()):
            if panel_content(self.api, self.chat_id, user) != before:
                self.panel_latencies.append(time.monotonic() - pressed)
                del self._panel_pending[user]

    def _press(self, person: Person, message: dict[str, Any], label: str, version: int) -> None:
        data = self.api.button_data(self.chat_id, message["message_id"], label)
        self.api.press(person.user, message["message_id"], self.chat_id, data)
        self.moves += 1
        self._pending.append((time.monotonic(), version + 1))
