"""Who belongs to a table's group: only its members may sit down from the Mini App, and only
they may watch unless the table lets anyone with the link watch (table option
``spectators``).

The answer comes from the Bot API's ``getChatMember`` (the bot is in the group, so it may
ask), at ``TELEGRAM_API_BASE_URL`` like the bot's own calls, and is kept in Redis for a
minute (``member:{chat}:<user>``): a page that polls does not ask Telegram every time, and
someone who left the group loses access within that minute. People already seated are never
asked about: the bot seated them from the group itself.

If Telegram cannot be asked (down, rate-limited), the request is refused as briefly
unavailable rather than guessed either way.
"""

from __future__ import annotations

import json
import logging
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from typing import Any, Protocol

import redis

from ops import labels, metrics

log = logging.getLogger(__name__)

CACHE_SECONDS = 60
REQUEST_TIMEOUT = 5.0
MEMBER_STATUSES = frozenset({"creator", "administrator", "member"})


class MembershipUnknown(Exception):
    """Telegram could not say (a network error, a rate limit, a server error)."""


Post = Callable[[str, dict[str, Any]], tuple[int, Any]]


def post_form(url: str, data: dict[str, Any]) -> tuple[int, Any]:
    """POST a form and read the JSON answer: (HTTP status, body). The standard library's
    client, which gevent's workers make cooperative (an async HTTP stack is not at home
    there), and no extra dependency for one call."""
    body = urllib.parse.urlencode(data).encode()
    request = urllib.request.Request(url, data=body, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        with error:
            return error.code, json.loads(error.read() or b"null")


class Membership(Protocol):
    def is_member(self, chat_id: int, user_id: int) -> bool: ...


class Everyone:
    """Local mode: no Telegram, and a local table's "group" is whoever has its link."""

    def is_member(self, chat_id: int, user_id: int) -> bool:
        return True


def cache_key(chat_id: int, user_id: int) -> str:
    return f"member:{{{chat_id}}}:{user_id}"


class BotApiMembership:
    """``getChatMember``, its answers cached briefly in Redis."""

    def __init__(
        self,
        client: redis.Redis,
        bot_token: str,
        api_base_url: str,
        *,
        cache_seconds: int = CACHE_SECONDS,
        post: Post = post_form,
    ) -> None:
        self.redis = client
        self._url = f"{api_base_url}{bot_token}/getChatMember"  # never logged: it holds the token
        self.cache_seconds = cache_seconds
        self._post = post

    def is_member(self, chat_id: int, user_id: int) -> bool:
        if chat_id > 0:  # a private chat (a practice table): its one person
            return chat_id == user_id
        key = cache_key(chat_id, user_id)
        cached = self.redis.get(key)
        if cached is not None:
            return cached == b"1"
        member = self._ask(chat_id, user_id)
        self.redis.set(key, b"1" if member else b"0", ex=self.cache_seconds)
        return member

    def _ask(self, chat_id: int, user_id: int) -> bool:
        started = time.perf_counter()
        try:
            status_code, body = self._post(self._url, {"chat_id": chat_id, "user_id": user_id})
        except (OSError, ValueError) as error:  # network trouble, or not JSON
            metrics.bot_api_call("getChatMember", "network_error", time.perf_counter() - started)
            log.warning("getChatMember failed: %s", type(error).__name__)
            raise MembershipUnknown(type(error).__name__) from None
        metrics.bot_api_call(
            "getChatMember", labels.api_outcome(status_code), time.perf_counter() - started
        )
        if isinstance(body, dict) and body.get("ok") is True:
            result = body.get("result")
            if not isinstance(result, dict):
                raise MembershipUnknown("no result")
            status = result.get("status")
            return status in MEMBER_STATUSES or (
                status == "restricted" and result.get("is_member") is True
            )
        if status_code in (400, 403):  # not in the group, or the bot is not there
            return False
        log.warning("getChatMember answered %s", status_code)
        raise MembershipUnknown(f"HTTP {status_code}")
