"""A local, strict stand-in for the Telegram Bot API, for end-to-end tests of the bot.

Telegram cannot be reached from the test machines, and mocking python-telegram-bot's ``Bot``
would test our assumptions rather than the bot. Instead the real bot process talks HTTP to
:class:`FakeBotApi` (``base_url=server.base_url``), which keeps a simulated world (users,
chats, messages, button presses) and, crucially, enforces Telegram's documented limits: every
request that Telegram would refuse is refused the same way *and* recorded in
:attr:`FakeBotApi.violations`, so a test fails on the bot bug instead of it surfacing in
production as a silently dropped message.

Typical use::

    with FakeBotApi(TOKEN) as api:
        api.add_user(1, "Ann")
        api.add_chat(-1001, admins=[1])
        start_bot(base_url=api.base_url)          # the real bot, polling getUpdates
        api.send_message(1, -1001, "/newgame")
        table = api.wait_for(lambda: api.messages(-1001))[-1]
        qid = api.press(1, table["message_id"], -1001, "join")
        api.wait_answer(qid)
        api.assert_clean()

Inline mode (inline queries, answerInlineQuery, results sent "via @bot", chosen_inline_result)
lives in :mod:`tests.support.inline_mode`, mixed into :class:`FakeBotApi`.

Errors are split in two: *violations* (the bot broke a rule: over-long text, 65-byte
callback data, bad HTML, answering a callback query twice...) and ordinary errors a correct bot
must cope with ("message is not modified", "message to delete not found", 403 for users who
never started the bot, 429 flood control). Only the former fail :meth:`FakeBotApi.assert_clean`.
"""

from __future__ import annotations

import contextlib
import copy
import email.message
import email.parser
import email.policy
import itertools
import json
import re
import socket
import sys
import threading
import time
import urllib.error
import urllib.request
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, TypeVar
from urllib.parse import parse_qsl, urlsplit

from tests.support.bot_api_records import _Chat, _Message, _Params, _Query, _RequestContext
from tests.support.ephemeral import EPHEMERAL_METHODS, EphemeralMixin
from tests.support.flood import FloodGate, FloodLimits
from tests.support.inline_mode import InlineModeMixin
from tests.support.telegram_html import bot_command_entities
from tests.support.validation import (
    ApiError,
    RenderedText,
    canonical_markup,
    render_text,
    validate_commands,
    validate_menu_button,
    validate_reply_markup,
    validate_scope,
)

__all__ = ["FakeBotApi", "FloodLimits", "UploadedFile"]

JSON = dict[str, Any]
T = TypeVar("T")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


#: Methods the fake implements, in Telegram's spelling (lookup is case-insensitive).
IMPLEMENTED_METHODS = (
    "getMe",
    "getUpdates",
    "setWebhook",
    "deleteWebhook",
    "getWebhookInfo",
    "setMyCommands",
    "getMyCommands",
    "deleteMyCommands",
    "setMyDescription",
    "getMyDescription",
    "setMyShortDescription",
    "getMyShortDescription",
    "setMyName",
    "getMyName",
    "setChatMenuButton",
    "getChatMenuButton",
    "sendMessage",
    "editMessageText",
    "editMessageReplyMarkup",
    "deleteMessage",
    "deleteMessages",
    "answerCallbackQuery",
    "answerInlineQuery",
    "getChat",
    "getChatMember",
    "getChatAdministrators",
    "sendDocument",
    "sendChatAction",
    "pinChatMessage",
    "unpinChatMessage",
    "close",
    "logOut",
    *EPHEMERAL_METHODS,
)

#: Methods that put a message on screen; Telegram's flood control counts them (edits too).
FLOOD_COUNTED_METHODS = frozenset(
    {"sendMessage", "sendDocument", "editMessageText", "editMessageReplyMarkup"}
)

#: Update types delivered when ``allowed_updates`` is empty or was never set.
DEFAULT_ALLOWED_UPDATES = _words(
    """
    message edited_message channel_post edited_channel_post inline_query chosen_inline_result
    callback_query shipping_query pre_checkout_query poll poll_answer my_chat_member
    chat_join_request
    """
)

_CHAT_ACTIONS = _words(
    """
    typing upload_photo record_video upload_video record_voice upload_voice upload_document
    choose_sticker find_location record_video_note upload_video_note
    """
)

# Form-encoded fields arrive as strings. These are never JSON-decoded (a message text may well
# look like "[1, 2]"), the int/bool sets are coerced to their type.
_STRING_FIELDS = _words(
    """
    text caption parse_mode caption_parse_mode callback_query_id inline_message_id url
    secret_token action language_code description short_description name ip_address
    business_connection_id message_effect_id inline_query_id next_offset switch_pm_text
    switch_pm_parameter
    """
)
_INT_FIELDS = _words(
    """
    chat_id user_id message_id message_thread_id reply_to_message_id offset limit timeout
    cache_time max_connections receiver_user_id ephemeral_message_id
    """
)
_BOOL_FIELDS = _words(
    """
    show_alert disable_notification protect_content allow_sending_without_reply
    drop_pending_updates return_bots disable_content_type_detection disable_web_page_preview
    allow_paid_broadcast is_personal
    """
)
_PATH_RE = re.compile(r"/bot(?P<token>[^/]+)/(?P<method>[A-Za-z0-9_]+)/?")
_SECRET_TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{1,256}")
_MAX_UPLOAD_BYTES = 50 * 1024 * 1024


@dataclass(frozen=True)
class UploadedFile:
    """A multipart/form-data file part (e.g. sendDocument's ``document``)."""

    filename: str
    content: bytes
    content_type: str = "application/octet-stream"

    def __repr__(self) -> str:
        return f"UploadedFile({self.filename!r}, {len(self.content)} bytes)"


def _normalise(name: str, value: Any) -> Any:
    """Undo form encoding: JSON-decode objects/arrays, coerce ids and flags to int/bool."""
    if isinstance(value, str) and name not in _STRING_FIELDS:
        stripped = value.strip()
        if stripped[:1] in ("{", "["):
            with contextlib.suppress(ValueError):
                value = json.loads(stripped)
    if name in _INT_FIELDS and isinstance(value, str) and re.fullmatch(r"-?\d+", value.strip()):
        return int(value)
    if name in _BOOL_FIELDS and isinstance(value, str) and value.lower() in ("true", "false"):
        return value.lower() == "true"
    if name in _BOOL_FIELDS and isinstance(value, int) and value in (0, 1):
        return bool(value)
    return value


def _parse_multipart(content_type: str, body: bytes) -> dict[str, Any]:
    """Split a multipart/form-data body; file parts become :class:`UploadedFile`."""
    header = email.message.Message()
    header["Content-Type"] = content_type
    boundary = header.get_param("boundary")
    if not isinstance(boundary, str) or not boundary:
        raise ValueError("multipart body without boundary")
    delimiter = b"--" + boundary.encode("latin-1")
    values: dict[str, Any] = {}
    for chunk in body.split(delimiter)[1:]:
        if chunk.startswith(b"--"):
            break
        chunk = chunk.removeprefix(b"\r\n")
        head, separator, content = chunk.partition(b"\r\n\r\n")
        if not separator:
            continue
        content = content.removesuffix(b"\r\n")
        headers = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(head + b"\r\n\r\n")
        name = headers.get_param("name", header="content-disposition")
        if not isinstance(name, str):
            continue
        filename = headers.get_filename()
        if filename is not None:
            # HTML5 form encoding (used by httpx) percent-escapes only these three characters.
            for escaped, char in (("%22", '"'), ("%0D", "\r"), ("%0A", "\n")):
                filename = filename.replace(escaped, char)
            values[name] = UploadedFile(
                filename=filename,
                content=content,
                content_type=headers.get_content_type(),
            )
        else:
            values[name] = content.decode(headers.get_content_charset() or "utf-8")
    return values


def parse_request_params(query: str, content_type: str, body: bytes) -> dict[str, Any]:
    """Merge query-string and body parameters the way the Bot API accepts them."""
    values: dict[str, Any] = dict(parse_qsl(query, keep_blank_values=True))
    kind = content_type.split(";", 1)[0].strip().lower()
    if kind == "application/json":
        data = json.loads(body.decode("utf-8") or "{}")
        if not isinstance(data, dict):
            raise ValueError("JSON body must be an object")
        values.update(data)
    elif kind == "application/x-www-form-urlencoded":
        values.update(parse_qsl(body.decode("utf-8"), keep_blank_values=True))
    elif kind == "multipart/form-data":
        values.update(_parse_multipart(content_type, body))
    elif body.strip():
        raise ValueError(f"unsupported Content-Type {content_type!r}")
    return {name: _normalise(name, value) for name, value in values.items()}


