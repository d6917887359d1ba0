"""Inline mode for the fake Bot API server: inline queries, answerInlineQuery, chosen results.

The flow it simulates (the way the UNO bot shows each player's hand): a bot message carries a
button with ``switch_inline_query_current_chat``; tapping it puts ``@bot <query>`` into the
user's input field, Telegram sends the bot an ``inline_query`` update, the bot answers with
``answerInlineQuery``, the user picks one result, Telegram posts that result's
``input_message_content`` into the chat as a message of the user "via @bot", and, when inline
feedback is on (BotFather's /setinlinefeedback), sends the bot a ``chosen_inline_result``.

The test side drives it with :meth:`InlineModeMixin.inline_query`,
:meth:`~InlineModeMixin.wait_inline_answer` and :meth:`~InlineModeMixin.choose_inline_result`.
The answer is validated like Telegram does (limits and error texts below, from the Bot API
reference and the Bot API server's sources), and Telegram's server-side cache is simulated:
an answer is reused for the same query text and offset for ``cache_time`` seconds (default
300), for every user unless ``is_personal`` — so a bot that forgets ``cache_time=0`` or
``is_personal=True`` really does show one player's cards to another, and tests see it.
"""

from __future__ import annotations

import base64
import copy
import itertools
import json
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import urlsplit

from tests.support.bot_api_records import _Chat, _Message, _Params, _RequestContext
from tests.support.validation import ApiError, RenderedText, render_text, validate_reply_markup

__all__ = ["InlineModeMixin"]

JSON = dict[str, Any]
T = TypeVar("T")

#: InlineQuery.query: "Text of the query (up to 256 characters)".
MAX_INLINE_QUERY_LENGTH = 256
#: answerInlineQuery: "No more than 50 results per query are allowed."
MAX_INLINE_RESULTS = 50
#: InlineQueryResult*.id: "Unique identifier for this result, 1-64 Bytes".
MAX_RESULT_ID_BYTES = 64
#: answerInlineQuery.next_offset: "Offset length can't exceed 64 bytes."
MAX_NEXT_OFFSET_BYTES = 64
#: InlineQueryResultsButton.start_parameter: "1-64 characters, only A-Z, a-z, 0-9, _ and -".
START_PARAMETER_RE = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: answerInlineQuery.cache_time: "Defaults to 300"; the Bot API server clamps it to 0..86400.
DEFAULT_CACHE_TIME = 300
MAX_CACHE_TIME = 86_400
#: InlineQuery.chat_type values ("sender": the private chat of the user with the bot itself).
INLINE_CHAT_TYPES = ("sender", "private", "group", "supergroup", "channel")
#: The ``type`` of the 20 InlineQueryResult kinds (cached variants share their type).
RESULT_TYPES = frozenset(
    {
        "article",
        "audio",
        "contact",
        "document",
        "game",
        "gif",
        "location",
        "mpeg4_gif",
        "photo",
        "sticker",
        "venue",
        "video",
        "voice",
    }
)
TOO_OLD = "Bad Request: query is too old and response timeout expired or query ID is invalid"


@dataclass
class InlineResult:
    """One validated InlineQueryResultArticle (the only kind the fake can post)."""

    id: str
    title: str
    content: RenderedText
    reply_markup: JSON | None


@dataclass
class InlineAnswer:
    """A validated answerInlineQuery call."""

    raw_results: list[Any]
    results: dict[str, InlineResult]
    is_personal: bool
    cache_time: int
    next_offset: str
    button: JSON | None

    def as_dict(self) -> JSON:
        return {
            "results": copy.deepcopy(self.raw_results),
            "is_personal": self.is_personal,
            "cache_time": self.cache_time,
            "next_offset": self.next_offset,
            "button": copy.deepcopy(self.button),
        }


@dataclass
class _InlineQuery:
    id: str
    user_id: int
    query: str
    offset: str
    chat_type: str | None
    chat_id: int | None
    sent_at: float
    delivered: bool = True
    answer: InlineAnswer | None = None
    answered_at: float | None = None
    cached_from: str | None = None
    chosen: list[str] = field(default_factory=list)


