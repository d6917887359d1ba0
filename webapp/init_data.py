"""Telegram Mini App ``initData``: validation exactly as Telegram specifies, and signing.

Validation (https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app):
the data-check-string is every received field except ``hash``, as ``key=value`` with the
value URL-decoded, sorted by key and joined by newlines; the secret key is
HMAC-SHA256(key="WebAppData", message=bot token); the hash is the hex HMAC-SHA256 of the
data-check-string under that secret key, compared in constant time. ``auth_date`` older than
the allowed age is refused. The user comes from the signed ``user`` field, never from a
request parameter.

Signing is the same computation in reverse; the tests and local mode use it to make initData
that passes through the very same validation.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl, urlencode

MAX_INIT_DATA_LENGTH = 8192


class InvalidInitData(Exception):
    """initData that did not come from Telegram for this bot, or is too old. ``reason`` is for
    logs and tests; people get one plain answer whatever the reason."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class WebAppUser:
    id: int
    first_name: str
    last_name: str | None = None
    username: str | None = None
    language_code: str | None = None

    @property
    def display_name(self) -> str:
        return " ".join(p for p in (self.first_name, self.last_name) if p) or str(self.id)


@dataclass(frozen=True)
class InitData:
    user: WebAppUser
    auth_date: int
    start_param: str | None
    fields: dict[str, str]


def secret_key(bot_token: str) -> bytes:
    return hmac.new(b"WebAppData", bot_token.encode(), hashlib.sha256).digest()


def data_check_string(fields: dict[str, str]) -> str:
    return "\n".join(f"{key}={fields[key]}" for key in sorted(fields) if key != "hash")


def validate(
    init_data: str, bot_token: str, *, max_age: float, now: float | None = None
) -> InitData:
    if not init_data or len(init_data) > MAX_INIT_DATA_LENGTH:
        raise InvalidInitData("missing or oversized")
    try:
        pairs = parse_qsl(init_data, keep_blank_values=True, strict_parsing=True, errors="strict")
    except (ValueError, UnicodeDecodeError) as error:
        raise InvalidInitData(f"malformed: {error}") from None
    fields: dict[str, str] = {}
    for key, value in pairs:
        if key in fields:
            raise InvalidInitData(f"duplicate field {key!r}")
        fields[key] = value
    received = fields.get("hash", "")
    if len(received) != 64:
        raise InvalidInitData("missing hash")
    expected = hmac.new(secret_key(bot_token), data_check_string(fields).encode(), hashlib.sha256)
    if not hmac.compare_digest(expected.hexdigest(), received.lower()):
        raise InvalidInitData("hash mismatch")
    try:
        auth_date = int(fields["auth_date"])
    except (KeyError, ValueError):
        raise InvalidInitData("missing auth_date") from None
    now = time.time() if now is None else now
    if now - auth_date > max_age:
        raise InvalidInitData("expired")
    if auth_date - now > 300:
        raise InvalidInitData("auth_date in the future")
    return InitData(_user(fields), auth_date, fields.get("start_param") or None, fields)


def _user(fields: dict[str, str]) -> WebAppUser:
    try:
        data: Any = json.loads(fields["user"])
        user_id = data["id"]
        if not isinstance(user_id, int) or isinstance(user_id, bool) or user_id <= 0:
            raise ValueError("bad id")
        first_name = str(data.get("first_name") or "")
        optional = {key: data.get(key) for key in ("last_name", "username", "language_code")}
        if any(value is not None and not isinstance(value, str) for value in optional.values()):
            raise ValueError("a name or language that is not a string")
    except (KeyError, ValueError, TypeError, AttributeError, RecursionError) as error:
        raise InvalidInitData(f"no usable user: {error}") from None
    return WebAppUser(id=user_id, first_name=first_name, **optional)


def sign(fields: dict[str, str], bot_token: str) -> str:
    """initData for ``fields`` signed with ``bot_token`` (tests and local mode)."""
    digest = hmac.new(secret_key(bot_token), data_check_string(fields).encode(), hashlib.sha256)
    return urlencode({**fields, "hash": digest.hexdigest()})


def sign_user(
    bot_token: str,
    user: dict[str, Any],
    *,
    auth_date: int | None = None,
    start_param: str | None = None,
) -> str:
    fields = {
        "query_id": "AAH" + hashlib.sha256(str(user["id"]).encode()).hexdigest()[:20],
        "user": json.dumps(user, separators=(",", ":"), ensure_ascii=False),
        "auth_date": str(int(time.time()) if auth_date is None else auth_date),
    }
    if start_param:
        fields["start_param"] = start_param
    return sign(fields, bot_token)
