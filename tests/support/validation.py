"""Checks the fake Bot API server applies to parameters, with Telegram's error wording.

Each check raises :class:`ApiError` carrying the HTTP status and description Telegram would
answer with, and whether the failure is a *violation* (the bot broke a documented limit; tests
should fail) or an ordinary error a well-behaved bot must cope with (e.g. "message is not
modified" after a double click).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from tests.support.telegram_html import (
    HtmlParseError,
    ParsedText,
    markdown_to_plain,
    parse_html,
    strip_text,
)

__all__ = [
    "ApiError",
    "RenderedText",
    "canonical_markup",
    "render_text",
    "validate_commands",
    "validate_menu_button",
    "validate_reply_markup",
    "validate_scope",
]

MAX_TEXT_LENGTH = 4096
MAX_CAPTION_LENGTH = 1024
MAX_CALLBACK_DATA_BYTES = 64
MAX_BUTTONS_PER_ROW = 8
MAX_BUTTONS_TOTAL = 100
#: InlineQuery.query is "up to 256 characters"; a switch-inline button pre-fills such a query.
MAX_INLINE_QUERY_LENGTH = 256

_BUTTON_ACTIONS = (
    "url",
    "callback_data",
    "web_app",
    "login_url",
    "switch_inline_query",
    "switch_inline_query_current_chat",
    "switch_inline_query_chosen_chat",
    "copy_text",
    "disabled",
    "callback_game",
    "pay",
)
_BUTTON_STYLES = ("danger", "success", "primary")
_COMMAND_RE = re.compile(r"[a-z0-9_]{1,32}")
_SCOPES = {
    "default": (),
    "all_private_chats": (),
    "all_group_chats": (),
    "all_chat_administrators": (),
    "chat": ("chat_id",),
    "chat_administrators": ("chat_id",),
    "chat_member": ("chat_id", "user_id"),
}


class ApiError(Exception):
    """An error response: ``{"ok": false, "error_code": code, "description": ...}``.

    ``violation`` marks errors caused by the bot breaking a Telegram rule; ``reason`` is a
    short explanation for the violation log when the description alone is too terse.
    """

    def __init__(
        self,
        description: str,
        *,
        code: int = 400,
        violation: bool = True,
        reason: str | None = None,
        parameters: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(description)
        self.description = description
        self.code = code
        self.violation = violation
        self.reason = reason or description
        self.parameters = parameters

    def body(self) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "ok": False,
            "error_code": self.code,
            "description": self.description,
        }
        if self.parameters:
            payload["parameters"] = self.parameters
        return payload


@dataclass
class RenderedText:
    """Text after entity parsing, as stored on the message and shown to users."""

    text: str
    entities: list[dict[str, Any]] = field(default_factory=list)
    parse_mode: str | None = None
    raw: str = ""


def render_text(
    raw: Any,
    parse_mode: Any,
    entities: Any,
    *,
    caption: bool = False,
    strict_ampersand: bool = True,
) -> RenderedText:
    """Apply ``parse_mode`` and Telegram's length rules to a message text or caption.

    Text must be 1-4096 characters after entity parsing, captions 0-1024. Characters are
    counted as Unicode code points; Telegram trims surrounding whitespace before counting.
    """
    if raw is None:
        raw = ""
    if not isinstance(raw, str):
        raw = str(raw)
    mode = parse_mode if isinstance(parse_mode, str) and parse_mode else None
    if mode is None:
        parsed = ParsedText(text=raw, entities=_explicit_entities(entities))
    elif mode.lower() == "html":
        try:
            parsed = parse_html(raw, strict_ampersand=strict_ampersand)
        except HtmlParseError as exc:
            raise ApiError(f"Bad Request: can't parse entities: {exc}") from exc
    elif mode.lower() in ("markdown", "markdownv2"):
        parsed = ParsedText(text=markdown_to_plain(raw, v2=mode.lower() == "markdownv2"))
    else:
        raise ApiError(f"Bad Request: unsupported parse_mode {mode!r}")
    parsed = strip_text(parsed)
    length = len(parsed.text)
    if caption:
        if length > MAX_CAPTION_LENGTH:
            raise ApiError(
                "Bad Request: message caption is too long",
                reason=f"caption has {length} characters after entity parsing (max 1024)",
            )
    elif length == 0:
        raise ApiError("Bad Request: message text is empty")
    elif length > MAX_TEXT_LENGTH:
        raise ApiError(
            "Bad Request: message is too long",
            reason=f"text has {length} characters after entity parsing (max 4096)",
        )
    return RenderedText(text=parsed.text, entities=parsed.entities, parse_mode=mode, raw=raw)


def _explicit_entities(entities: Any) -> list[dict[str, Any]]:
    if entities is None or entities == []:
        return []
    if not isinstance(entities, list) or not all(
        isinstance(entity, dict)
        and isinstance(entity.get("type"), str)
        and isinstance(entity.get("offset"), int)
        and isinstance(entity.get("length"), int)
        for entity in entities
    ):
        raise ApiError("Bad Request: can't parse entities JSON object")
    return [dict(entity) for entity in entities]


def canonical_markup(markup: dict[str, Any] | None) -> str:
    """Stable representation used to detect "message is not modified"."""
    return json.dumps(markup, sort_keys=True, ensure_ascii=False)


def validate_reply_markup(
    markup: Any, *, chat_type: str, inline_only: bool = False
) -> dict[str, Any] | None:
    """Validate ``reply_markup``; returns the normalised markup (``None`` for no keyboard).

    An empty inline keyboard is the same as no keyboard on Telegram's side, and so is an object
    without any keyboard field: the Bot API server reads ``{}`` (python-telegram-bot's encoding
    of an empty ``InlineKeyboardMarkup([])``) as "no reply markup".
    """
    if markup is None:
        return None
    if not isinstance(markup, dict):
        raise ApiError("Bad Request: can't parse reply keyboard markup JSON object")
    if "inline_keyboard" in markup:
        return _validate_inline_keyboard(markup, chat_type=chat_type)
    if "keyboard" not in markup and not any(
        markup.get(flag) is True
        for flag in ("remove_keyboard", "hide_keyboard", "force_reply", "force_reply_keyboard")
    ):
        return None
    if inline_only:
        raise ApiError(
            "Bad Request: inline keyboard expected",
            reason="only InlineKeyboardMarkup can be used when editing messages",
        )
    if "keyboard" in markup:
        rows = markup["keyboard"]
        if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
            raise ApiError(
                'Bad Request: field "keyboard" of the ReplyKeyboardMarkup should be an Array of '
                "Arrays"
            )
        return dict(markup)
    return dict(markup)


def _validate_inline_keyboard(markup: dict[str, Any], *, chat_type: str) -> dict[str, Any] | None:
    rows = markup["inline_keyboard"]
    if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
        raise ApiError(
            'Bad Request: field "inline_keyboard" of the InlineKeyboardMarkup should be an Array '
            "of Arrays"
        )
    total = sum(len(row) for row in rows)
    if total > MAX_BUTTONS_TOTAL:
        raise ApiError(
            "Bad Request: BUTTONS_TOO_MUCH",
            reason=f"inline keyboard has {total} buttons (max {MAX_BUTTONS_TOTAL})",
        )
    for row_index, row in enumerate(rows):
        if len(row) > MAX_BUTTONS_PER_ROW:
            raise ApiError(
                "Bad Request: BUTTONS_TOO_MUCH",
                reason=(
                    f"inline keyboard row {row_index} has {len(row)} buttons "
                    f"(max {MAX_BUTTONS_PER_ROW})"
                ),
            )
        for button in row:
            _validate_button(button, chat_type=chat_type)
    if total == 0:
        return None
    return {"inline_keyboard": [[dict(button) for button in row] for row in rows if row]}


def _validate_button(button: Any, *, chat_type: str) -> None:
    if not isinstance(button, dict):
        raise ApiError("Bad Request: can't parse inline keyboard button: object expected")
    text = button.get("text")
    if not isinstance(text, str) or not text.strip():
        raise ApiError(
            "Bad Request: BUTTON_TEXT_INVALID", reason=f"button without text: {button!r}"
        )
    actions = [name for name in _BUTTON_ACTIONS if button.get(name) is not None]
    if not actions:
        raise ApiError(
            "Bad Request: can't parse inline keyboard button: Text buttons are unallowed in the "
            "inline keyboard",
            reason=f"button {text!r} has no action field",
        )
    if len(actions) > 1:
        raise ApiError(
            "Bad Request: can't parse inline keyboard button: exactly one of the optional "
            "fields must be used",
            reason=f"button {text!r} has several actions: {actions}",
        )
    style = button.get("style")
    if style is not None and style not in _BUTTON_STYLES:
        raise ApiError(f"Bad Request: invalid button style {style!r}")
    action = actions[0]
    if action == "callback_data":
        data = button["callback_data"]
        size = len(data.encode("utf-8")) if isinstance(data, str) else -1
        if not 1 <= size <= MAX_CALLBACK_DATA_BYTES:
            raise ApiError(
                "Bad Request: BUTTON_DATA_INVALID",
                reason=f"callback_data of button {text!r} is {size} bytes (must be 1-64 UTF-8 "
                f"bytes): {data!r}",
            )
    elif action == "url":
        _check_button_url(button["url"], text)
    elif action == "web_app":
        if chat_type != "private":
            raise ApiError(
                "Bad Request: BUTTON_TYPE_INVALID",
                reason=f"web_app button {text!r} in a {chat_type} chat (private chats only)",
            )
        web_app = button["web_app"]
        url = web_app.get("url") if isinstance(web_app, dict) else None
        if not isinstance(url, str) or not _is_url(url, ("https",)):
            raise ApiError(
                f"Bad Request: inline keyboard button Web App URL '{url}' is invalid: Only "
                "HTTPS links are allowed"
            )
    elif action == "login_url":
        login = button["login_url"]
        url = login.get("url") if isinstance(login, dict) else None
        if not isinstance(url, str) or not _is_url(url, ("https",)):
            raise ApiError("Bad Request: BUTTON_URL_INVALID", reason=f"login_url {url!r}")
    elif action in ("switch_inline_query", "switch_inline_query_current_chat"):
        _check_inline_query(button[action], action, text)
    elif action == "switch_inline_query_chosen_chat":
        chosen = button[action]
        if not isinstance(chosen, dict):
            raise ApiError(
                "Bad Request: can't parse inline keyboard button: Field "
                '"switch_inline_query_chosen_chat" must be of type Object'
            )
        if "query" in chosen:
            _check_inline_query(chosen["query"], "query", text, where=f"{action}.query")
    elif action == "disabled":
        if not isinstance(button["disabled"], dict):
            raise ApiError(
                'Bad Request: can\'t parse inline keyboard button: Field "disabled" must be of '
                "type Object"
            )
    elif action == "copy_text":
        copy = button["copy_text"]
        copied = copy.get("text") if isinstance(copy, dict) else None
        if not isinstance(copied, str) or not 1 <= len(copied) <= 256:
            raise ApiError("Bad Request: COPY_TEXT_INVALID", reason="copy_text must be 1-256 chars")


def _check_inline_query(query: Any, name: str, text: str, *, where: str | None = None) -> None:
    """A switch-inline button's query: a String (may be empty) of at most 256 characters."""
    where = where or name
    if isinstance(query, bool) or not isinstance(query, str | int | float):
        # The Bot API server reads it as a JSON string field (a number passes as its text).
        raise ApiError(
            f'Bad Request: can\'t parse inline keyboard button: Field "{name}" must be of type '
            "String",
            reason=f"{where} of button {text!r} is {query!r}",
        )
    length = len(str(query))
    if length > MAX_INLINE_QUERY_LENGTH:
        # Telegram's exact reaction is undocumented (clients cut inline queries to 256
        # characters); either way the bot would not get the query it put on the button.
        raise ApiError(
            "Bad Request: BUTTON_DATA_INVALID",
            reason=f"{where} of button {text!r} has {length} characters; inline queries are at "
            f"most {MAX_INLINE_QUERY_LENGTH}",
        )


