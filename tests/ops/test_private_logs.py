"""PTB's DEBUG lines through ops.private_logs: the method and the parameters' shape stay, no
private answer, hand, panel, update's text or person's id gets out.

The calls go through a real ``telegram.Bot`` (its own log lines, at its own loggers) whose
requests are answered here, as the Bot API would; the update lines use PTB's own templates.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterator

import pytest
from telegram import (
    Bot,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InputTextMessageContent,
    Update,
)
from telegram.request import BaseRequest, RequestData

from ops.private_logs import PrivateLogFilter, install, shape
from ops.redact import configure_logging

TOKEN = "123456789:AAH-test_token-for-the-fake-bot-api"
ANN = 730001234  # a person: their id is as private as their name
GROUP = -100731
SECRET = "Your dice: ⚀ ⚀\n11"
HAND = "🂡 Ace of spades, 🂮 King of spades"
NAME = "Annika"


class Answers(BaseRequest):
    """Answers each call as the Bot API would, echoing a sent text back in the message."""

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None

    @property
    def read_timeout(self) -> float | None:
        return 1.0

    async def do_request(self, url, method, request_data: RequestData | None = None,
                         **timeouts) -> tuple[int, bytes]:  # fmt: skip
        endpoint = url.rsplit("/", 1)[-1]
        sent = request_data.parameters if request_data else {}
        result: object = True
        if endpoint == "getMe":
            result = {"id": 123456789, "is_bot": True, "first_name": "Bot", "username": "b_bot"}
        elif endpoint in ("sendMessage", "editEphemeralMessageText"):
            chat = {"id": ANN, "type": "private", "first_name": NAME}
            result = {"message_id": 7, "date": 1, "chat": chat, "text": sent.get("text", "")}
        return 200, json.dumps({"ok": True, "result": result}).encode()


class Lines(logging.Handler):
    """The formatted lines of PTB's loggers, through the filter as the app installs it."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []
        install(self)

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


@pytest.fixture
def lines() -> Iterator[list[str]]:
    handler = Lines()
    logger = logging.getLogger("telegram")
    level = logger.level
    logger.setLevel(logging.DEBUG)
    logger.addHandler(handler)
    try:
        yield handler.lines
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)


def private_calls(bot: Bot) -> list:
    markup = InlineKeyboardMarkup([[InlineKeyboardButton("⚀ ⚀ Keep", callback_data="t:1:g:11")]])
    hand = InlineQueryResultArticle("c1", HAND, InputTextMessageContent(HAND))
    panel = {"receiver_user_id": ANN, "callback_query_id": "4611686018427387905"}
    return [
        bot.answer_callback_query("4611686018427387905", text=SECRET, show_alert=True),
        bot.answer_inline_query("4611686018427387906", [hand], cache_time=0, is_personal=True),
        bot.send_message(ANN, SECRET, reply_markup=markup),
        bot.send_message(GROUP, SECRET, reply_markup=markup,
                         api_kwargs={"ephemeral_message_parameters": panel}),
        bot.do_api_request("editEphemeralMessageText",
                           {"chat_id": GROUP, "ephemeral_message_id": 3, "text": HAND}),
        bot.do_api_request("editEphemeralMessageReplyMarkup",
                           {"chat_id": GROUP, "ephemeral_message_id": 3, "reply_markup": markup}),
        bot.do_api_request("deleteEphemeralMessage", {"chat_id": GROUP, "ephemeral_message_id": 3}),
    ]  # fmt: skip


