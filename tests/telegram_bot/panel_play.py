"""Test-side players who play from their panels, as a person on a phone does.

Each person to act opens their panel with the table's 👀/hand button (once: it follows the
game), waits until it shows their move, and presses the button of the move a "normal" CPU
would choose for them (from their own view). A public move the panel does not carry (a
game whose choice comes in steps) is pressed on the table message. Everything seen is
written to a transcript, one line per thing a player saw, to read as they would.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.registry import get_game
from games.rng import DeterministicRng
from games.steps import path_key
from tables.table.store import TableStore
from tests.support import FakeBotApi

ROOT = Path(__file__).resolve().parents[2]


def panel_buttons(panel: dict[str, Any]) -> list[dict[str, Any]]:
    return [b for row in (panel.get("reply_markup") or {}).get("inline_keyboard", []) for b in row]


def payload(data: str) -> tuple[int, str]:
    """(decision token, action) of a game button's callback data."""
    _, stamp, _, action = data.split(":", 3)
    return int(stamp), action


@dataclass
class PanelPlayers:
    api: FakeBotApi
    store: TableStore
    chat_id: int
    table_id: str
    names: dict[int, str]
    transcript: list[str] = field(default_factory=list)
    moves: int = 0
    table_presses: int = 0
    steps: int = 0  # steps of a choice opened on a panel
    refusals: list[str] = field(default_factory=list)
    rng: DeterministicRng = field(default_factory=lambda: DeterministicRng("panel players"))

    def say(self, line: str) -> None:
        self.transcript.append(line)

    def panel(self, user: int) -> dict[str, Any] | None:
        live = self.api.ephemeral_messages(self.chat_id, user)
        return live[-1] if live else None

    def look_button(self) -> tuple[int, str]:
        """(message id, callback data) of the table message's 👀/hand button."""

        def found() -> tuple[int, str] | None:
            message = self.api.newest_message(self.chat_id, lambda m: not m["deleted"])
            for b in panel_buttons(message or {}):
                if ":p:" in b.get("callback_data", ""):
                    return message["message_id"], b["callback_data"]
            return None

        return self.api.wait_for(found, timeout=30)

    def open_panel(self, user: int) -> dict[str, Any]:
        message_id, data = self.look_button()
        query = self.api.press(user, message_id, self.chat_id, data)
        answer = self.api.wait_answer(query, timeout=20)
        panel = self.api.wait_for(lambda: self.panel(user), timeout=20)
        self.say(f"{self.names[user]} taps 👀 -> answer {answer or 'silent'}; panel:")
        self.say("    | " + panel["text"].replace("\n", "\n    | "))
        return panel

    def play_turn(self, user: int, seat: int, view: dict, token: int, action: str) -> None:
        panel = self.panel(user) or self.open_panel(user)
        game = get_game(self.store.load(self.table_id).game)
        path = tuple(game.presentation.action_steps(action))
        for depth in range(1, len(path) + 1):  # a choice in steps: each step on the panel
            self.open_step(user, token, path_key(path[:depth]))

        def ready() -> dict[str, Any] | None:
            current = self.panel(user)
            buttons = panel_buttons(current or {})
            shown = {payload(b["callback_data"]) for b in buttons if "callback_data" in b}
            return current if (token, action) in shown else None

        panel = self.api.wait_for(ready, timeout=30)  # the panel follows the game
        pressable = [b for b in panel_buttons(panel) if "callback_data" in b]
        chosen = [b for b in pressable if payload(b["callback_data"]) == (token, action)]
        button = chosen[0]
        disabled = [b["text"] for b in panel_buttons(panel) if "disabled" in b]
        query = self.api.press_ephemeral(
            user, self.chat_id, panel["ephemeral_message_id"], button["callback_data"]
        )
        answer = self.api.wait_answer(query, timeout=20)
        self.say(f"{self.names[user]}'s panel: " + panel["text"].replace("\n", " / "))
        self.say(
            f"{self.names[user]} presses {button['text']!r} on their panel"
            + (f" (disabled: {' '.join(disabled)})" if disabled else "")
            + f" -> {answer.get('text', 'silent')}"
        )
        assert not answer.get("show_alert"), answer  # a move taken: a toast, never an alert
        self.moves += 1

    def open_step(self, user: int, token: int, key: str) -> None:
        """Press the step button ``key`` on the panel, once it shows it."""

        def shown() -> tuple[dict[str, Any], dict[str, Any]] | None:
            current = self.panel(user) or {}
            for b in panel_buttons(current):
                if b.get("callback_data", "").endswith(f":{token}:s:{key}"):
                    return current, b
            return None

        panel, button = self.api.wait_for(shown, timeout=30)
        query = self.api.press_ephemeral(
            user, self.chat_id, panel["ephemeral_message_id"], button["callback_data"]
        )
        answer = self.api.wait_answer(query, timeout=20)
        self.say(f"{self.names[user]} presses {button['text']!r} on their panel -> "
                 f"{answer.get('text', 'silent')}")  # fmt: skip
        assert not answer.get("text"), answer  # the panel shows the step: nothing to say
        self.steps += 1

    def press_on_table(self, user: int, token: int, action: str) -> None:
        """A move pressed on the table message (the fallback, when panels are refused)."""

        def on_table() -> tuple[int, str, str] | None:
            message = self.api.newest_message(self.chat_id, lambda m: not m["deleted"])
            for b in panel_buttons(message or {}):
                data = b.get("callback_data", "")
                if data.count(":") >= 3 and ":g:" in data and payload(data) == (token, action):
                    return message["message_id"], data, b["text"]
            return None

        message_id, data, label = self.api.wait_for(on_table, timeout=30)
        answer = self.api.wait_answer(self.api.press(user, message_id, self.chat_id, data))
        self.say(f"{self.names[user]} presses {label!r} on the table -> {answer.get('text')}")
        self.moves += 1
        self.table_presses += 1

    def play_game(self, steps: int = 3000) -> None:
        """Everyone plays until the game ends (a CPU moves on its own)."""
        table = self.store.load(self.table_id)
        game = get_game(table.game)
        for _ in range(steps):
            table = self.store.load(self.table_id)
            if table.status != "playing":
                return
            state = game.rules.load(table.state)
            people = [s for s in game.rules.to_act(state) if table.seats[s].user_id is not None]
            if not people:
                self.api.wait_for(
                    lambda v=table.version: self.store.load(self.table_id).version > v
                )
                continue
            seat = people[0]
            user = table.seats[seat].user_id
            view = game.rules.view(state, seat)
            action = game.rules.cpu_action(view, "normal", self.rng)
            token = game.rules.decision(state, seat)
            self.play_turn(user, seat, view, token, action)
            self.api.wait_for(
                lambda v=table.version: self.store.load(self.table_id).version > v, timeout=20
            )
        raise AssertionError("the game did not end")

    def write(self, name: str) -> Path:
        """The transcript, with the group's messages as everyone saw them at the end."""
        lines = [*self.transcript, "", "--- the group's chat at the end ---"]
        for message in self.api.messages(self.chat_id):
            if message["deleted"]:
                continue
            who = "bot" if message["from_bot"] else message["from"].get("first_name")
            buttons = " | ".join(b["text"] for b in panel_buttons(message))
            lines.append(f"[{who}] {message['text']}" + (f"\n    [{buttons}]" if buttons else ""))
        path = ROOT / "test-artifacts" / f"{name}.txt"
        path.parent.mkdir(exist_ok=True)
        path.write_text("\n".join(lines) + "\n")
        return path
