"""Ephemeral messages (Bot API 10.2-10.3) for the fake Bot API server.

An ephemeral message is a bot message in a group that one member (its receiver) and the bot
see, nobody else: ``sendMessage`` with ``ephemeral_message_parameters`` ({receiver_user_id,
callback_query_id?, replace_callback_query_message?}) sends one; Telegram answers with a
Message whose ``message_id`` is 0 and which carries ``ephemeral_message_id`` and
``receiver_user``. The bot edits it with ``editEphemeralMessageText`` / ``…ReplyMarkup`` and
removes it with ``deleteEphemeralMessage`` (each by chat, receiver and ephemeral id; they
return True). A press on its buttons reaches the bot as a callback query whose message is the
ephemeral one. What the fake enforces, as Telegram documents it:

* ``callback_query_id`` only within 15 s of its press, and only for that press's user
  (the receiver); ``replace_callback_query_message`` never for a press on an ephemeral message;
* receivers are members of a group or supergroup; the receiver only sees it: other members'
  views (:meth:`EphemeralMixin.member_view`) and the chat's history never hold it;
* an ephemeral id may be reused once its message is deleted or has expired
  (``ephemeral_lifetime``), so a bot that keeps an old id edits someone else's message —
  the fake reuses the smallest free id to make that visible;
* ``InlineKeyboardButton.disabled`` buttons do nothing: a test cannot press one;
* a budget: Telegram documents none, so it is treated as messages to one person (about one a
  second per receiver, with the per-chat burst, within the bot's 30 a second), outside the
  group's 20 a minute.

``ephemeral="unknown"`` is a server from before 10.2: the methods are 404 and
``ephemeral_message_parameters`` is an unknown field, ignored — the message goes to the whole
group, as an old server would do it. ``ephemeral="refuse"`` knows the methods but refuses
every ephemeral send (as for a client that cannot show them), so the bot's fallbacks run.
"""

from __future__ import annotations

import copy
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tests.support.bot_api_records import _Chat, _Params, _Query, _RequestContext
from tests.support.validation import ApiError, RenderedText, canonical_markup

__all__ = ["EPHEMERAL_METHODS", "EphemeralMixin"]

JSON = dict[str, Any]
EPHEMERAL_METHODS = (
    "editEphemeralMessageText",
    "editEphemeralMessageReplyMarkup",
    "deleteEphemeralMessage",
)
CALLBACK_REPLY_SECONDS = 15.0  # a press's callback_query_id sends a reply this long
MODES = ("on", "unknown", "refuse")
NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply markup are "
    "exactly the same as a current content and reply markup of the message"
)


@dataclass
class _Ephemeral:
    chat_id: int
    receiver_id: int
    ephemeral_id: int
    date: int
    sent_at: float
    text: str
    raw_text: str
    parse_mode: str | None
    entities: list[JSON]
    reply_markup: JSON | None
    callback_query_id: str | None = None
    deleted: bool = False
    edits: list[str] = field(default_factory=list)
    markup_edits: int = 0