def _is_url(url: str, schemes: tuple[str, ...]) -> bool:
    parts = urlsplit(url)
    if parts.scheme.lower() not in schemes:
        return False
    return parts.scheme.lower() == "tg" or bool(parts.hostname)


def _check_button_url(url: Any, text: str) -> None:
    if not isinstance(url, str) or not _is_url(url, ("http", "https", "tg")):
        raise ApiError(
            f"Bad Request: inline keyboard button URL '{url}' is invalid: Wrong HTTP URL",
            reason=f"button {text!r} url must start with http://, https:// or tg://",
        )


def validate_commands(commands: Any) -> list[dict[str, str]]:
    """setMyCommands: at most 100 commands, names 1-32 of [a-z0-9_], descriptions 1-256."""
    if not isinstance(commands, list):
        raise ApiError("Bad Request: can't parse commands JSON object")
    if len(commands) > 100:
        raise ApiError("Bad Request: too many commands", reason=f"{len(commands)} > 100 commands")
    result: list[dict[str, str]] = []
    for command in commands:
        if not isinstance(command, dict):
            raise ApiError("Bad Request: can't parse BotCommand JSON object")
        name = command.get("command")
        description = command.get("description")
        if not isinstance(name, str) or not _COMMAND_RE.fullmatch(name):
            raise ApiError(
                "Bad Request: BOT_COMMAND_INVALID",
                reason=f"command {name!r}: 1-32 lowercase letters, digits, underscores",
            )
        if not isinstance(description, str) or not 1 <= len(description.strip()) <= 256:
            raise ApiError(
                "Bad Request: command description must be non-empty",
                reason=f"description of /{name} must be 1-256 characters",
            )
        result.append({"command": name, "description": description})
    return result


