"""Ephemeral messages and disabled buttons (Bot API 10.2-10.3), spoken without the library.

python-telegram-bot 22.8 speaks Bot API 10.0: it has no ``ephemeral_message_parameters``,
no ``editEphemeralMessage…`` methods, no ``InlineKeyboardButton.disabled``, and it keeps a
Message's ``ephemeral_message_id`` and ``receiver_user`` in ``api_kwargs``. This module is
the only place that knows: sends go through ``send_message(api_kwargs=…)``, the new methods
through ``Bot.do_api_request``, keyboards are plain dicts. When the library catches up,
delete this module and call its methods.

The calls go through a Bot of their own, without PTB's rate limiter: that limiter counts
every call with a group's chat id against the group's 20 a minute, which an ephemeral message
is not (its budget is the receiver's: :mod:`telegram_bot.panels.budget`).
"""

from __future__ import annotations

import logging
from typing import Any

from telegram import Bot, Message
from telegram.error import (
    BadRequest,
    EndPointNotFound,
    Forbidden,
    InvalidToken,
    NetworkError,
    TelegramError,
)

from telegram_bot.serving.api_metrics import CountingRequest

log = logging.getLogger(__name__)
Keyboard = list[list[dict[str, Any]]]
PROBE_TRIES = 3
EDITED, GONE, FAILED = "edited", "gone", "failed"  # what an edit did


class PanelRefused(Exception):
    """Telegram would not send the ephemeral message (the caller falls back). ``lasting``:
    it would refuse the next one too (not a flood wait, a network hiccup or a late press)."""

    def __init__(self, reason: str, *, lasting: bool) -> None:
        super().__init__(reason)
        self.lasting = lasting


def _refused(error: TelegramError) -> PanelRefused:
    message = error.message.lower()
    lasting = isinstance(error, Forbidden) or (
        isinstance(error, BadRequest) and "query" not in message
    )
    return PanelRefused(error.message, lasting=lasting)


def callback_button(text: str, data: str) -> dict[str, Any]:
    return {"text": text, "callback_data": data}


def disabled_button(text: str) -> dict[str, Any]:
    """A button that does nothing (``DisabledButton``: an empty object, for now)."""
    return {"text": text, "disabled": {}}


def ephemeral_id(message: Message | None) -> int | None:
    """The ephemeral id of a message (a press on a panel), None for an ordinary message."""
    if message is None:
        return None
    value = message.api_kwargs.get("ephemeral_message_id")
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class EphemeralApi:
    """Send, edit and delete one member's ephemeral messages in a group."""

    def __init__(self, token: str, base_url: str) -> None:
        self.bot = Bot(token, base_url=base_url, request=CountingRequest(connection_pool_size=64))

    async def probe(self) -> bool:
        """Whether the Bot API server knows ephemeral messages. An older (or self-hosted)
        server would take ``ephemeral_message_parameters`` for an unknown field and show the
        message to everyone, so only a server that knows the methods gets panels."""
        await self.bot.initialize()
        me = self.bot.id
        for attempt in range(PROBE_TRIES):
            try:
                await self.bot.do_api_request(
                    "deleteEphemeralMessage",
                    api_kwargs={"chat_id": me, "receiver_user_id": me, "ephemeral_message_id": 1},
                )
                return True
            except (EndPointNotFound, InvalidToken):
                return False
            except (BadRequest, Forbidden):  # the method exists; the probe's ids do not
                return True
            except NetworkError:  # (PTB's BadRequest is one too: caught above)
                if attempt == PROBE_TRIES - 1:
                    return False
            except TelegramError:
                return True
        return False

    async def send(
        self,
        chat_id: int,
        receiver: int,
        text: str,
        keyboard: Keyboard,
        *,
        query_id: str | None = None,
        thread_id: int | None = None,
    ) -> int:
        """A message only ``receiver`` sees (the answer to their press ``query_id``); its
        ephemeral id. Raises PanelRefused when it cannot go."""
        parameters: dict[str, Any] = {"receiver_user_id": receiver}
        if query_id is not None:
            parameters["callback_query_id"] = query_id
        try:
            sent = await self.bot.send_message(
                chat_id,
                text,
                message_thread_id=thread_id,
                disable_notification=True,
                api_kwargs={
                    "reply_markup": {"inline_keyboard": keyboard},
                    "ephemeral_message_parameters": parameters,
                },
            )
        except TelegramError as error:
            raise _refused(error) from error
        found = ephemeral_id(sent)
        if found is None:  # (the probe keeps such a server from ever being asked)
            raise PanelRefused("the server sent an ordinary message", lasting=True)
        return found

    async def edit(
        self, chat_id: int, receiver: int, message_id: int, text: str, keyboard: Keyboard
    ) -> str:
        """Edit a panel in place: EDITED, GONE (expired, deleted, or it never came), or
        FAILED (a flood wait, the network: the next change tries again)."""
        try:
            await self.bot.do_api_request(
                "editEphemeralMessageText",
                api_kwargs={
                    "chat_id": chat_id,
                    "receiver_user_id": receiver,
                    "ephemeral_message_id": message_id,
                    "text": text,
                    "reply_markup": {"inline_keyboard": keyboard},
                },
            )
        except BadRequest as error:
            if "not modified" in error.message.lower():
                return EDITED
            log.info("a panel in chat %s is gone: %s", chat_id, error)
            return GONE
        except TelegramError as error:
            log.info("could not edit a panel in chat %s: %s", chat_id, error)
            return FAILED
        return EDITED

    async def delete(self, chat_id: int, receiver: int, message_id: int) -> None:
        """Remove a panel (its receiver may be offline and see it go later, or never)."""
        try:
            await self.bot.do_api_request(
                "deleteEphemeralMessage",
                api_kwargs={
                    "chat_id": chat_id,
                    "receiver_user_id": receiver,
                    "ephemeral_message_id": message_id,
                },
            )
        except TelegramError as error:
            log.info("could not delete a panel in chat %s: %s", chat_id, error)