def test_every_private_call_keeps_its_method_and_shape_and_loses_its_values(lines):
    async def run() -> None:
        async with Bot(TOKEN, request=Answers(), get_updates_request=Answers()) as bot:
            for call in private_calls(bot):
                await call

    asyncio.run(run())
    log = "\n".join(lines)
    for method in ("answerCallbackQuery", "answerInlineQuery", "sendMessage",
                   "editEphemeralMessageText", "editEphemeralMessageReplyMarkup",
                   "deleteEphemeralMessage"):  # fmt: skip
        assert f"Calling Bot API endpoint `{method}` with parameters" in log, method
        assert f"Call to Bot API endpoint `{method}` finished" in log, method
    assert f"text: str[{len(SECRET)}]" in log and "show_alert: True" in log
    panel = "ephemeral_message_parameters: {receiver_user_id: int, callback_query_id: str[19]}"
    assert panel in log and f"chat_id: {GROUP}" in log and "ephemeral_message_id: 3" in log
    assert "reply_markup: InlineKeyboardMarkup{inline_keyboard: [[{" in log
    for private in (SECRET, "⚀", HAND, "🂡", str(ANN), NAME, "t:1:g:11", "Keep"):
        assert private not in log, private


def update_from(user: int) -> dict:
    person = {"id": user, "is_bot": False, "first_name": NAME}
    message = {"message_id": 9, "date": 1, "chat": {"id": GROUP, "type": "supergroup"},
               "text": "table"}  # fmt: skip
    query = {"id": "46116", "from": person, "chat_instance": "1", "data": "t:1:g:bid:3",
             "message": message}  # fmt: skip
    return {"update_id": 100000005, "callback_query": query}


def test_updates_show_their_shape_never_who_sent_them_or_what_they_chose(lines):
    data = update_from(ANN)
    update = Update.de_json(data, None)
    logging.getLogger("telegram.ext.Application").debug("Processing update %s", update)
    logging.getLogger("telegram.ext.Application").debug("Dropping pending update: %s", update)
    webhook = logging.getLogger("telegram.ext.Updater")
    webhook.debug("Webhook received data: %s", json.dumps(data))
    webhook.debug("Received Update with ID %d on Webhook", 100000005)
    webhook.critical("Received data was *not* processed! Received data was: %r", data)
    logging.getLogger("telegram.ext.ExtBot").debug("Getting updates: %s", [100000005])
    log = "\n".join(lines)
    assert log.count("callback_query: {") == 4, log
    assert "Received Update with ID 100000005 on Webhook" in log
    assert "Getting updates: [100000005]" in log and "update_id: 100000005" in log
    for private in (str(ANN), NAME, "t:1:g:bid:3"):
        assert private not in log, private


def test_lines_of_other_loggers_pass_as_they_are():
    record = logging.LogRecord("telegram_bot.app", logging.INFO, __file__, 1, "table %s", ("k3",),
                               None)  # fmt: skip
    assert PrivateLogFilter().filter(record) and record.getMessage() == "table k3"


def test_a_line_is_shaped_once_however_many_handlers_see_it():
    record = logging.LogRecord("telegram.ext.ExtBot", logging.DEBUG, __file__, 1, "with %s",
                               ({"text": SECRET},), None)  # fmt: skip
    PrivateLogFilter().filter(record)
    PrivateLogFilter().filter(record)
    assert record.getMessage() == f"with {{text: str[{len(SECRET)}]}}"


def test_a_shape_keeps_sizes_and_kinds():
    assert shape({"text": "abc", "cache_time": 5, "id": ANN, "chat_id": GROUP, "ok": True,
                  "type": "private", "items": list(range(10))}) == (
        "{text: str[3], cache_time: 5, id: int, chat_id: -100731, ok: True, type: private, "
        "items: [int, int, int, int, int, int, int, int, … 2 more]}"
    )  # fmt: skip
    assert shape(["x"] * 3, depth=6) == "[3 items]"


def test_configure_logging_puts_the_filter_on_every_root_handler_once(monkeypatch):
    root = logging.getLogger()
    handler = logging.StreamHandler()
    monkeypatch.setattr(root, "handlers", [handler])
    configure_logging(logging.INFO)
    configure_logging(logging.INFO)
    assert [type(known) for known in handler.filters] == [PrivateLogFilter]
