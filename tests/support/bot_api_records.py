"""The fake Bot API's records of chats, messages, presses and requests.

Kept apart from :mod:`tests.support.bot_api_server` so that its inline mode
(:mod:`tests.support.inline_mode`), which the server mixes in, can use them without importing
the server.
"""

from __future__ import annotations

import select
import socket
from dataclasses import dataclass, field
from typing import Any

from tests.support.validation import ApiError

JSON = dict[str, Any]


@dataclass
class _Chat:
    id: int
    type: str
    title: str | None = None
    first_name: str | None = None
    last_name: str | None = None
    username: str | None = None
    is_forum: bool = False
    creator: int | None = None
    admins: set[int] = field(default_factory=set)
    members: set[int] = field(default_factory=set)
    bot_is_admin: bool = False
    pinned: list[int] = field(default_factory=list)
    next_message_id: int = 1


@dataclass
class _Message:
    chat_id: int
    message_id: int
    date: int
    sender: JSON
    from_bot: bool
    method: str = "sendMessage"
    text: str | None = None
    raw_text: str | None = None
    parse_mode: str | None = None
    entities: list[JSON] = field(default_factory=list)
    reply_markup: JSON | None = None
    thread_id: int | None = None
    reply_to: int | None = None
    deleted: bool = False
    edits: list[str] = field(default_factory=list)
    markup_edits: int = 0
    edit_date: int | None = None
    caption: str | None = None
    document: JSON | None = None
    via_bot: JSON | None = None  # set on messages users sent via the bot (inline mode)
    inline_message_id: str | None = None


@dataclass
class _Query:
    id: str
    user_id: int
    chat_id: int
    message_id: int
    data: str
    pressed_at: float
    answer: JSON | None = None
    answered_at: float | None = None
    ephemeral_id: int | None = None  # a press on an ephemeral message (its message_id is 0)


@dataclass
class _RequestContext:
    """Per-request facts the API layer needs from the HTTP layer."""

    connection: socket.socket | None = None

    def client_connected(self) -> bool:
        """True if the client still waits for the response (used to tell a real getUpdates
        conflict from a long poll orphaned by a bot that shut down)."""
        sock = self.connection
        if sock is None:
            return False
        try:
            readable, _, _ = select.select([sock], [], [], 0.1)
            if not readable:
                return True
            return sock.recv(1, socket.MSG_PEEK) != b""
        except OSError:
            return False


class _Params:
    """Typed access to request parameters, raising Telegram-style errors on bad input."""

    def __init__(self, values: dict[str, Any]) -> None:
        self.values = values

    def __contains__(self, name: str) -> bool:
        return self.values.get(name) is not None

    def raw(self, name: str) -> Any:
        return self.values.get(name)

    def integer(self, name: str, *, required: bool = False) -> int | None:
        value = self.values.get(name)
        if value is None or value == "":
            if required:
                raise ApiError(f"Bad Request: {name} is empty")
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise ApiError(f'Bad Request: field "{name}" must be of type Integer')
        return value

    def string(self, name: str) -> str | None:
        value = self.values.get(name)
        if value is None:
            return None
        if isinstance(value, bool | dict | list):
            raise ApiError(f'Bad Request: field "{name}" must be of type String')
        return str(value)

    def flag(self, name: str) -> bool:
        value = self.values.get(name)
        if value is None:
            return False
        if not isinstance(value, bool):
            raise ApiError(f'Bad Request: field "{name}" must be of type Boolean')
        return value