# ---------------------------------------------------------------------- answer validation


def _bad_result(detail: str, reason: str | None = None) -> ApiError:
    """A result the Bot API server cannot parse: it prefixes the parser's message."""
    return ApiError(f"Bad Request: can't parse inline query result: {detail}", reason=reason)


def _bad_button(detail: str, reason: str | None = None) -> ApiError:
    return ApiError(
        f"Bad Request: can't parse inline query results button: {detail}", reason=reason
    )


def _rewrapped(error: ApiError) -> ApiError:
    """Re-word an error from the shared text/markup checks as answerInlineQuery words it.

    Telegram's own error codes (``BUTTON_DATA_INVALID``) and TDLib's messages ("inline
    keyboard expected") come back unchanged; the Bot API server's parse errors ("can't parse
    entities", "unsupported parse_mode") get the "can't parse inline query result" prefix.
    """
    detail = error.description.removeprefix("Bad Request: ")
    if re.fullmatch(r"[A-Z0-9_]+", detail) or detail.startswith("inline keyboard"):
        return error
    wrapped = _bad_result(detail[:1].upper() + detail[1:])
    if error.reason != error.description:
        wrapped.reason = error.reason
    return wrapped


def _json_string(obj: JSON, name: str, *, required: bool, wrap: Callable[..., ApiError]) -> str:
    """A String field of a JSON object, read like the Bot API server (numbers pass as text)."""
    value = obj.get(name)
    if value is None:
        if required:
            raise wrap(f'Can\'t find field "{name}"')
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return json.dumps(value)
    raise wrap(f'Field "{name}" must be of type String')


def _text_content(content: JSON, *, strict_ampersand: bool) -> RenderedText:
    """InputTextMessageContent: message_text 1-4096 characters after entity parsing."""
    text = _json_string(content, "message_text", required=False, wrap=_bad_result)
    if not text:
        if any(key in content for key in ("latitude", "phone_number", "payload")):
            raise ApiError(
                "Bad Request: can't parse inline query result: input message content other than "
                "InputTextMessageContent is not implemented by the fake Bot API server",
                reason="only InputTextMessageContent is simulated",
            )
        raise _bad_result("Input message content is not specified")
    options = content.get("link_preview_options")
    if options is not None and not isinstance(options, dict):
        raise _bad_result('Field "link_preview_options" must be of type Object')
    parse_mode = _json_string(content, "parse_mode", required=False, wrap=_bad_result)
    try:
        return render_text(
            text, parse_mode, content.get("entities"), strict_ampersand=strict_ampersand
        )
    except ApiError as error:
        if error.description == "Bad Request: message text is empty":
            # TDLib refuses a text that is empty after entity parsing and trimming.
            raise ApiError(
                "Bad Request: text must be non-empty",
                reason=f"message_text {text!r} is empty after entity parsing",
            ) from None
        if error.description == "Bad Request: message is too long":
            raise ApiError("Bad Request: MESSAGE_TOO_LONG", reason=error.reason) from None
        raise _rewrapped(error) from None