def _short(value: Any, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _summarise(params: dict[str, Any]) -> str:
    return ", ".join(f"{name}={_short(value)}" for name, value in params.items())


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256  # a bot opens many connections at once, like Telegram allows
    allow_reuse_address = True

    def __init__(self, api: FakeBotApi) -> None:
        self.api = api
        super().__init__(("127.0.0.1", 0), _Handler)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that dropped its keep-alive connection is no error worth a traceback."""
        if isinstance(sys.exc_info()[1], ConnectionResetError | BrokenPipeError):
            return
        super().handle_error(request, client_address)


class _Dropped(Exception):
    """The connection closed before the request's body had all come."""


def _read_exactly(stream: Any, size: int) -> bytes:
    data = stream.read(size)
    if len(data) < size:
        raise _Dropped(f"{len(data)} of {size} bytes")
    return data


class _Handler(BaseHTTPRequestHandler):
    """HTTP/1.1 keep-alive handler translating requests into :meth:`FakeBotApi._dispatch`."""

    protocol_version = "HTTP/1.1"
    server: _Server

    def setup(self) -> None:
        super().setup()
        # Headers and body go out in separate writes; without TCP_NODELAY, Nagle's algorithm
        # plus delayed ACKs add ~40 ms to every keep-alive request.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.server.api._track_connection(self.connection, add=True)

    def finish(self) -> None:
        try:
            super().finish()
        finally:
            self.server.api._track_connection(self.connection, add=False)

    def log_message(self, format: str, *args: Any) -> None:
        """Keep test output quiet; the API keeps its own call log."""

    def do_GET(self) -> None:
        self._handle()

    def do_POST(self) -> None:
        self._handle()

    def _read_body(self) -> bytes:
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            chunks: list[bytes] = []
            while True:
                size = int(self.rfile.readline().split(b";", 1)[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return b"".join(chunks)
                chunks.append(_read_exactly(self.rfile, size))
                self.rfile.readline()
        length = int(self.headers.get("Content-Length") or 0)
        return _read_exactly(self.rfile, length) if length else b""

    def _handle(self) -> None:
        api = self.server.api
        try:
            body = self._read_body()
        except _Dropped:
            # The client gave up mid-request (a cancelled send): Telegram never sees such a
            # call, so it is no call and no misuse.
            self.close_connection = True
            return
        except (ValueError, OSError):
            self._send(400, {"ok": False, "error_code": 400, "description": "Bad Request"})
            return
        split = urlsplit(self.path)
        match = _PATH_RE.fullmatch(split.path)
        if match is None:
            self._send(404, {"ok": False, "error_code": 404, "description": "Not Found"})
            return
        if match["token"] != api.token:
            api._count_status(401)
            self._send(401, {"ok": False, "error_code": 401, "description": "Unauthorized"})
            return
        try:
            params = parse_request_params(split.query, self.headers.get("Content-Type", ""), body)
        except (ValueError, UnicodeDecodeError) as exc:
            error = ApiError(f"Bad Request: can't parse request: {exc}")
            api._record_failure(match["method"], {}, error)
            self._send(error.code, error.body())
            return
        status, payload = api._dispatch(
            match["method"], params, _RequestContext(connection=self.connection)
        )
        self._send(status, payload)

    def _send(self, status: int, payload: JSON) -> None:
        data = json.dumps(payload, ensure_ascii=False).encode("utf-8")
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except OSError:
            self.close_connection = True


class FakeBotApi(InlineModeMixin, EphemeralMixin):
    """A Telegram Bot API server on 127.0.0.1 with a simulated world and strict limits.

    Thread-safe: the HTTP handler threads and the test thread share one re-entrant lock, and a
    condition on it is notified on every request so :meth:`wait_for` re-checks promptly.
    """

    def __init__(
        self,
        token: str,
        *,
        flood_limits: bool = False,
        limits: FloodLimits | None = None,
        bot_username: str = "mia_test_bot",
        bot_first_name: str = "Mia Test Bot",
        privacy_mode: bool = True,
        callback_answer_timeout: float = 15.0,
        strict_html_ampersand: bool = True,
        inline_mode: bool = True,
        inline_feedback: bool = True,
        inline_answer_timeout: float = 15.0,
        ephemeral: str = "on",
        ephemeral_lifetime: float | None = None,
    ) -> None:
        """Create the server (not started).

        ``flood_limits`` turns on 429 flood control (``limits`` tunes it). ``privacy_mode``
        mirrors BotFather's default: in groups the bot only receives commands and replies to
        its own messages (unless it is an admin there). ``callback_answer_timeout`` is how
        long after a press answerCallbackQuery is still accepted (Telegram: about 15 s).
        ``inline_mode`` is BotFather's /setinline (getMe's ``supports_inline_queries``; off,
        the bot gets no inline queries and answerInlineQuery fails), ``inline_feedback`` its
        /setinlinefeedback (off, no ``chosen_inline_result`` updates), and
        ``inline_answer_timeout`` how long after an inline query answerInlineQuery is accepted.
        ``ephemeral`` is "on" (Bot API 10.3's ephemeral messages), "unknown" (an older server)
        or "refuse"; ``ephemeral_lifetime`` how long one lives (None: until deleted). See
        :mod:`tests.support.ephemeral`.
        """
        self.token = token
        prefix = token.split(":", 1)[0]
        self.bot_id = int(prefix) if prefix.isdigit() else 1_000_000_001
        self.bot_username = bot_username
        self.bot_first_name = bot_first_name
        self.privacy_mode = privacy_mode
        self.callback_answer_timeout = callback_answer_timeout
        self.strict_html_ampersand = strict_html_ampersand
        self.flood_limits_enabled = flood_limits
        self._flood = FloodGate(limits or FloodLimits())

        self._cond = threading.Condition(threading.RLock())
        self._generation = 0
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None
        self._stopping = False
        self._connections: set[socket.socket] = set()

        self._users: dict[int, JSON] = {}
        self._chats: dict[int, _Chat] = {}
        self._messages: dict[int, dict[int, _Message]] = defaultdict(dict)
        self._queries: dict[str, _Query] = {}
        self._query_ids = itertools.count(4_611_686_018_427_387_905)
        self._update_ids = itertools.count(100_000_001)
        self._updates: list[JSON] = []
        self._webhook_rr = 0  # next worker, when delivering round-robin
        self.webhook_deliveries: Counter[str] = Counter()
        self._allowed_updates: frozenset[str] = DEFAULT_ALLOWED_UPDATES
        self._poll_seq = itertools.count(1)
        self._active_poll: int | None = None
        self._webhook: JSON = {"url": ""}
        self._commands: dict[tuple[str, str], list[dict[str, str]]] = {}
        self._menu_buttons: dict[int | None, JSON] = {}
        self._bot_texts: dict[tuple[str, str], str] = {}

        self._calls: list[tuple[str, JSON]] = []
        self._violations: list[str] = []
        self._documents: list[JSON] = []
        self._undelivered: list[JSON] = []
        self._status_counts: Counter[int] = Counter()
        self._method_counts: Counter[str] = Counter()
        self._chat_counts: dict[int, Counter[str]] = defaultdict(Counter)
        self._not_modified = 0
        self._ephemeral_counts: dict[int, Counter[str]] = defaultdict(Counter)

        self._init_ephemeral(ephemeral=ephemeral, ephemeral_lifetime=ephemeral_lifetime)
        self._init_inline_mode(
            inline_mode=inline_mode,
            inline_feedback=inline_feedback,
            inline_answer_timeout=inline_answer_timeout,
        )
        self._handlers: dict[str, tuple[str, Callable[[_Params, _RequestContext], Any]]] = {
            name.lower(): (name, getattr(self, f"_api_{_snake(name)}"))
            for name in IMPLEMENTED_METHODS
            if ephemeral != "unknown" or name not in EPHEMERAL_METHODS
        }

    # ------------------------------------------------------------------ lifecycle

    def start(self) -> FakeBotApi:
        """Bind 127.0.0.1 on a free port and serve in a daemon thread."""
        if self._server is not None:
            raise RuntimeError("FakeBotApi already started")
        self._stopping = False
        self._server = _Server(self)
        self._thread = threading.Thread(
            target=self._server.serve_forever,
            kwargs={"poll_interval": 0.05},
            name=f"FakeBotApi:{self.port}",
            daemon=True,
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving; pending long polls return empty, open connections are closed."""
        server = self._server
        if server is None:
            return
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
        server.shutdown()
        server.server_close()
        with self._cond:
            connections = list(self._connections)
        for connection in connections:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._server = None
        self._thread = None

    def __enter__(self) -> FakeBotApi:
        if self._server is None:
            self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        if self._server is None:
            raise RuntimeError("FakeBotApi not started")
        return int(self._server.server_address[1])

    @property
    def base_url(self) -> str:
        """Pass as python-telegram-bot's ``base_url``; it appends the token and method."""
        return f"http://127.0.0.1:{self.port}/bot"

    # ------------------------------------------------------------------ the simulated world

    @property
    def bot_user(self) -> JSON:
        """The bot as a User object (as it appears in ``from`` of its messages)."""
        return {
            "id": self.bot_id,
            "is_bot": True,
            "first_name": self.bot_first_name,
            "username": self.bot_username,
        }

    def add_user(
        self,
        user_id: int,
        first_name: str,
        *,
        username: str | None = None,
        language_code: str | None = "en",
        last_name: str | None = None,
        started_bot: bool = False,
    ) -> JSON:
        """Register a human user; returns the Telegram User dict.

        ``started_bot=True`` opens their private chat with the bot right away, as if they had
        pressed Start. Without it, the bot gets 403 when it messages them first (Telegram:
        "bot can't initiate conversation with a user") until the user writes to the bot.
        """
        if user_id <= 0:
            raise ValueError("user ids are positive")
        user: JSON = {"id": user_id, "is_bot": False, "first_name": first_name}
        if last_name is not None:
            user["last_name"] = last_name
        if username is not None:
            user["username"] = username
        if language_code is not None:
            user["language_code"] = language_code
        with self._cond:
            self._users[user_id] = user
            if started_bot:
                self._ensure_private_chat(user_id)
            self._touch()
        return dict(user)

    def add_chat(
        self,
        chat_id: int,
        *,
        type: str = "supergroup",
        title: str | None = None,
        is_forum: bool = False,
        admins: Iterable[int] = (),
        creator: int | None = None,
        username: str | None = None,
        members: Iterable[int] = (),
        bot_is_admin: bool = False,
    ) -> JSON:
        """Create a chat; returns the Telegram Chat dict.

        Group and supergroup ids must be negative (python-telegram-bot's rate limiter and many
        bots detect groups by the sign). ``bot_is_admin`` gives the bot rights to pin messages,
        delete others' messages, and (with privacy mode) read every message.
        """
        if type not in ("private", "group", "supergroup"):
            raise ValueError(f"unsupported chat type {type!r}")
        if is_forum and type != "supergroup":
            raise ValueError("only supergroups can be forums")
        with self._cond:
            if type == "private":
                if chat_id not in self._users:
                    raise ValueError("a private chat's id is the id of an added user")
                chat = self._ensure_private_chat(chat_id)
            else:
                if chat_id >= 0:
                    raise ValueError("group and supergroup chat ids are negative")
                for user_id in (*admins, *members, *([creator] if creator else [])):
                    if user_id not in self._users:
                        raise ValueError(f"unknown user {user_id}; call add_user first")
                chat = _Chat(
                    id=chat_id,
                    type=type,
                    title=title or f"Chat {chat_id}",
                    username=username,
                    is_forum=is_forum,
                    creator=creator,
                    admins=set(admins),
                    members={*admins, *members, *([creator] if creator else [])},
                    bot_is_admin=bot_is_admin,
                )
                self._chats[chat_id] = chat
            self._touch()
            return self._chat_json(chat)

    def send_message(
        self,
        user_id: int,
        chat_id: int,
        text: str,
        *,
        message_thread_id: int | None = None,
        reply_to_message_id: int | None = None,
    ) -> JSON:
        """A user writes ``text`` in a chat; queues the update and returns the Message dict.

        Writing in ``chat_id == user_id`` opens the private chat with the bot. In groups with
        privacy mode on, plain messages that are neither commands nor replies to the bot are
        not delivered (listed in :attr:`undelivered`), exactly as Telegram would do.
        """
        with self._cond:
            user = self._require_user(user_id)
            if chat_id == user_id:
                chat = self._ensure_private_chat(user_id)
            elif chat_id in self._chats:
                chat = self._chats[chat_id]
                if chat.type == "private":
                    raise ValueError(f"user {user_id} cannot write in {chat_id}'s private chat")
            else:
                raise ValueError(f"unknown chat {chat_id}; call add_chat first")
            if message_thread_id is not None and not chat.is_forum:
                raise ValueError("message_thread_id is only meaningful in forum supergroups")
            reply: _Message | None = None
            if reply_to_message_id is not None:
                reply = self._messages[chat.id].get(reply_to_message_id)
                if reply is None or reply.deleted:
                    raise ValueError(f"no message {reply_to_message_id} in chat {chat_id}")
                if message_thread_id is None:
                    message_thread_id = reply.thread_id
            chat.members.add(user_id)
            message = _Message(
                chat_id=chat.id,
                message_id=self._next_message_id(chat),
                date=int(time.time()),
                sender=dict(user),
                from_bot=False,
                text=text,
                raw_text=text,
                entities=bot_command_entities(text),
                thread_id=message_thread_id,
                reply_to=reply_to_message_id,
            )
            self._messages[chat.id][message.message_id] = message
            payload = self._message_json(message)
            if self._delivered(chat, message, reply):
                self._enqueue("message", payload)
            else:
                self._undelivered.append(payload)
            self._touch()
            return copy.deepcopy(payload)

    def press(
        self,
        user_id: int,
        message_id: int,
        chat_id: int,
        callback_data: str,
        *,
        check_button: bool = True,
    ) -> str:
        """A user presses an inline button of a bot message; returns the callback query id.

        The update carries the message as it looks now. With ``check_button`` (default) the
        message must currently show a button with that ``callback_data`` — a test cannot press
        a button the bot never offered.
        """
        with self._cond:
            user = self._require_user(user_id)
            chat = self._chats.get(chat_id)
            message = self._messages[chat_id].get(message_id) if chat else None
            if chat is None or message is None or message.deleted or not message.from_bot:
                raise AssertionError(
                    f"no live bot message {message_id} in chat {chat_id}\n{self.dump()}"
                )
            if check_button and callback_data not in self._callback_datas(message):
                raise AssertionError(
                    f"message {message_id} in chat {chat_id} has no button with callback_data "
                    f"{callback_data!r}; buttons: {self._button_summary(message)}"
                )
            chat.members.add(user_id)
            query = self._new_query(user_id, chat_id, message_id, callback_data)
            self._enqueue(
                "callback_query",
                {
                    "id": query.id,
                    "from": dict(user),
                    "message": self._message_json(message),
                    "chat_instance": str((chat_id * 2_654_435_761) % 2**63),
                    "data": callback_data,
                },
            )
            self._touch()
            return query.id

    def _new_query(self, user_id: int, chat_id: int, message_id: int, data: str) -> _Query:
        query = _Query(
            id=str(next(self._query_ids)),
            user_id=user_id,
            chat_id=chat_id,
            message_id=message_id,
            data=data,
            pressed_at=time.monotonic(),
        )
        self._queries[query.id] = query
        return query

    def button_data(self, chat_id: int, message_id: int, label: str) -> str:
        """callback_data of the button whose text contains ``label`` (for readable tests)."""
        with self._cond:
            message = self._messages[chat_id].get(message_id)
            if message is not None and message.reply_markup:
                for row in message.reply_markup.get("inline_keyboard", []):
                    for button in row:
                        if label in button.get("text", "") and "callback_data" in button:
                            return str(button["callback_data"])
            summary = self._button_summary(message) if message else "no such message"
            raise AssertionError(f"no button labelled {label!r}: {summary}")

    def wait_answer(self, query_id: str, timeout: float = 10.0) -> JSON:
        """Block until the bot answers the callback query; returns the answer's parameters."""

        def answered() -> list[JSON] | None:
            with self._cond:
                query = self._queries.get(query_id)
                if query is None:
                    raise AssertionError(f"unknown callback query id {query_id!r}")
                # Wrapped: an answer without text is ``{}``, which wait_for would take as "not yet".
                return [copy.deepcopy(query.answer)] if query.answer is not None else None

        try:
            return self.wait_for(answered, timeout=timeout)[0]
        except AssertionError as exc:
            raise AssertionError(f"callback query {query_id} was not answered: {exc}") from None

    def unanswered_queries(self) -> list[str]:
        """Ids of button presses the bot never answered (clients show a spinner for those)."""
        with self._cond:
            return [query.id for query in self._queries.values() if query.answer is None]

    def unanswered_presses(self) -> list[str]:
        """The presses never answered, described (who, where, what, how long ago)."""
        now = time.monotonic()
        with self._cond:
            return [
                f"user {q.user_id} chat {q.chat_id} message {q.message_id} "
                f"ephemeral {q.ephemeral_id} data {q.data!r} {now - q.pressed_at:.1f}s ago"
                for q in self._queries.values()
                if q.answer is None
            ]

    def messages(self, chat_id: int, *, thread_id: int | None = None) -> list[JSON]:
        """The bot's messages in a chat, oldest first, including deleted ones (``deleted``),
        and the messages users sent via the bot in inline mode (``from_bot`` False).

        Each record: message_id, chat_id, date, text (plain, after entity parsing), raw_text,
        parse_mode, entities, reply_markup, message_thread_id, deleted, edits (previous texts),
        markup_edits, edit_date, pinned, caption, document, reply_to_message_id, method,
        from_bot, via_bot (the bot's User dict, or None), inline_message_id.
        ``thread_id`` keeps only messages in that forum topic.
        """
        with self._cond:
            chat = self._chats.get(chat_id)
            return [
                self._record(message, chat)
                for message in self._messages.get(chat_id, {}).values()
                if (message.from_bot or message.via_bot is not None)
                and (thread_id is None or message.thread_id == thread_id)
            ]

    def newest_message(self, chat_id: int, where: Callable[[JSON], bool]) -> JSON | None:
        """The newest record (see :meth:`messages`) that ``where`` accepts, looking from the
        bottom of the chat up: what a person sees first, without copying the whole chat."""
        with self._cond:
            chat = self._chats.get(chat_id)
            for message in reversed(self._messages.get(chat_id, {}).values()):
                if message.from_bot or message.via_bot is not None:
                    record = self._record(message, chat)
                    if where(record):
                        return record
            return None

    def message(self, chat_id: int, message_id: int) -> JSON:
        """One message record (see :meth:`messages`); KeyError if it never existed."""
        with self._cond:
            message = self._messages.get(chat_id, {}).get(message_id)
            if message is None:
                raise KeyError(f"no message {message_id} in chat {chat_id}")
            return self._record(message, self._chats.get(chat_id))

    def wait_for(
        self, predicate: Callable[[], T | None], timeout: float = 10.0, poll: float = 0.02
    ) -> T:
        """Re-evaluate ``predicate`` as requests arrive until it is truthy; return its value.

        The predicate runs without the server lock (it may be slow or touch other services);
        a generation counter makes sure a request arriving meanwhile is not missed.
        """
        deadline = time.monotonic() + timeout
        while True:
            with self._cond:
                generation = self._generation
            value = predicate()
            if value:
                return value
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"condition not met within {timeout:.1f}s\n{self.dump()}")
            with self._cond:
                if self._generation == generation:
                    self._cond.wait(min(poll, remaining))

    # ------------------------------------------------------------------ observations

    @property
    def calls(self) -> list[tuple[str, JSON]]:
        """Every API call as (method in Telegram's spelling, decoded params), in order."""
        with self._cond:
            return list(self._calls)

    def calls_to(self, method: str) -> list[JSON]:
        """Params of every call to ``method`` (case-insensitive)."""
        with self._cond:
            return [params for name, params in self._calls if name.lower() == method.lower()]

    @property
    def violations(self) -> list[str]:
        """Requests Telegram would have refused because the bot broke a rule."""
        with self._cond:
            return list(self._violations)

    def take_violations(self) -> list[str]:
        """Return and clear the violations (for tests that provoke them on purpose)."""
        with self._cond:
            taken, self._violations = self._violations, []
            return taken

    @property
    def documents(self) -> list[JSON]:
        """Documents the bot sent: chat_id, message_id, filename, bytes, caption, mime_type."""
        with self._cond:
            return [dict(document) for document in self._documents]

    @property
    def undelivered(self) -> list[JSON]:
        """User messages the bot did not receive because of group privacy mode."""
        with self._cond:
            return copy.deepcopy(self._undelivered)

    @property
    def not_modified_count(self) -> int:
        """How often the bot hit "message is not modified" (allowed, but wasteful)."""
        with self._cond:
            return self._not_modified

    @property
    def stats(self) -> JSON:
        """Counters: http_<status> for every error status (http_429 always present), calls,
        per_method {method: n}, per_chat {chat_id: {method: n}} (what the group sees),
        ephemeral_per_chat {chat_id: {method: n}} (ephemeral sends, edits, deletes: what one
        member sees), not_modified."""
        with self._cond:
            result: JSON = {f"http_{code}": count for code, count in self._status_counts.items()}
            result.setdefault("http_429", 0)
            result["calls"] = len(self._calls)
            result["per_method"] = dict(self._method_counts)
            result["per_chat"] = {
                chat_id: dict(counts) for chat_id, counts in self._chat_counts.items()
            }
            result["not_modified"] = self._not_modified
            result["ephemeral_per_chat"] = {
                chat_id: dict(counts) for chat_id, counts in self._ephemeral_counts.items()
            }
            return result

    @property
    def is_polling(self) -> bool:
        """True while a getUpdates long poll is waiting (the bot is ready for updates)."""
        with self._cond:
            return self._active_poll is not None

    def pending_updates(self) -> list[JSON]:
        """Updates not yet confirmed by the bot via getUpdates ``offset``."""
        with self._cond:
            return copy.deepcopy(self._updates)

    def commands(self, scope: JSON | None = None, language_code: str = "") -> list[JSON]:
        """Commands set with setMyCommands for that scope and language."""
        with self._cond:
            key = (validate_scope(scope), language_code)
            return copy.deepcopy(self._commands.get(key, []))

    def menu_button(self, chat_id: int | None = None) -> JSON:
        """The menu button for a private chat (or the default one)."""
        with self._cond:
            return copy.deepcopy(self._menu_button_for(chat_id))

    @property
    def webhook(self) -> JSON:
        """Current webhook settings (url is "" when polling)."""
        with self._cond:
            return copy.deepcopy(self._webhook)

    def deliver_via_webhook(self, timeout: float = 5.0, urls: list[str] | None = None) -> int:
        """POST pending updates to the webhook (with the secret token header) in order.

        Returns how many were accepted (HTTP 2xx); delivery stops at the first failure,
        leaving that update pending, as Telegram would retry it. With ``urls`` the updates
        go round-robin to those addresses instead, like a load balancer in front of several
        bot workers (each update to the next one).
        """
        delivered = 0
        while True:
            with self._cond:
                url = self._webhook.get("url", "")
                if urls:
                    url = urls[(self._webhook_rr) % len(urls)] if url else ""
                secret = self._webhook.get("secret_token")
                pending = [
                    update
                    for update in self._updates
                    if self._update_type(update) in self._allowed_updates
                ]
                if not url:
                    raise RuntimeError("no webhook is set")
                if not pending:
                    return delivered
                update = pending[0]
            request = urllib.request.Request(
                url,
                data=json.dumps(update).encode("utf-8"),
                headers={"Content-Type": "application/json"},
                method="POST",
            )
            if secret:
                request.add_header("X-Telegram-Bot-Api-Secret-Token", secret)
            try:
                with urllib.request.urlopen(request, timeout=timeout) as response:
                    ok = 200 <= response.status < 300
            except (urllib.error.URLError, OSError):
                ok = False
            if not ok:
                return delivered
            with self._cond:
                self._updates = [u for u in self._updates if u["update_id"] != update["update_id"]]
                self._webhook_rr += 1
                self.webhook_deliveries[url] += 1
                self._touch()
            delivered += 1

    def assert_clean(self) -> None:
        """Fail if the bot broke any Telegram rule or left a button press or an inline query
        unanswered."""
        with self._cond:
            problems = [f"violation: {violation}" for violation in self._violations]
            problems += [
                f"unanswered callback query {query.id} (user {query.user_id}, chat "
                f"{query.chat_id}, message {query.message_id}, data {query.data!r})"
                for query in self._queries.values()
                if query.answer is None
            ]
            problems += self._inline_problems()
        if problems:
            raise AssertionError("Bot API misuse:\n  " + "\n  ".join(problems))

    def dump(self) -> str:
        """Human-readable state for assertion messages: chats, messages, recent calls."""
        with self._cond:
            lines: list[str] = []
            for chat_id, messages in self._messages.items():
                chat = self._chats.get(chat_id)
                lines.append(f"chat {chat_id} ({chat.type if chat else '?'}):")
                for message in messages.values():
                    who = "bot" if message.from_bot else message.sender.get("first_name")
                    if message.via_bot is not None:
                        who += f" via @{message.via_bot.get('username')}"
                    state = " [deleted]" if message.deleted else ""
                    text = message.text if message.text is not None else message.caption
                    lines.append(f"  #{message.message_id} {who}{state}: {_short(text, 120)}")
                    shows_buttons = message.from_bot or message.via_bot is not None
                    if message.reply_markup and shows_buttons and not message.deleted:
                        lines.append(f"      buttons: {self._button_summary(message)}")
            lines.append("last calls:")
            lines += [f"  {name}({_summarise(params)})" for name, params in self._calls[-15:]]
            if self._violations:
                lines.append("violations:")
                lines += [f"  {violation}" for violation in self._violations]
            for message in self._ephemeral_history:
                state = "" if self._live(message) else " [gone]"
                lines.append(
                    f"ephemeral #{message.ephemeral_id} to {message.receiver_id} in "
                    f"{message.chat_id}{state}: {_short(message.text, 120)}"
                )
            unanswered = [q.id for q in self._queries.values() if q.answer is None]
            if unanswered:
                lines.append(f"unanswered callback queries: {unanswered}")
            unanswered_inline = [q for q in self._inline_queries.values() if q.answer is None]
            if unanswered_inline:
                lines.append(
                    "unanswered inline queries: "
                    + ", ".join(f"{q.id} ({q.query!r})" for q in unanswered_inline)
                )
            if self._updates:
                lines.append(f"pending (unconfirmed) updates: {len(self._updates)}")
            if self._undelivered:
                lines.append(
                    f"user messages not delivered (privacy mode): {len(self._undelivered)}"
                )
            return "\n".join(lines)

    # ------------------------------------------------------------------ request plumbing

    def _touch(self) -> None:
        """Wake waiters (long polls, wait_for); caller holds the lock."""
        self._generation += 1
        self._cond.notify_all()

    def _track_connection(self, connection: socket.socket, *, add: bool) -> None:
        with self._cond:
            if add:
                self._connections.add(connection)
            else:
                self._connections.discard(connection)

    def _count_status(self, status: int) -> None:
        with self._cond:
            self._status_counts[status] += 1
            self._touch()

    def _record_failure(self, method: str, params: JSON, error: ApiError) -> None:
        with self._cond:
            self._status_counts[error.code] += 1
            if error.violation:
                detail = error.description
                if error.reason != error.description:
                    detail += f" -- {error.reason}"
                self._violations.append(f"{method}: {detail} | {_summarise(params)}")
            self._touch()

    def _dispatch(self, method: str, params: JSON, context: _RequestContext) -> tuple[int, JSON]:
        """Run one API call; returns (HTTP status, JSON body)."""
        handler_entry = self._handlers.get(method.lower())
        name = handler_entry[0] if handler_entry else method
        with self._cond:
            self._calls.append((name, params))
            self._method_counts[name] += 1
            chat_id = params.get("chat_id")
            if isinstance(chat_id, int) and not isinstance(chat_id, bool):
                ephemeral = self.ephemeral != "unknown" and (
                    name in EPHEMERAL_METHODS or params.get("ephemeral_message_parameters")
                )
                counts = self._ephemeral_counts if ephemeral else self._chat_counts
                counts[chat_id][name] += 1
            self._touch()
        if handler_entry is None:
            error = ApiError(
                "Not Found", code=404, reason=f"unknown or unimplemented method {method}"
            )
            # An older server does not know Bot API 10.2's methods: asking is no misuse.
            error.violation = method.lower() not in {m.lower() for m in EPHEMERAL_METHODS}
            self._record_failure(name, params, error)
            return 404, error.body()
        try:
            with self._cond:
                try:
                    result = handler_entry[1](_Params(params), context)
                finally:
                    self._touch()
        except ApiError as error:
            if error.code == 409 and "terminated" in error.description:
                if not context.client_connected():
                    # A long poll orphaned by a bot that shut down: nobody gets this answer.
                    return error.code, error.body()
                error.violation = True
                error.reason = "two getUpdates requests at once (is the bot running twice?)"
            self._record_failure(name, params, error)
            return error.code, error.body()
        except Exception as exc:  # a bug in the fake itself: fail the test loudly, keep serving
            error = ApiError(
                f"Internal Server Error: {exc!r}",
                code=500,
                reason=f"fake Bot API server crashed: {exc!r}",
            )
            self._record_failure(name, params, error)
            return 500, error.body()
        return 200, {"ok": True, "result": result}

    # ------------------------------------------------------------------ world helpers

    def _require_user(self, user_id: int) -> JSON:
        user = self._users.get(user_id)
        if user is None:
            raise ValueError(f"unknown user {user_id}; call add_user first")
        return user

    def _ensure_private_chat(self, user_id: int) -> _Chat:
        chat = self._chats.get(user_id)
        if chat is None:
            user = self._users[user_id]
            chat = _Chat(
                id=user_id,
                type="private",
                first_name=user["first_name"],
                last_name=user.get("last_name"),
                username=user.get("username"),
                members={user_id},
            )
            self._chats[user_id] = chat
        return chat

    def _next_message_id(self, chat: _Chat) -> int:
        message_id = chat.next_message_id
        chat.next_message_id += 1
        return message_id

    def _enqueue(self, kind: str, payload: JSON) -> None:
        self._updates.append({"update_id": next(self._update_ids), kind: payload})

    @staticmethod
    def _update_type(update: JSON) -> str:
        return next(key for key in update if key != "update_id")

    def _delivered(self, chat: _Chat, message: _Message, reply: _Message | None) -> bool:
        """Telegram's group privacy mode: what a bot without admin rights gets to see."""
        if chat.type == "private" or not self.privacy_mode or chat.bot_is_admin:
            return True
        text = message.text or ""
        if message.entities and message.entities[0]["type"] == "bot_command":
            command = text[: message.entities[0]["length"]]
            _, _, target = command.partition("@")
            return not target or target.lower() == self.bot_username.lower()
        return reply is not None and reply.from_bot

    @staticmethod
    def _callback_datas(message: _Message) -> set[str]:
        markup = message.reply_markup or {}
        return {
            str(button["callback_data"])
            for row in markup.get("inline_keyboard", [])
            for button in row
            if "callback_data" in button
        }

    @staticmethod
    def _button_summary(message: _Message) -> str:
        markup = message.reply_markup or {}
        rows = markup.get("inline_keyboard", [])
        return (
            " | ".join(
                ", ".join(
                    f"{button.get('text')!r}->"
                    + next(
                        (
                            f"{key}={button[key]!r}"
                            for key in (
                                "callback_data",
                                "url",
                                "web_app",
                                "switch_inline_query_current_chat",
                                "switch_inline_query",
                            )
                            if key in button
                        ),
                        "?",
                    )
                    for button in row
                )
                for row in rows
            )
            or "(none)"
        )

    def _chat_json(self, chat: _Chat) -> JSON:
        data: JSON = {"id": chat.id, "type": chat.type}
        if chat.type == "private":
            data["first_name"] = chat.first_name
            if chat.last_name:
                data["last_name"] = chat.last_name
        else:
            data["title"] = chat.title
        if chat.username:
            data["username"] = chat.username
        if chat.type == "supergroup":
            data["is_forum"] = chat.is_forum
        return data

    def _message_json(self, message: _Message, *, with_reply: bool = True) -> JSON:
        """The Message object exactly as Telegram would return or deliver it."""
        chat = self._chats[message.chat_id]
        data: JSON = {
            "message_id": message.message_id,
            "from": dict(message.sender),
            "date": message.date,
            "chat": self._chat_json(chat),
        }
        if message.thread_id is not None and chat.is_forum:
            data["message_thread_id"] = message.thread_id
            data["is_topic_message"] = True
        if with_reply and message.reply_to is not None:
            replied = self._messages[chat.id].get(message.reply_to)
            if replied is not None and not replied.deleted:
                data["reply_to_message"] = self._message_json(replied, with_reply=False)
        if message.edit_date is not None:
            data["edit_date"] = message.edit_date
        if message.text is not None:
            data["text"] = message.text
            if message.entities:
                data["entities"] = copy.deepcopy(message.entities)
        if message.document is not None:
            data["document"] = dict(message.document)
            if message.caption:
                data["caption"] = message.caption
                if message.entities:
                    data["caption_entities"] = copy.deepcopy(message.entities)
        if message.reply_markup and "inline_keyboard" in message.reply_markup:
            data["reply_markup"] = copy.deepcopy(message.reply_markup)
        if message.via_bot is not None:
            data["via_bot"] = dict(message.via_bot)
        return data

    def _record(self, message: _Message, chat: _Chat | None) -> JSON:
        return {
            "message_id": message.message_id,
            "chat_id": message.chat_id,
            "date": message.date,
            "method": message.method,
            "text": message.text,
            "raw_text": message.raw_text,
            "parse_mode": message.parse_mode,
            "entities": copy.deepcopy(message.entities),
            "reply_markup": copy.deepcopy(message.reply_markup),
            "message_thread_id": message.thread_id,
            "deleted": message.deleted,
            "edits": list(message.edits),
            "markup_edits": message.markup_edits,
            "edit_date": message.edit_date,
            "pinned": bool(chat and message.message_id in chat.pinned),
            "caption": message.caption,
            "document": copy.deepcopy(message.document),
            "reply_to_message_id": message.reply_to,
            "from_bot": message.from_bot,
            "from": copy.deepcopy(message.sender),
            "via_bot": copy.deepcopy(message.via_bot),
            "inline_message_id": message.inline_message_id,
        }

    def _menu_button_for(self, chat_id: int | None) -> JSON:
        if chat_id is not None and chat_id in self._menu_buttons:
            return self._menu_buttons[chat_id]
        return self._menu_buttons.get(None, {"type": "commands"})

    # ------------------------------------------------------------------ parameter helpers

    def _chat(self, params: _Params, *, sending: bool = False) -> _Chat:
        """Resolve ``chat_id`` (int or @username) to a chat the bot can use."""
        raw = params.raw("chat_id")
        if raw is None or raw == "":
            raise ApiError("Bad Request: chat_id is empty")
        chat: _Chat | None = None
        if isinstance(raw, int) and not isinstance(raw, bool):
            chat = self._chats.get(raw)
            if chat is None and raw in self._users:
                if sending:
                    raise ApiError(
                        "Forbidden: bot can't initiate conversation with a user",
                        code=403,
                        violation=False,
                    )
                chat = self._ensure_private_chat(raw)
        elif isinstance(raw, str) and raw.startswith("@"):
            chat = next(
                (c for c in self._chats.values() if c.username and f"@{c.username}" == raw), None
            )
        if chat is None:
            raise ApiError("Bad Request: chat not found", reason=f"chat {raw!r} does not exist")
        return chat

    def _thread_id_param(self, chat: _Chat, params: _Params) -> int | None:
        thread_id = params.integer("message_thread_id")
        if thread_id is None:
            return None
        if not chat.is_forum:
            raise ApiError(
                "Bad Request: message thread not found",
                reason=f"message_thread_id={thread_id} in non-forum {chat.type} chat {chat.id}",
            )
        return thread_id

    def _reply_target(self, chat: _Chat, params: _Params) -> tuple[int | None, _Message | None]:
        reply_parameters = params.raw("reply_parameters")
        allow_missing = params.flag("allow_sending_without_reply")
        target: Any = params.raw("reply_to_message_id")
        if isinstance(reply_parameters, dict):
            target = reply_parameters.get("message_id")
            allow_missing = bool(reply_parameters.get("allow_sending_without_reply"))
            other_chat = reply_parameters.get("chat_id")
            if other_chat is not None and other_chat != chat.id:
                return None, None
        if target is None:
            return None, None
        replied = self._messages[chat.id].get(target) if isinstance(target, int) else None
        if replied is None or replied.deleted:
            if allow_missing:
                return None, None
            raise ApiError("Bad Request: message to be replied not found", violation=False)
        return replied.message_id, replied

    def _render(self, params: _Params, *, caption: bool = False) -> RenderedText:
        field_name = "caption" if caption else "text"
        return render_text(
            params.raw(field_name),
            params.string("parse_mode"),
            params.raw("caption_entities" if caption else "entities"),
            caption=caption,
            strict_ampersand=self.strict_html_ampersand,
        )

    def _check_flood(self, chat: _Chat, method: str) -> None:
        if not self.flood_limits_enabled or method not in FLOOD_COUNTED_METHODS:
            return
        retry_after = self._flood.try_send(chat.id, is_group=chat.type in ("group", "supergroup"))
        if retry_after is not None:
            raise ApiError(
                f"Too Many Requests: retry after {retry_after}",
                code=429,
                violation=False,
                parameters={"retry_after": retry_after},
            )

    def _own_message(self, chat: _Chat, params: _Params, *, action: str) -> _Message:
        if "inline_message_id" in params:
            raise ApiError(
                "Bad Request: MESSAGE_ID_INVALID",
                reason="inline messages are not supported by the fake server",
            )
        message_id = params.integer("message_id", required=True)
        message = self._messages[chat.id].get(message_id) if message_id is not None else None
        if message is None or message.deleted:
            raise ApiError(f"Bad Request: message to {action} not found")
        if not message.from_bot:
            raise ApiError(
                "Bad Request: message can't be edited",
                reason=f"message {message_id} was sent by a user, not the bot",
            )
        return message

    def _store_bot_message(
        self,
        chat: _Chat,
        method: str,
        thread_id: int | None,
        reply_to: int | None,
        markup: JSON | None,
        rendered: RenderedText | None,
    ) -> _Message:
        message = _Message(
            chat_id=chat.id,
            message_id=self._next_message_id(chat),
            date=int(time.time()),
            sender=self.bot_user,
            from_bot=True,
            method=method,
            reply_markup=markup,
            thread_id=thread_id,
            reply_to=reply_to,
        )
        if rendered is not None:
            message.raw_text = rendered.raw
            message.parse_mode = rendered.parse_mode
            message.entities = rendered.entities
        self._messages[chat.id][message.message_id] = message
        return message

    # ------------------------------------------------------------------ API methods
    # Each runs with the lock held and returns the "result" or raises ApiError.

    def _api_get_me(self, params: _Params, context: _RequestContext) -> JSON:
        return {
            **self.bot_user,
            "can_join_groups": True,
            "can_read_all_group_messages": not self.privacy_mode,
            "supports_inline_queries": self.inline_mode,
            "can_connect_to_business": False,
            "has_main_web_app": False,
        }

    def _api_get_updates(self, params: _Params, context: _RequestContext) -> list[JSON]:
        if self._webhook.get("url"):
            raise ApiError(
                "Conflict: can't use getUpdates method while webhook is active; use "
                "deleteWebhook to delete the webhook first",
                code=409,
            )
        offset = params.integer("offset")
        limit = min(max(params.integer("limit") or 100, 1), 100)
        timeout_value = params.raw("timeout")
        try:
            timeout = float(timeout_value) if timeout_value is not None else 0.0
        except (TypeError, ValueError):
            raise ApiError('Bad Request: field "timeout" must be of type Integer') from None
        timeout = min(max(timeout, 0.0), 50.0)
        allowed = params.raw("allowed_updates")
        if allowed is not None:
            if not isinstance(allowed, list):
                raise ApiError("Bad Request: can't parse allowed_updates JSON array")
            self._allowed_updates = frozenset(allowed) or DEFAULT_ALLOWED_UPDATES
        if offset is not None and offset > 0:
            self._updates = [u for u in self._updates if u["update_id"] >= offset]
        elif offset is not None and offset < 0:
            self._updates = self._updates[offset:]

        seq = next(self._poll_seq)
        self._active_poll = seq
        self._touch()
        deadline = time.monotonic() + timeout
        try:
            while True:
                if self._active_poll != seq:
                    raise ApiError(
                        "Conflict: terminated by other getUpdates request; make sure that only "
                        "one bot instance is running",
                        code=409,
                        violation=False,
                    )
                ready = [
                    update
                    for update in self._updates
                    if self._update_type(update) in self._allowed_updates
                ][:limit]
                remaining = deadline - time.monotonic()
                if ready or remaining <= 0 or self._stopping:
                    return copy.deepcopy(ready)
                self._cond.wait(remaining)
        finally:
            if self._active_poll == seq:
                self._active_poll = None

    def _api_set_webhook(self, params: _Params, context: _RequestContext) -> bool:
        url = params.string("url")
        if url is None:
            raise ApiError("Bad Request: url is empty")
        secret = params.string("secret_token")
        if url:
            parts = urlsplit(url)
            local = parts.hostname in ("127.0.0.1", "localhost")
            if parts.scheme != "https" and not (parts.scheme == "http" and local):
                raise ApiError(
                    "Bad Request: bad webhook: An HTTPS URL must be provided for webhook",
                    reason=f"webhook url {url!r} (http:// accepted only for localhost in tests)",
                )
        if secret is not None and not _SECRET_TOKEN_RE.fullmatch(secret):
            raise ApiError(
                "Bad Request: secret token contains unallowed characters",
                reason="secret_token must be 1-256 of A-Z a-z 0-9 _ -",
            )
        max_connections = params.integer("max_connections")
        if max_connections is not None and not 1 <= max_connections <= 100:
            raise ApiError("Bad Request: max_connections must be between 1 and 100")
        allowed = params.raw("allowed_updates")
        if isinstance(allowed, list):
            self._allowed_updates = frozenset(allowed) or DEFAULT_ALLOWED_UPDATES
        if params.flag("drop_pending_updates"):
            self._updates = []
        self._webhook = {
            "url": url,
            "secret_token": secret,
            "max_connections": max_connections or 40,
            "allowed_updates": sorted(self._allowed_updates),
        }
        if not url:
            self._webhook = {"url": ""}
        return True

    def _api_delete_webhook(self, params: _Params, context: _RequestContext) -> bool:
        if params.flag("drop_pending_updates"):
            self._updates = []
        self._webhook = {"url": ""}
        return True

    def _api_get_webhook_info(self, params: _Params, context: _RequestContext) -> JSON:
        info: JSON = {
            "url": self._webhook.get("url", ""),
            "has_custom_certificate": False,
            "pending_update_count": len(self._updates),
        }
        if info["url"]:
            info["max_connections"] = self._webhook.get("max_connections", 40)
            info["allowed_updates"] = self._webhook.get("allowed_updates", [])
        return info

    def _commands_key(self, params: _Params) -> tuple[str, str]:
        language = params.string("language_code") or ""
        if language and not re.fullmatch(r"[a-z]{2}", language):
            raise ApiError(
                "Bad Request: LANG_CODE_INVALID",
                reason=f"language_code {language!r} must be a two-letter ISO 639-1 code",
            )
        return validate_scope(params.raw("scope")), language

    def _api_set_my_commands(self, params: _Params, context: _RequestContext) -> bool:
        commands = validate_commands(params.raw("commands"))
        self._commands[self._commands_key(params)] = commands
        return True

    def _api_get_my_commands(self, params: _Params, context: _RequestContext) -> list[JSON]:
        return copy.deepcopy(self._commands.get(self._commands_key(params), []))

    def _api_delete_my_commands(self, params: _Params, context: _RequestContext) -> bool:
        self._commands.pop(self._commands_key(params), None)
        return True

    def _set_bot_text(self, params: _Params, name: str, limit: int) -> bool:
        value = params.string(name) or ""
        if len(value) > limit:
            raise ApiError(
                f"Bad Request: {name.upper()}_INVALID",
                reason=f"{name} has {len(value)} characters (max {limit})",
            )
        self._bot_texts[(name, params.string("language_code") or "")] = value
        return True

    def _get_bot_text(self, params: _Params, name: str) -> JSON:
        return {name: self._bot_texts.get((name, params.string("language_code") or ""), "")}

    def _api_set_my_description(self, params: _Params, context: _RequestContext) -> bool:
        return self._set_bot_text(params, "description", 512)

    def _api_get_my_description(self, params: _Params, context: _RequestContext) -> JSON:
        return self._get_bot_text(params, "description")

    def _api_set_my_short_description(self, params: _Params, context: _RequestContext) -> bool:
        return self._set_bot_text(params, "short_description", 120)

    def _api_get_my_short_description(self, params: _Params, context: _RequestContext) -> JSON:
        return self._get_bot_text(params, "short_description")

    def _api_set_my_name(self, params: _Params, context: _RequestContext) -> bool:
        return self._set_bot_text(params, "name", 64)

    def _api_get_my_name(self, params: _Params, context: _RequestContext) -> JSON:
        result = self._get_bot_text(params, "name")
        return {"name": result["name"] or self.bot_first_name}

    def _private_chat_id(self, params: _Params) -> int | None:
        chat_id = params.integer("chat_id")
        if chat_id is not None:
            chat = self._chats.get(chat_id)
            if chat is None and chat_id not in self._users:
                raise ApiError("Bad Request: chat not found", reason=f"chat {chat_id} unknown")
            if chat is not None and chat.type != "private":
                raise ApiError(
                    "Bad Request: chat not found",
                    reason=f"menu buttons exist only in private chats, {chat_id} is a {chat.type}",
                )
        return chat_id

    def _api_set_chat_menu_button(self, params: _Params, context: _RequestContext) -> bool:
        chat_id = self._private_chat_id(params)
        self._menu_buttons[chat_id] = validate_menu_button(params.raw("menu_button"))
        return True

    def _api_get_chat_menu_button(self, params: _Params, context: _RequestContext) -> JSON:
        return copy.deepcopy(self._menu_button_for(self._private_chat_id(params)))

    def _api_send_message(self, params: _Params, context: _RequestContext) -> JSON:
        chat = self._chat(params, sending=True)
        thread_id = self._thread_id_param(chat, params)
        rendered = self._render(params)
        markup = validate_reply_markup(params.raw("reply_markup"), chat_type=chat.type)
        if "ephemeral_message_parameters" in params and self.ephemeral != "unknown":
            return self._send_ephemeral(chat, params, rendered, markup)
        reply_to, replied = self._reply_target(chat, params)
        if thread_id is None and replied is not None:
            thread_id = replied.thread_id
        self._check_flood(chat, "sendMessage")
        message = self._store_bot_message(
            chat, "sendMessage", thread_id, reply_to, markup, rendered
        )
        message.text = rendered.text
        return self._message_json(message)

    def _api_send_document(self, params: _Params, context: _RequestContext) -> JSON:
        chat = self._chat(params, sending=True)
        thread_id = self._thread_id_param(chat, params)
        document = params.raw("document")
        if isinstance(document, str) and document.startswith("attach://"):
            document = params.raw(document.removeprefix("attach://"))
        if isinstance(document, UploadedFile):
            if not document.content:
                raise ApiError("Bad Request: file must be non-empty")
            if len(document.content) > _MAX_UPLOAD_BYTES:
                raise ApiError("Request Entity Too Large", code=413)
            upload = document
        elif isinstance(document, str) and document:
            name = urlsplit(document).path.rsplit("/", 1)[-1] or "document"
            upload = UploadedFile(filename=name, content=b"")
        else:
            raise ApiError("Bad Request: there is no document in the request")
        rendered = self._render(params, caption=True)
        markup = validate_reply_markup(params.raw("reply_markup"), chat_type=chat.type)
        reply_to, replied = self._reply_target(chat, params)
        if thread_id is None and replied is not None:
            thread_id = replied.thread_id
        self._check_flood(chat, "sendDocument")
        message = self._store_bot_message(
            chat, "sendDocument", thread_id, reply_to, markup, rendered
        )
        file_number = len(self._documents) + 1
        message.caption = rendered.text or None
        message.document = {
            "file_id": f"BQACAgIAAxkBAAI{file_number:08d}",
            "file_unique_id": f"AgAD{file_number:06d}",
            "file_name": upload.filename,
            "mime_type": upload.content_type,
            "file_size": len(upload.content),
        }
        self._documents.append(
            {
                "chat_id": chat.id,
                "message_id": message.message_id,
                "filename": upload.filename,
                "bytes": upload.content,
                "caption": message.caption,
                "mime_type": upload.content_type,
            }
        )
        return self._message_json(message)

    def _api_edit_message_text(self, params: _Params, context: _RequestContext) -> JSON:
        chat = self._chat(params)
        message = self._own_message(chat, params, action="edit")
        if message.text is None:
            raise ApiError("Bad Request: there is no text in the message to edit")
        rendered = self._render(params)
        # No reply_markup in editMessageText means "no keyboard": Telegram removes it.
        markup = validate_reply_markup(
            params.raw("reply_markup"), chat_type=chat.type, inline_only=True
        )
        self._check_flood(chat, "editMessageText")
        if (
            rendered.text == message.text
            and rendered.entities == message.entities
            and canonical_markup(markup) == canonical_markup(message.reply_markup)
        ):
            self._not_modified += 1
            raise ApiError(
                "Bad Request: message is not modified: specified new message content and reply "
                "markup are exactly the same as a current content and reply markup of the message",
                violation=False,
            )
        if rendered.text != message.text or rendered.entities != message.entities:
            message.edits.append(message.text)
        if canonical_markup(markup) != canonical_markup(message.reply_markup):
            message.markup_edits += 1
        message.text = rendered.text
        message.raw_text = rendered.raw
        message.parse_mode = rendered.parse_mode
        message.entities = rendered.entities
        message.reply_markup = markup
        message.edit_date = int(time.time())
        return self._message_json(message)

    def _api_edit_message_reply_markup(self, params: _Params, context: _RequestContext) -> JSON:
        chat = self._chat(params)
        message = self._own_message(chat, params, action="edit")
        markup = validate_reply_markup(
            params.raw("reply_markup"), chat_type=chat.type, inline_only=True
        )
        self._check_flood(chat, "editMessageReplyMarkup")
        if canonical_markup(markup) == canonical_markup(message.reply_markup):
            self._not_modified += 1
            raise ApiError(
                "Bad Request: message is not modified: specified new message content and reply "
                "markup are exactly the same as a current content and reply markup of the message",
                violation=False,
            )
        message.reply_markup = markup
        message.markup_edits += 1
        message.edit_date = int(time.time())
        return self._message_json(message)

    def _api_delete_message(self, params: _Params, context: _RequestContext) -> bool:
        chat = self._chat(params)
        message_id = params.integer("message_id", required=True)
        message = self._messages[chat.id].get(message_id) if message_id is not None else None
        if message is None or message.deleted:
            raise ApiError("Bad Request: message to delete not found", violation=False)
        if not message.from_bot and chat.type != "private" and not chat.bot_is_admin:
            raise ApiError("Bad Request: message can't be deleted", violation=False)
        message.deleted = True
        if message.message_id in chat.pinned:
            chat.pinned.remove(message.message_id)
        return True

    def _api_delete_messages(self, params: _Params, context: _RequestContext) -> bool:
        """deleteMessages: 1-100 ids; those that cannot be found are skipped. Like the Bot API
        server, a message the bot may not delete (someone else's, without the admin right)
        fails the whole call."""
        chat = self._chat(params)
        ids = params.raw("message_ids")
        if not isinstance(ids, list) or not 1 <= len(ids) <= 100:
            raise ApiError(
                "Bad Request: message_ids must be a list of 1-100 message identifiers",
                reason=f"message_ids={ids!r}",
            )
        if not all(isinstance(i, int) and not isinstance(i, bool) for i in ids):
            raise ApiError('Bad Request: field "message_ids" must be an Array of Integer')
        found = [
            message
            for message_id in ids
            if (message := self._messages[chat.id].get(message_id)) is not None
            and not message.deleted
        ]
        if not found:
            raise ApiError("Bad Request: message to delete not found", violation=False)
        foreign = [m for m in found if not m.from_bot and chat.type != "private"]
        if foreign and not chat.bot_is_admin:
            raise ApiError("Bad Request: message can't be deleted", violation=False)
        for message in found:
            message.deleted = True
            if message.message_id in chat.pinned:
                chat.pinned.remove(message.message_id)
        return True

    def _api_answer_callback_query(self, params: _Params, context: _RequestContext) -> bool:
        query_id = params.string("callback_query_id")
        if not query_id:
            raise ApiError("Bad Request: callback_query_id is empty")
        query = self._queries.get(query_id)
        too_old = (
            "Bad Request: query is too old and response timeout expired or query ID is invalid"
        )
        if query is None:
            raise ApiError(too_old, reason=f"unknown callback query id {query_id!r}")
        if query.answer is not None:
            raise ApiError(too_old, reason=f"callback query {query_id} answered twice")
        age = time.monotonic() - query.pressed_at
        if age > self.callback_answer_timeout:
            raise ApiError(
                too_old,
                reason=f"callback query {query_id} answered {age:.1f}s after the press "
                f"(limit {self.callback_answer_timeout:.0f}s)",
            )
        text = params.string("text") or ""
        if len(text) > 200:
            raise ApiError(
                "Bad Request: MESSAGE_TOO_LONG",
                reason=f"callback answer text has {len(text)} characters (max 200)",
            )
        cache_time = params.integer("cache_time")
        if cache_time is not None and cache_time < 0:
            raise ApiError("Bad Request: cache_time must be non-negative")
        query.answer = {
            key: value
            for key, value in params.values.items()
            if key != "callback_query_id" and value is not None
        }
        query.answered_at = time.monotonic()
        return True

    def _chat_member(self, chat: _Chat, user_id: int) -> JSON:
        if user_id == self.bot_id:
            user = self.bot_user
            status = "administrator" if chat.bot_is_admin else "member"
        else:
            user = self._users.get(user_id)
            if user is None:
                raise ApiError(
                    "Bad Request: user not found", violation=False, reason=f"user {user_id}"
                )
            if chat.type == "private":
                status = "member" if user_id == chat.id else "left"
            elif user_id == chat.creator:
                status = "creator"
            elif user_id in chat.admins:
                status = "administrator"
            elif user_id in chat.members:
                status = "member"
            else:
                status = "left"
        member: JSON = {"status": status, "user": dict(user)}
        if status == "creator":
            member["is_anonymous"] = False
        elif status == "administrator":
            member.update(
                {
                    "can_be_edited": False,
                    "is_anonymous": False,
                    "can_manage_chat": True,
                    "can_delete_messages": True,
                    "can_manage_video_chats": True,
                    "can_restrict_members": True,
                    "can_promote_members": False,
                    "can_change_info": True,
                    "can_invite_users": True,
                    "can_post_stories": False,
                    "can_edit_stories": False,
                    "can_delete_stories": False,
                    "can_pin_messages": True,
                    "can_manage_topics": chat.is_forum,
                }
            )
        return member

    def _api_get_chat(self, params: _Params, context: _RequestContext) -> JSON:
        chat = self._chat(params)
        info = self._chat_json(chat)
        info.update(
            {
                "accent_color_id": 0,
                "max_reaction_count": 11,
                "accepted_gift_types": {
                    "unlimited_gifts": False,
                    "limited_gifts": False,
                    "unique_gifts": False,
                    "premium_subscription": False,
                    "gifts_from_channels": False,
                },
            }
        )
        if chat.pinned:
            pinned = self._messages[chat.id].get(chat.pinned[-1])
            if pinned is not None:
                info["pinned_message"] = self._message_json(pinned, with_reply=False)
        return info

    def _api_get_chat_member(self, params: _Params, context: _RequestContext) -> JSON:
        chat = self._chat(params)
        user_id = params.integer("user_id", required=True)
        assert user_id is not None
        return self._chat_member(chat, user_id)

    def _api_get_chat_administrators(self, params: _Params, context: _RequestContext) -> list[JSON]:
        chat = self._chat(params)
        if chat.type == "private":
            raise ApiError(
                "Bad Request: there are no administrators in the private chat", violation=False
            )
        user_ids = ([chat.creator] if chat.creator else []) + sorted(chat.admins - {chat.creator})
        result = [self._chat_member(chat, user_id) for user_id in user_ids]
        if chat.bot_is_admin:
            result.append(self._chat_member(chat, self.bot_id))
        return result

    def _api_send_chat_action(self, params: _Params, context: _RequestContext) -> bool:
        chat = self._chat(params, sending=True)
        self._thread_id_param(chat, params)
        action = params.string("action")
        if action not in _CHAT_ACTIONS:
            raise ApiError(
                "Bad Request: wrong parameter action in request", reason=f"action {action!r}"
            )
        return True

    def _api_pin_chat_message(self, params: _Params, context: _RequestContext) -> bool:
        chat = self._chat(params)
        message_id = params.integer("message_id", required=True)
        message = self._messages[chat.id].get(message_id) if message_id is not None else None
        if message is None or message.deleted:
            raise ApiError("Bad Request: message to pin not found", violation=False)
        if chat.type != "private" and not chat.bot_is_admin:
            raise ApiError(
                "Bad Request: not enough rights to manage pinned messages in the chat",
                violation=False,
            )
        if message.message_id in chat.pinned:
            chat.pinned.remove(message.message_id)
        chat.pinned.append(message.message_id)
        return True

    def _api_unpin_chat_message(self, params: _Params, context: _RequestContext) -> bool:
        chat = self._chat(params)
        if chat.type != "private" and not chat.bot_is_admin:
            raise ApiError(
                "Bad Request: not enough rights to manage pinned messages in the chat",
                violation=False,
            )
        message_id = params.integer("message_id")
        if message_id is None:
            if chat.pinned:
                chat.pinned.pop()
            return True
        if message_id not in chat.pinned:
            raise ApiError("Bad Request: message to unpin not found", violation=False)
        chat.pinned.remove(message_id)
        return True

    def _api_close(self, params: _Params, context: _RequestContext) -> bool:
        return True

    def _api_log_out(self, params: _Params, context: _RequestContext) -> bool:
        return True
