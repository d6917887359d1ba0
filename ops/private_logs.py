"""Keep players' secrets out of python-telegram-bot's log lines, at every level.

At DEBUG, PTB logs each Bot API call with its parameters (``answerCallbackQuery`` with
``'text': <what a player holds>``, ``answerInlineQuery`` with a hand's results, a private
message, an ephemeral panel), each call's return value, and every update it receives (who
pressed what, with their user id and name). :class:`PrivateLogFilter` rewrites those lines before
any handler formats them: the method name stays, and every value becomes its *shape*.

A shape keeps what helps to debug and nothing a player said or holds: a mapping's keys, a
string's length (``str[23]``), a list's items, a Telegram object's type. A few values are
kept because they cannot carry a secret: booleans, counters and ids of messages and updates,
a chat's or entity's ``type``, a group's (negative) chat id. A person's id (positive) is not.

The filter sits on the root logger's handlers (ops.redact.configure_logging), so it sees
the lines of PTB's loggers, which all propagate there. Lines of other loggers pass as they
are: this project's own lines say what happened, never what a player holds.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping
from enum import Enum

LOGGER = "telegram"  # PTB's loggers: telegram, telegram.ext.ExtBot, telegram.ext.Updater…
# A word in a PTB template's argument: a method name, a loop's name ("Polling Updates").
WORD = re.compile(r"[A-Za-z][A-Za-z_ ()]{0,80}")
# Keys whose numbers are counters or ids of messages, never of people.
NUMBER_KEYS = frozenset({
    "update_id", "message_id", "ephemeral_message_id", "date", "edit_date", "cache_time",
    "offset", "limit", "timeout", "retry_after", "max_connections", "pending_update_count",
    "length",
})  # fmt: skip
WORD_KEYS = frozenset({"type", "parse_mode", "status"})  # a chat's type, an entity's…
CHAT_KEYS = frozenset({"chat_id", "id"})  # negative: a group or channel, never a person
DEPTH = 6  # deeper than this, a mapping or a list shows only how big it is
ITEMS = 8  # a list shows this many items' shapes, then how many more


class PrivateLogFilter(logging.Filter):
    """Rewrites PTB's lines to show the shape of what they quote; drops no line."""

    def filter(self, record: logging.LogRecord) -> bool:
        ptb = record.name == LOGGER or record.name.startswith(LOGGER + ".")
        if not ptb or getattr(record, "private_shaped", False):
            return True
        if not isinstance(record.msg, str):
            record.msg = shape(record.msg)
        if isinstance(record.args, Mapping) and "%(" in record.msg:
            record.args = {key: argument(value) for key, value in record.args.items()}
        elif isinstance(record.args, Mapping):  # one mapping for one %s: logging unpacked it
            record.args = (argument(record.args),)
        elif record.args:
            record.args = tuple(argument(value) for value in record.args)
        record.private_shaped = True  # a second handler must not shape the shapes
        return True


def install(handler: logging.Handler) -> None:
    """Put the filter on ``handler`` once."""
    if not any(isinstance(known, PrivateLogFilter) for known in handler.filters):
        handler.addFilter(PrivateLogFilter())


def argument(value: object) -> object:
    """One argument of a PTB template: numbers stay (``%d`` needs them), words stay, a JSON
    text and anything else become their shape."""
    if value is None or isinstance(value, (bool, int, float, type)):
        return value
    if isinstance(value, (list, tuple)) and all(type(item) is int for item in value):
        return value  # update ids ("Getting updates: [100000001]")
    if isinstance(value, str) and not isinstance(value, Enum):
        if WORD.fullmatch(value):
            return value
        if value[:1] in "{[":
            try:
                return shape(json.loads(value))
            except ValueError:
                pass
    return shape(value)


def shape(value: object, key: str | None = None, depth: int = 0) -> str:
    """What ``value`` looks like without what it says."""
    if callable(getattr(value, "to_dict", None)):  # a Telegram object (an Update, a markup…)
        return type(value).__name__ + shape(value.to_dict(), key, depth)  # type: ignore[attr-defined]
    if isinstance(value, Mapping):
        if depth >= DEPTH:
            return f"{{{len(value)} keys}}"
        inner = ", ".join(f"{name}: {shape(item, str(name), depth + 1)}"
                          for name, item in value.items())  # fmt: skip
        return "{" + inner + "}"
    if isinstance(value, (list, tuple)):
        if depth >= DEPTH:
            return f"[{len(value)} items]"
        items = [shape(item, key, depth + 1) for item in value[:ITEMS]]
        if len(value) > ITEMS:
            items.append(f"… {len(value) - ITEMS} more")
        return "[" + ", ".join(items) + "]"
    return _scalar(value, key)


def _scalar(value: object, key: str | None) -> str:
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, Enum):
        value = value.value
    if isinstance(value, (int, float)):
        shown = key in NUMBER_KEYS or (key in CHAT_KEYS and value < 0)
        return str(value) if shown else type(value).__name__
    if isinstance(value, str):
        if key in WORD_KEYS and WORD.fullmatch(value):
            return value
        return f"str[{len(value)}]"
    if isinstance(value, (bytes, bytearray)):
        return f"bytes[{len(value)}]"
    return type(value).__name__  # a date, a file to upload…