def _parse_result(raw: Any, *, strict_ampersand: bool) -> InlineResult:
    if not isinstance(raw, dict):
        raise _bad_result("Inline query result must be an object")
    kind = _json_string(raw, "type", required=True, wrap=_bad_result).lower()
    result_id = _json_string(raw, "id", required=True, wrap=_bad_result)
    content = raw.get("input_message_content")
    if content is None:
        if kind == "article":  # legacy form: the message fields on the result itself
            _json_string(raw, "message_text", required=True, wrap=_bad_result)
            content = raw
    elif not isinstance(content, dict):
        raise _bad_result('Field "input_message_content" must be of type Object')
    markup_raw = raw.get("reply_markup")
    if markup_raw is not None and not isinstance(markup_raw, dict):
        raise _bad_result('Field "reply_markup" must be of type Object')
    try:
        # The message can land in any chat, so private-only buttons (web_app) are refused.
        markup = validate_reply_markup(markup_raw, chat_type="inline", inline_only=True)
    except ApiError as error:
        raise _rewrapped(error) from None
    if kind not in RESULT_TYPES:
        raise _bad_result(f'type "{kind}" is unsupported for the inline query result')
    if kind != "article":
        raise ApiError(
            f'Bad Request: inline query results of type "{kind}" are not implemented by the fake '
            "Bot API server",
            reason="only InlineQueryResultArticle is simulated",
        )
    title = _json_string(raw, "title", required=True, wrap=_bad_result)
    assert content is not None
    rendered = _text_content(content, strict_ampersand=strict_ampersand)
    if not title.strip():
        raise ApiError("Bad Request: ARTICLE_TITLE_EMPTY", reason=f"result {result_id!r}")
    size = len(result_id.encode("utf-8"))
    if not 1 <= size <= MAX_RESULT_ID_BYTES:
        raise ApiError(
            "Bad Request: RESULT_ID_INVALID",
            reason=f"result id {result_id!r} is {size} bytes (must be 1-64 UTF-8 bytes)",
        )
    return InlineResult(id=result_id, title=title, content=rendered, reply_markup=markup)


def _parse_results(raw: Any, *, strict_ampersand: bool) -> tuple[list[Any], list[InlineResult]]:
    if isinstance(raw, str):  # form-encoded JSON that did not decode
        if not raw.strip():
            raw = None
        else:
            try:
                raw = json.loads(raw)
            except ValueError as exc:
                raise ApiError(
                    f"Bad Request: can't parse JSON encoded inline query results: {exc}"
                ) from None
    if raw is None:
        return [], []
    if not isinstance(raw, list):
        raise ApiError("Bad Request: expected an Array of inline query results")
    if len(raw) > MAX_INLINE_RESULTS:
        raise ApiError(
            "Bad Request: too many inline query results specified",
            reason=f"{len(raw)} results (max {MAX_INLINE_RESULTS})",
        )
    results = [_parse_result(item, strict_ampersand=strict_ampersand) for item in raw]
    seen: set[str] = set()
    for result in results:
        if result.id in seen:
            raise ApiError("Bad Request: RESULT_ID_DUPLICATE", reason=f"result id {result.id!r}")
        seen.add(result.id)
    return raw, results


def _parse_button(raw: Any) -> JSON | None:
    """InlineQueryResultsButton: text and exactly one of start_parameter and web_app."""
    if raw is None or raw == "":
        return None
    if not isinstance(raw, dict):
        raise _bad_button("InlineQueryResultsButton must be an Object")
    text = _json_string(raw, "text", required=True, wrap=_bad_button)
    kinds = [name for name in ("start_parameter", "web_app") if name in raw]
    if len(kinds) != 1:
        raise _bad_button(
            "InlineQueryResultsButton must have exactly one optional field",
            reason=f"button {raw!r} has {kinds or 'none'} of start_parameter, web_app",
        )
    if kinds == ["start_parameter"]:
        parameter = _json_string(raw, "start_parameter", required=True, wrap=_bad_button)
        if not parameter:
            raise ApiError("Bad Request: can't use empty start_parameter")
        if len(parameter) > 64:
            raise ApiError(
                "Bad Request: too long start_parameter specified",
                reason=f"start_parameter has {len(parameter)} characters (max 64)",
            )
        if not START_PARAMETER_RE.fullmatch(parameter):
            raise ApiError(
                "Bad Request: unallowed characters in start_parameter are used",
                reason=f"start_parameter {parameter!r}: only A-Z, a-z, 0-9, _ and -",
            )
    else:
        web_app = raw["web_app"]
        if not isinstance(web_app, dict):
            raise _bad_button('Field "web_app" must be of type Object')
        url = _json_string(web_app, "url", required=True, wrap=_bad_button)
        parts = urlsplit(url)
        if parts.scheme.lower() != "https" or not parts.hostname:
            raise ApiError(
                f"Bad Request: inline query button Web App URL '{url}' is invalid: Only HTTPS "
                "links are allowed"
            )
    if not text.strip():
        raise ApiError("Bad Request: SWITCH_PM_TEXT_EMPTY", reason="button text is empty")
    return dict(raw)