class EphemeralMixin:
    """Mixed into :class:`tests.support.bot_api_server.FakeBotApi` (which provides the world)."""

    if TYPE_CHECKING:
        _cond: Any
        _chats: dict[int, _Chat]
        _users: dict[int, JSON]
        _queries: dict[str, _Query]
        bot_id: int
        bot_user: JSON
        flood_limits_enabled: bool
        _flood: Any

        def _chat(self, params: _Params, *, sending: bool = False) -> _Chat: ...
        def _render(self, params: _Params, *, caption: bool = False) -> RenderedText: ...
        def _chat_json(self, chat: _Chat) -> JSON: ...
        def _enqueue(self, kind: str, payload: JSON) -> None: ...
        def _touch(self) -> None: ...
        def _new_query(self, user_id: int, chat_id: int, message_id: int, data: str) -> _Query: ...

    def _init_ephemeral(self, *, ephemeral: str, ephemeral_lifetime: float | None) -> None:
        if ephemeral not in MODES:
            raise ValueError(f"ephemeral must be one of {MODES}")
        self.ephemeral = ephemeral
        self.ephemeral_lifetime = ephemeral_lifetime
        self._ephemerals: dict[int, dict[int, _Ephemeral]] = {}  # chat -> id -> message
        self._ephemeral_history: list[_Ephemeral] = []

    # ------------------------------------------------------------------ test side

    def ephemeral_messages(self, chat_id: int, user_id: int, *, gone: bool = False) -> list[JSON]:
        """The ephemeral messages ``user_id`` sees in the chat now (with ``gone``: also the
        deleted and expired ones), oldest first; records like :meth:`messages`' with
        ``ephemeral_message_id`` and ``receiver_id``."""
        with self._cond:
            return [
                self._ephemeral_record(message)
                for message in self._ephemeral_history
                if message.chat_id == chat_id
                and message.receiver_id == user_id
                and (gone or self._live(message))
            ]

    def ephemeral_message(self, chat_id: int, user_id: int, ephemeral_id: int) -> JSON:
        """The live ephemeral message ``user_id`` sees with that id (KeyError: none)."""
        with self._cond:
            message = self._ephemerals.get(chat_id, {}).get(ephemeral_id)
            if message is None or message.receiver_id != user_id or not self._live(message):
                raise KeyError(f"user {user_id} sees no ephemeral message {ephemeral_id}")
            return self._ephemeral_record(message)

    def expire_ephemeral(self, chat_id: int, user_id: int) -> None:
        """The receiver's ephemeral messages in the chat are gone (expired, or their client
        dropped them while offline); their ids may be given to new messages."""
        with self._cond:
            for message in self._ephemerals.get(chat_id, {}).values():
                if message.receiver_id == user_id:
                    message.deleted = True
            self._touch()

    def press_ephemeral(
        self,
        user_id: int,
        chat_id: int,
        ephemeral_id: int,
        callback_data: str,
        *,
        check_button: bool = True,
    ) -> str:
        """The receiver presses a button of their ephemeral message; returns the query id.
        Nobody else can (they do not see it), and a disabled button does nothing. Without
        ``check_button`` the data need not be on the message now (a button of an older
        version of it, pressed before its edit arrived)."""
        with self._cond:
            message = self._ephemerals.get(chat_id, {}).get(ephemeral_id)
            if message is None or not self._live(message) or message.receiver_id != user_id:
                raise AssertionError(f"user {user_id} sees no ephemeral message {ephemeral_id}")
            buttons = [b for row in self._rows(message) for b in row]
            pressable = any(b.get("callback_data") == callback_data for b in buttons)
            if check_button and not pressable:
                raise AssertionError(
                    f"ephemeral message {ephemeral_id} has no live button {callback_data!r}: "
                    f"{[(b.get('text'), 'disabled' in b) for b in buttons]}"
                )
            query = self._new_query(user_id, chat_id, 0, callback_data)
            query.ephemeral_id = ephemeral_id
            self._enqueue(
                "callback_query",
                {
                    "id": query.id,
                    "from": dict(self._users[user_id]),
                    "message": self._ephemeral_json(message),
                    "chat_instance": str((chat_id * 2_654_435_761) % 2**63),
                    "data": callback_data,
                },
            )
            self._touch()
            return query.id

    def member_view(self, user_id: int, chat_id: int) -> str:
        """Everything ``user_id`` can read of a group: its messages (every version) and their
        buttons, their own ephemeral messages, the answers to their own presses and inline
        queries. Another member's ephemeral message is never part of it."""
        with self._cond:
            parts: list[str] = []
            for message in self._messages.get(chat_id, {}).values():  # type: ignore[attr-defined]
                parts += [message.text or "", message.caption or "", *message.edits]
                parts += [b.get("text", "") for row in self._rows(message) for b in row]
            for message in self._ephemeral_history:
                if message.chat_id == chat_id and message.receiver_id == user_id:
                    parts += [message.text, *message.edits]
                    parts += [b.get("text", "") for row in self._rows(message) for b in row]
            for query in self._queries.values():
                if query.user_id == user_id and query.answer:
                    parts.append(str(query.answer.get("text", "")))
            for inline in self._inline_queries.values():  # type: ignore[attr-defined]
                if inline.user_id == user_id and inline.answer is not None:
                    parts.append(repr(inline.answer.as_dict()))
            return "\n".join(part for part in parts if part)

    # ------------------------------------------------------------------ server side

    def _ephemeral_stats(self) -> JSON:
        with self._cond:
            return {
                "sent": len(self._ephemeral_history),
                "live": sum(1 for m in self._ephemeral_history if self._live(m)),
            }

    def _live(self, message: _Ephemeral) -> bool:
        if message.deleted:
            return False
        lifetime = self.ephemeral_lifetime
        return lifetime is None or time.monotonic() - message.sent_at < lifetime

    @staticmethod
    def _rows(message: Any) -> list[list[JSON]]:
        return (message.reply_markup or {}).get("inline_keyboard", [])

    def _ephemeral_json(self, message: _Ephemeral) -> JSON:
        chat = self._chats[message.chat_id]
        data: JSON = {
            "message_id": 0,
            "from": dict(self.bot_user),
            "date": message.date,
            "chat": self._chat_json(chat),
            "text": message.text,
            "receiver_user": dict(self._users[message.receiver_id]),
            "ephemeral_message_id": message.ephemeral_id,
        }
        if message.entities:
            data["entities"] = copy.deepcopy(message.entities)
        if message.reply_markup:
            data["reply_markup"] = copy.deepcopy(message.reply_markup)
        return data

    def _ephemeral_record(self, message: _Ephemeral) -> JSON:
        return {
            "chat_id": message.chat_id,
            "receiver_id": message.receiver_id,
            "ephemeral_message_id": message.ephemeral_id,
            "text": message.text,
            "raw_text": message.raw_text,
            "entities": copy.deepcopy(message.entities),
            "reply_markup": copy.deepcopy(message.reply_markup),
            "edits": list(message.edits),
            "markup_edits": message.markup_edits,
            "deleted": not self._live(message),
            "callback_query_id": message.callback_query_id,
        }

    def _check_ephemeral_flood(self, chat_id: int, receiver_id: int) -> None:
        if not self.flood_limits_enabled:
            return
        retry_after = self._flood.try_send_ephemeral(chat_id, receiver_id)
        if retry_after is not None:
            raise ApiError(
                f"Too Many Requests: retry after {retry_after}",
                code=429,
                violation=False,
                parameters={"retry_after": retry_after},
            )

    def _ephemeral_params(self, chat: _Chat, raw: Any) -> tuple[int, _Query | None]:
        """Check ``ephemeral_message_parameters``: (receiver, the press it answers)."""
        if not isinstance(raw, dict):
            raise ApiError("Bad Request: can't parse ephemeral message parameters JSON object")
        receiver = raw.get("receiver_user_id")
        if isinstance(receiver, bool) or not isinstance(receiver, int):
            raise ApiError("Bad Request: receiver_user_id is required", reason=f"got {raw!r}")
        if chat.type not in ("group", "supergroup"):
            raise ApiError(
                "Bad Request: ephemeral messages can be sent only to groups and supergroups",
                reason=f"chat {chat.id} is a {chat.type}",
            )
        if receiver not in self._users or receiver not in chat.members:
            raise ApiError(
                "Bad Request: USER_NOT_PARTICIPANT",
                reason=f"receiver {receiver} is not a member of chat {chat.id}",
            )
        query_id = raw.get("callback_query_id")
        if query_id is None:
            return receiver, None
        query = self._queries.get(str(query_id))
        if query is None or query.user_id != receiver or query.chat_id != chat.id:
            raise ApiError(
                "Bad Request: QUERY_ID_INVALID",
                reason=f"callback query {query_id!r} is not a press of user {receiver} in "
                f"chat {chat.id}",
            )
        age = time.monotonic() - query.pressed_at
        if age > CALLBACK_REPLY_SECONDS:
            raise ApiError(
                "Bad Request: QUERY_ID_INVALID",
                violation=False,
                reason=f"callback query {query_id} used {age:.1f}s after its press (limit 15 s)",
            )
        if raw.get("replace_callback_query_message") and query.ephemeral_id:
            raise ApiError(
                "Bad Request: replace_callback_query_message must be False for callback queries "
                "from ephemeral messages"
            )
        return receiver, query

    def _free_ephemeral_id(self, chat_id: int) -> int:
        """The smallest id no live ephemeral message of the chat holds (ids are reused)."""
        taken = {eid for eid, m in self._ephemerals.get(chat_id, {}).items() if self._live(m)}
        return next(eid for eid in range(1, len(taken) + 2) if eid not in taken)

    def _send_ephemeral(
        self, chat: _Chat, params: _Params, rendered: RenderedText, markup: JSON | None
    ) -> JSON:
        receiver, query = self._ephemeral_params(chat, params.raw("ephemeral_message_parameters"))
        if self.ephemeral == "refuse":
            raise ApiError(
                "Bad Request: EPHEMERAL_MESSAGE_UNAVAILABLE",
                violation=False,
                reason="the server refuses ephemeral messages (ephemeral='refuse')",
            )
        _check_no_login_url(markup)
        self._check_ephemeral_flood(chat.id, receiver)
        message = _Ephemeral(
            chat_id=chat.id,
            receiver_id=receiver,
            ephemeral_id=self._free_ephemeral_id(chat.id),
            date=int(time.time()),
            sent_at=time.monotonic(),
            text=rendered.text,
            raw_text=rendered.raw,
            parse_mode=rendered.parse_mode,
            entities=rendered.entities,
            reply_markup=markup,
            callback_query_id=query.id if query else None,
        )
        self._ephemerals.setdefault(chat.id, {})[message.ephemeral_id] = message
        self._ephemeral_history.append(message)
        return self._ephemeral_json(message)

    def _own_ephemeral(self, params: _Params, action: str) -> _Ephemeral:
        chat = self._chat(params)
        receiver = params.integer("receiver_user_id", required=True)
        ephemeral_id = params.integer("ephemeral_message_id", required=True)
        message = self._ephemerals.get(chat.id, {}).get(ephemeral_id or 0)
        if message is None or not self._live(message) or message.receiver_id != receiver:
            # Not a misuse: a message the receiver's client dropped (or that expired) is gone.
            raise ApiError(f"Bad Request: message to {action} not found", violation=False)
        return message

    def _api_edit_ephemeral_message_text(self, params: _Params, context: _RequestContext) -> bool:
        from tests.support.validation import validate_reply_markup

        message = self._own_ephemeral(params, "edit")
        rendered = self._render(params)
        chat = self._chats[message.chat_id]
        markup = validate_reply_markup(
            params.raw("reply_markup"), chat_type=chat.type, inline_only=True
        )
        _check_no_login_url(markup)
        same_markup = canonical_markup(markup) == canonical_markup(message.reply_markup)
        if rendered.text == message.text and rendered.entities == message.entities and same_markup:
            raise ApiError(NOT_MODIFIED, violation=False)
        self._check_ephemeral_flood(message.chat_id, message.receiver_id)
        if rendered.text != message.text:
            message.edits.append(message.text)
        if not same_markup:
            message.markup_edits += 1
        message.text, message.raw_text = rendered.text, rendered.raw
        message.entities, message.parse_mode = rendered.entities, rendered.parse_mode
        message.reply_markup = markup
        return True

    def _api_edit_ephemeral_message_reply_markup(
        self, params: _Params, context: _RequestContext
    ) -> bool:
        from tests.support.validation import validate_reply_markup

        message = self._own_ephemeral(params, "edit")
        chat = self._chats[message.chat_id]
        markup = validate_reply_markup(
            params.raw("reply_markup"), chat_type=chat.type, inline_only=True
        )
        _check_no_login_url(markup)
        if canonical_markup(markup) == canonical_markup(message.reply_markup):
            raise ApiError(NOT_MODIFIED, violation=False)
        self._check_ephemeral_flood(message.chat_id, message.receiver_id)
        message.reply_markup = markup
        message.markup_edits += 1
        return True

    def _api_delete_ephemeral_message(self, params: _Params, context: _RequestContext) -> bool:
        if params.integer("chat_id") == self.bot_id:
            # A capability probe (the bot's own id is no group): an answer, not a misuse.
            raise ApiError("Bad Request: chat not found", violation=False)
        message = self._own_ephemeral(params, "delete")
        message.deleted = True
        return True


def _check_no_login_url(markup: JSON | None) -> None:
    for row in (markup or {}).get("inline_keyboard", []):
        for button in row:
            if "login_url" in button:
                raise ApiError(
                    "Bad Request: BUTTON_TYPE_INVALID",
                    reason="login_url buttons are not supported for ephemeral messages",
                )