def validate_scope(scope: Any) -> str:
    """Validate a BotCommandScope; returns a canonical key for storing commands."""
    if scope is None:
        return canonical_markup({"type": "default"})
    if not isinstance(scope, dict) or scope.get("type") not in _SCOPES:
        raise ApiError("Bad Request: can't parse BotCommandScope", reason=f"scope {scope!r}")
    for required in _SCOPES[scope["type"]]:
        if not isinstance(scope.get(required), int | str):
            raise ApiError(f"Bad Request: {required} is empty", reason=f"scope {scope!r}")
    return canonical_markup(scope)


def validate_menu_button(button: Any) -> dict[str, Any]:
    """setChatMenuButton: default, commands, or web_app with text and an HTTPS url."""
    if button is None:
        return {"type": "default"}
    if not isinstance(button, dict) or button.get("type") not in ("default", "commands", "web_app"):
        raise ApiError("Bad Request: can't parse menu button JSON object")
    if button["type"] == "web_app":
        text = button.get("text")
        web_app = button.get("web_app")
        url = web_app.get("url") if isinstance(web_app, dict) else None
        if not isinstance(text, str) or not text.strip():
            raise ApiError("Bad Request: BUTTON_TEXT_INVALID", reason="menu button without text")
        if not isinstance(url, str) or not _is_url(url, ("https",)):
            raise ApiError(
                "Bad Request: BUTTON_URL_INVALID",
                reason=f"menu button Web App URL {url!r} must be HTTPS",
            )
    return dict(button)