def parse_inline_answer(params: _Params, *, strict_ampersand: bool = True) -> InlineAnswer:
    """Validate answerInlineQuery's parameters (all but the query id) like Telegram."""
    is_personal = params.flag("is_personal")
    cache_time = params.integer("cache_time")
    if cache_time is None:
        cache_time = DEFAULT_CACHE_TIME
    if cache_time < 0:
        # The Bot API server silently clamps it to 0; a negative cache time is a bot bug anyway.
        raise ApiError("Bad Request: cache_time must be non-negative")
    next_offset = params.string("next_offset") or ""
    raw_button = params.raw("button")
    if raw_button is None and params.string("switch_pm_text"):  # the pre-6.7 spelling
        raw_button = {
            "text": params.string("switch_pm_text"),
            "start_parameter": params.string("switch_pm_parameter") or "",
        }
    button = _parse_button(raw_button)
    raw_results, results = _parse_results(params.raw("results"), strict_ampersand=strict_ampersand)
    size = len(next_offset.encode("utf-8"))
    if size > MAX_NEXT_OFFSET_BYTES:
        raise ApiError(
            "Bad Request: NEXT_OFFSET_INVALID",
            reason=f"next_offset is {size} bytes (max {MAX_NEXT_OFFSET_BYTES})",
        )
    return InlineAnswer(
        raw_results=raw_results,
        results={result.id: result for result in results},
        is_personal=is_personal,
        cache_time=min(cache_time, MAX_CACHE_TIME),
        next_offset=next_offset,
        button=button,
    )


# ---------------------------------------------------------------------- the mixin


