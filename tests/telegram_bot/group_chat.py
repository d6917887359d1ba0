"""Test-side helpers to read a group chat like a player: the table message, its buttons."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from tests.support import FakeBotApi

DICE_FACES = "⚀⚁⚂⚃⚄⚅"


@dataclass
class GroupChat:
    api: FakeBotApi
    chat_id: int

    def bot_messages(self) -> list[dict[str, Any]]:
        return [m for m in self.api.messages(self.chat_id) if m.get("from_bot", True)]

    def table_message(self) -> dict[str, Any] | None:
        """The newest live bot message that carries the table's buttons (a button to press,
        or one that opens a hand in inline mode)."""

        def is_table(message: dict[str, Any]) -> bool:
            if message["deleted"] or not message.get("reply_markup"):
                return False
            if not message.get("from_bot", True):
                return False
            kinds = ("callback_data", "switch_inline_query_current_chat")
            return any(kind in b for row in keyboard(message) for b in row for kind in kinds)

        return self.api.newest_message(self.chat_id, is_table)

    def story(self) -> list[str]:
        """Texts of the bot's records (its messages without buttons: reveals, results, the
        winner) and of a finished game's last message (its only button is Rematch: it may
        tell the end on top of the final table)."""

        def told(m: dict[str, Any]) -> bool:
            if m["deleted"] or not m.get("from_bot", True) or not m["text"]:
                return False
            return not m.get("reply_markup") or labels(m) == ["🔁 Rematch"]

        return [m["text"] for m in self.api.messages(self.chat_id) if told(m)]

    def press(self, user_id: int, label: str, message: dict[str, Any] | None = None) -> dict:
        message = message or self.table_message()
        assert message is not None, self.api.dump()
        data = self.api.button_data(self.chat_id, message["message_id"], label)
        query = self.api.press(user_id, message["message_id"], self.chat_id, data)
        return self.api.wait_answer(query)

    def press_data(self, user_id: int, message_id: int, data: str, *, check: bool = True) -> dict:
        query = self.api.press(user_id, message_id, self.chat_id, data, check_button=check)
        return self.api.wait_answer(query)

    def wait_table(self, predicate, timeout: float = 15.0) -> dict[str, Any]:
        def ready():
            message = self.table_message()
            return message if message is not None and predicate(message) else None

        return self.api.wait_for(ready, timeout=timeout)

    def wait_newer_than(
        self, version: tuple[int, int], timeout: float = 15.0
    ) -> dict[str, Any] | None:
        """The table message once it shows a version after ``version`` (None: game over)."""

        def ready():
            message = self.table_message()
            finished = message is not None and labels(message) == ["🔁 Rematch"]
            if finished or any("wins the game" in text for text in self.story()):
                return {"over": True}
            if message is not None and table_version(message) > version:
                return message
            return None

        found = self.api.wait_for(ready, timeout=timeout)
        return None if found.get("over") else found


def keyboard(message: dict[str, Any]) -> list[list[dict[str, Any]]]:
    markup = message.get("reply_markup") or {}
    return markup.get("inline_keyboard", [])


def labels(message: dict[str, Any]) -> list[str]:
    return [button["text"] for row in keyboard(message) for button in row]


def button(message: dict[str, Any], label: str) -> str:
    """callback_data of a button as this (possibly old) copy of the message shows it."""
    for row in keyboard(message):
        for entry in row:
            if entry["text"] == label:
                return entry["callback_data"]
    raise AssertionError(f"no button {label!r} in {labels(message)}")


def table_version(message: dict[str, Any]) -> tuple[int, int]:
    """Where this copy of the table message stands: a later edit, or a table message sent
    anew, compares greater (the chat shows every table change by one or the other)."""
    return (message["message_id"], len(message.get("edits", [])))


def decision(message: dict[str, Any]) -> int:
    """The decision token the game buttons of this copy of the table message carry."""
    for row in keyboard(message):
        for entry in row:
            parts = entry.get("callback_data", "").split(":")
            if len(parts) >= 4 and parts[2] == "g":
                return int(parts[1])
    raise AssertionError(f"no game button in {labels(message)}")


def acting_name(message: dict[str, Any]) -> str:
    match = re.search(r"^▶️ (.+?) ❤️", message["text"], re.MULTILINE)
    assert match, message["text"]
    return match.group(1)


def round_number(message: dict[str, Any]) -> int:
    match = re.search(r"round (\d+)", message["text"])
    assert match, message["text"]
    return int(match.group(1))