class InlineModeMixin:
    """Inline mode for :class:`~tests.support.bot_api_server.FakeBotApi` (mixed into it).

    Uses the server's lock, world and update queue; everything here runs under ``_cond``.
    """

    # Provided by FakeBotApi.
    _cond: threading.Condition
    _users: dict[int, JSON]
    _chats: dict[int, _Chat]
    _messages: dict[int, dict[int, _Message]]
    _query_ids: itertools.count[int]
    _allowed_updates: frozenset[str]
    strict_html_ampersand: bool
    bot_id: int
    bot_user: JSON
    bot_username: str

    if TYPE_CHECKING:

        def _touch(self) -> None: ...
        def _enqueue(self, kind: str, payload: JSON) -> None: ...
        def _require_user(self, user_id: int) -> JSON: ...
        def _ensure_private_chat(self, user_id: int) -> _Chat: ...
        def _next_message_id(self, chat: _Chat) -> int: ...
        def _message_json(self, message: _Message, *, with_reply: bool = True) -> JSON: ...
        def _button_summary(self, message: _Message) -> str: ...
        def dump(self) -> str: ...
        def wait_for(
            self, predicate: Callable[[], T | None], timeout: float = 10.0, poll: float = 0.02
        ) -> T: ...

    def _init_inline_mode(
        self, *, inline_mode: bool, inline_feedback: bool, inline_answer_timeout: float
    ) -> None:
        self.inline_mode = inline_mode
        self.inline_feedback = inline_feedback
        self.inline_answer_timeout = inline_answer_timeout
        self._inline_queries: dict[str, _InlineQuery] = {}
        self._inline_message_ids = itertools.count(1)

    # ------------------------------------------------------------------ test side

    def inline_query(
        self,
        user_id: int,
        query: str,
        *,
        chat_id: int | None = None,
        offset: str = "",
        chat_type: str | None = None,
    ) -> str:
        """The user types ``@bot <query>``; returns the inline query id.

        ``chat_id`` is where they type it and sets ``chat_type`` in the update: their private
        chat with the bot (``chat_id == user_id``) is "sender", another user's id "private", a
        group or supergroup its type. Without ``chat_id`` the update has no ``chat_type``
        (secret chats) unless ``chat_type`` gives one (e.g. "channel", which the fake does not
        simulate as a chat). ``offset`` is the ``next_offset`` of the answer being paged.

        Like Telegram, an answer still in its ``cache_time`` for the same query and offset
        (only for the same user if it was ``is_personal``) is shown again without asking the
        bot: the returned query is then already answered (:meth:`wait_inline_answer` has
        ``from_cache=True``). With ``allowed_updates`` excluding "inline_query" Telegram drops
        the update; the query stays unanswered and :meth:`assert_clean` says why. A bot without
        inline mode (``inline_mode=False``) gets nothing: clients do not even send the query,
        so calling this is an AssertionError.
        """
        with self._cond:
            user = self._require_user(user_id)
            if not self.inline_mode:
                raise AssertionError(
                    f"@{self.bot_username} has inline mode off (FakeBotApi(inline_mode=False)); "
                    "clients do not send it inline queries"
                )
            if not isinstance(query, str) or len(query) > MAX_INLINE_QUERY_LENGTH:
                raise ValueError(
                    f"an inline query is a string of at most 256 characters: {query!r}"
                )
            if chat_id is not None:
                if chat_type is not None:
                    raise ValueError("pass chat_id or chat_type, not both")
                chat_type = self._inline_chat_type(user_id, chat_id)
            elif chat_type is not None and chat_type not in INLINE_CHAT_TYPES:
                raise ValueError(f"chat_type must be one of {INLINE_CHAT_TYPES}, not {chat_type!r}")
            record = _InlineQuery(
                id=str(next(self._query_ids)),
                user_id=user_id,
                query=query,
                offset=offset,
                chat_type=chat_type,
                chat_id=chat_id,
                sent_at=time.monotonic(),
            )
            self._inline_queries[record.id] = record
            cached = self._cached_inline_answer(user_id, query, offset, exclude=record.id)
            if cached is not None:
                record.delivered = False
                record.cached_from = cached.cached_from or cached.id
                record.answer = cached.answer
                record.answered_at = cached.answered_at
            elif "inline_query" in self._allowed_updates:  # else Telegram drops it
                payload: JSON = {"id": record.id, "from": dict(user)}
                if chat_type is not None:
                    payload["chat_type"] = chat_type
                payload["query"] = query
                payload["offset"] = offset
                self._enqueue("inline_query", payload)
            else:
                record.delivered = False
            self._touch()
            return record.id

    def wait_inline_answer(self, query_id: str, timeout: float = 10.0) -> JSON:
        """Block until the bot answered the inline query; returns the answer's parameters.

        Keys: results (the InlineQueryResult dicts as sent), is_personal, cache_time (300 when
        the bot left it out), next_offset ("" for none), button (None for none), and
        from_cache (True when Telegram showed a cached answer instead of asking the bot).
        """

        def answered() -> list[JSON] | None:
            with self._cond:
                query = self._inline_queries.get(query_id)
                if query is None:
                    raise AssertionError(f"unknown inline query id {query_id!r}")
                if query.answer is None:
                    return None
                return [{**query.answer.as_dict(), "from_cache": query.cached_from is not None}]

        try:
            return self.wait_for(answered, timeout=timeout)[0]
        except AssertionError as exc:
            raise AssertionError(f"inline query {query_id} was not answered: {exc}") from None

    def inline_answer(self, query_id: str) -> JSON | None:
        """The answer to an inline query if there is one yet (never waits); see
        :meth:`wait_inline_answer` for its keys."""
        with self._cond:
            query = self._inline_queries.get(query_id)
            if query is None:
                raise AssertionError(f"unknown inline query id {query_id!r}")
            if query.answer is None:
                return None
            return {**query.answer.as_dict(), "from_cache": query.cached_from is not None}

    def choose_inline_result(
        self,
        user_id: int,
        query_id: str,
        result_id: str,
        chat_id: int,
        *,
        message_thread_id: int | None = None,
    ) -> JSON:
        """The user picks result ``result_id`` of an answered inline query in ``chat_id``.

        Posts the result's ``input_message_content`` there as the user's message with
        ``via_bot`` (the bot receives it as a ``message`` update: in groups privacy mode lets
        messages sent via the bot through) and, with inline feedback on, then queues a
        ``chosen_inline_result`` (``inline_message_id`` only if the result has an inline
        keyboard). Returns the Message dict. A test cannot choose what the bot never offered:
        an unanswered query, a result id not in the answer, another user's personal answer, or
        a chat other than the one the query was typed in are AssertionErrors.
        """
        with self._cond:
            user = self._require_user(user_id)
            query = self._inline_queries.get(query_id)
            if query is None:
                raise AssertionError(f"unknown inline query id {query_id!r}")
            answer = query.answer
            if answer is None:
                raise AssertionError(
                    f"inline query {query_id} ({query.query!r}) was never answered; there is "
                    f"nothing to choose\n{self.dump()}"
                )
            if answer.is_personal and user_id != query.user_id:
                raise AssertionError(
                    f"inline query {query_id} was answered personally for user {query.user_id}; "
                    f"user {user_id} never saw those results"
                )
            result = answer.results.get(result_id)
            if result is None:
                raise AssertionError(
                    f"the answer to inline query {query_id} has no result {result_id!r}; "
                    f"results: {list(answer.results)}"
                )
            if query.chat_id is not None and chat_id != query.chat_id:
                raise AssertionError(
                    f"inline query {query_id} was typed in chat {query.chat_id}; its results "
                    f"cannot be sent to chat {chat_id}"
                )
            chat = self._writable_chat(user_id, chat_id)
            if message_thread_id is not None and not chat.is_forum:
                raise ValueError("message_thread_id is only meaningful in forum supergroups")
            inline_message_id = None
            if result.reply_markup is not None:
                inline_message_id = self._new_inline_message_id()
            message = _Message(
                chat_id=chat.id,
                message_id=self._next_message_id(chat),
                date=int(time.time()),
                sender=dict(user),
                from_bot=False,
                method="answerInlineQuery",
                text=result.content.text,
                raw_text=result.content.raw,
                parse_mode=result.content.parse_mode,
                entities=copy.deepcopy(result.content.entities),
                reply_markup=copy.deepcopy(result.reply_markup),
                thread_id=message_thread_id,
                via_bot=dict(self.bot_user),
                inline_message_id=inline_message_id,
            )
            self._messages[chat.id][message.message_id] = message
            query.chosen.append(result_id)
            payload = self._message_json(message)
            self._enqueue("message", payload)
            if self.inline_feedback and "chosen_inline_result" in self._allowed_updates:
                chosen: JSON = {"from": dict(user)}
                if inline_message_id is not None:
                    chosen["inline_message_id"] = inline_message_id
                chosen["query"] = query.query
                chosen["result_id"] = result_id
                self._enqueue("chosen_inline_result", chosen)
            self._touch()
            return copy.deepcopy(payload)

    def inline_button_query(self, chat_id: int, message_id: int, label: str) -> str:
        """switch_inline_query_current_chat of the button whose text contains ``label``."""
        with self._cond:
            message = self._messages[chat_id].get(message_id)
            if message is not None and message.reply_markup:
                for row in message.reply_markup.get("inline_keyboard", []):
                    for button in row:
                        if (
                            label in button.get("text", "")
                            and "switch_inline_query_current_chat" in button
                        ):
                            return str(button["switch_inline_query_current_chat"])
            summary = self._button_summary(message) if message else "no such message"
            raise AssertionError(f"no inline-query button labelled {label!r}: {summary}")

    def inline_queries(self) -> list[JSON]:
        """Every inline query, oldest first: id, user_id, query, offset, chat_type, chat_id,
        delivered (the bot got the update), from_cache, answer (see :meth:`wait_inline_answer`,
        None while unanswered), chosen (result ids picked from it)."""
        with self._cond:
            return [
                {
                    "id": query.id,
                    "user_id": query.user_id,
                    "query": query.query,
                    "offset": query.offset,
                    "chat_type": query.chat_type,
                    "chat_id": query.chat_id,
                    "delivered": query.delivered,
                    "from_cache": query.cached_from is not None,
                    "answer": query.answer.as_dict() if query.answer is not None else None,
                    "chosen": list(query.chosen),
                }
                for query in self._inline_queries.values()
            ]

    def inline_answers(self) -> dict[str, JSON]:
        """The bot's answers by inline query id (answers Telegram served from its cache are
        not the bot's and are left out)."""
        with self._cond:
            return {
                query.id: query.answer.as_dict()
                for query in self._inline_queries.values()
                if query.answer is not None and query.cached_from is None
            }

    def unanswered_inline_queries(self) -> list[str]:
        """Ids of inline queries the bot never answered (the user sees no results)."""
        with self._cond:
            return [query.id for query in self._inline_queries.values() if query.answer is None]

    # ------------------------------------------------------------------ helpers

    def _inline_problems(self) -> list[str]:
        """For assert_clean: inline queries left unanswered (caller holds the lock)."""
        problems = []
        for query in self._inline_queries.values():
            if query.answer is not None:
                continue
            problem = (
                f"unanswered inline query {query.id} (user {query.user_id}, query "
                f"{query.query!r}, offset {query.offset!r})"
            )
            if not query.delivered:
                problem += " -- never delivered: allowed_updates excludes inline_query"
            problems.append(problem)
        return problems

    def _inline_chat_type(self, user_id: int, chat_id: int) -> str:
        if chat_id == user_id:
            return "sender"
        chat = self._chats.get(chat_id)
        if chat is not None and chat.type != "private":
            chat.members.add(user_id)
            return chat.type
        if chat_id in self._users:
            return "private"
        raise ValueError(f"unknown chat {chat_id}; call add_chat or add_user first")

    def _writable_chat(self, user_id: int, chat_id: int) -> _Chat:
        """A simulated chat the user can post in (their chat with the bot, or a group)."""
        if chat_id == user_id:
            return self._ensure_private_chat(user_id)
        chat = self._chats.get(chat_id)
        if chat is None or chat.type == "private":
            raise ValueError(
                f"chat {chat_id} is not simulated (only the user's chat with the bot and groups "
                "are); the bot would not see a message there anyway"
            )
        chat.members.add(user_id)
        return chat

    def _cached_inline_answer(
        self, user_id: int, query: str, offset: str, *, exclude: str
    ) -> _InlineQuery | None:
        now = time.monotonic()
        for previous in reversed(self._inline_queries.values()):
            answer = previous.answer
            if previous.id == exclude or answer is None or previous.answered_at is None:
                continue
            if previous.query != query or previous.offset != offset:
                continue
            if answer.is_personal and previous.user_id != user_id:
                continue
            if now - previous.answered_at < answer.cache_time:
                return previous
        return None

    def _new_inline_message_id(self) -> str:
        """Opaque like Telegram's: 20 bytes (DC, message id, access hash), base64url."""
        number = next(self._inline_message_ids)
        raw = (2).to_bytes(4, "little") + number.to_bytes(8, "little") + self.bot_id.to_bytes(8)
        return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")

    # ------------------------------------------------------------------ API method

    def _api_answer_inline_query(self, params: _Params, context: _RequestContext) -> bool:
        if not self.inline_mode:
            # What Telegram answers a bot without inline mode (tdlib/telegram-bot-api#568).
            raise ApiError(
                "Bad Request: USER_BOT_INVALID",
                reason="answerInlineQuery, but inline mode is off (BotFather /setinline): the "
                "bot never receives inline queries",
            )
        query_id = params.string("inline_query_id") or ""
        answer = parse_inline_answer(params, strict_ampersand=self.strict_html_ampersand)
        query = self._inline_queries.get(query_id)
        if query is None or query.cached_from is not None:
            raise ApiError(TOO_OLD, reason=f"unknown inline query id {query_id!r}")
        if query.answer is not None:
            raise ApiError(TOO_OLD, reason=f"inline query {query_id} answered twice")
        age = time.monotonic() - query.sent_at
        if age > self.inline_answer_timeout:
            raise ApiError(
                TOO_OLD,
                reason=f"inline query {query_id} answered {age:.1f}s after it was sent "
                f"(limit {self.inline_answer_timeout:g}s)",
            )
        query.answer = answer
        query.answered_at = time.monotonic()
        return True
