"""Keep secrets out of logs: the bot token, the webhook secret, a Redis password, and what a
player holds. (And what a bot token looks like, for both front doors to check at start-up.)

Shared by the bot and the web app (both reach Telegram). Three layers:

- httpx logs every request URL at INFO, and Bot API URLs carry the token
  (``https://api.telegram.org/bot<token>/getMe``): its loggers (and httpcore's) are kept at
  WARNING.
- Every line the root logger's handlers write goes through :class:`RedactingFormatter`,
  which replaces the known secrets, and anything shaped like a bot token, with a mask; so a
  traceback or a library's message that quotes a URL cannot carry them either.
- python-telegram-bot's lines (its DEBUG lines quote every call's parameters and every
  update) pass :class:`ops.private_logs.PrivateLogFilter` first: the method name and the
  parameters' shape stay, their values (a private answer, a user id) never get out.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from ops import private_logs
from ops.logs import JsonFormatter

LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
# A bot token: the bot's id, a colon, then the secret part (35 characters today).
TOKEN_SHAPE = re.compile(r"\b(\d{3,20}):[A-Za-z0-9_-]{30,100}")
# BotFather's tokens: the bot's id, a colon, 35 characters of A-Z a-z 0-9 _ - (a little room
# either way, should Telegram lengthen them).
BOT_TOKEN = re.compile(r"[0-9]{1,20}:[A-Za-z0-9_-]{30,100}")
BOT_TOKEN_FORMAT = (
    "TELEGRAM_BOT_TOKEN does not look like a bot token (digits, a colon, then about 35 "
    "letters, digits, _ or -): copy it again from @BotFather"
)
QUIET_LOGGERS = ("httpx", "httpcore")
MASK = "[redacted]"


def looks_like_bot_token(token: str) -> bool:
    return BOT_TOKEN.fullmatch(token) is not None


def mask_token(token: str) -> str:
    """``123456789:[redacted]``: the bot's id (public: it is the bot's user id), never the
    secret part."""
    bot_id = token.split(":", 1)[0]
    return f"{bot_id}:{MASK}" if bot_id.isascii() and bot_id.isdigit() else MASK


def redis_password(url: str | None) -> str | None:
    """The password inside a ``redis://`` URL, if it has one."""
    if not url:
        return None
    try:
        return urlsplit(url).password or None
    except ValueError:
        return None


class RedactingFormatter(logging.Formatter):
    """A formatter whose output never contains ``secrets`` or anything shaped like a token."""

    def __init__(self, fmt: str, secrets: Iterable[str | None] = ()) -> None:
        super().__init__(fmt)
        # Longest first, so a secret that contains another is masked whole.
        self.secrets = sorted({s for s in secrets if s and len(s) >= 6}, key=len, reverse=True)

    def format(self, record: logging.LogRecord) -> str:
        return self.redact(super().format(record))

    def redact(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, MASK)
        return TOKEN_SHAPE.sub(lambda match: f"{match.group(1)}:{MASK}", text)


def configure_logging(level: str | int, secrets: Iterable[str | None] = ()) -> None:
    """Log to stderr at ``level``, quiet the HTTP client's request lines, redact secrets,
    shape PTB's quotes (ops.private_logs); one JSON object per line with ``LOG_FORMAT=json``
    (ops.logs)."""
    logging.basicConfig(level=level, format=LOG_FORMAT)
    for name in QUIET_LOGGERS:
        logging.getLogger(name).setLevel(logging.WARNING)
    for handler in logging.getLogger().handlers:
        handler.setFormatter(formatter_for(secrets))
        private_logs.install(handler)


def formatter_for(secrets: Iterable[str | None] = ()) -> logging.Formatter:
    """The formatter ``LOG_FORMAT`` asks for (``text``, the default, or ``json``), redacting."""
    redacting = RedactingFormatter(LOG_FORMAT, secrets)
    if os.environ.get("LOG_FORMAT", "text").strip().lower() == "json":
        return JsonFormatter(redacting.redact)
    return redacting


def formatter_from_env() -> logging.Formatter:
    """``formatter_for`` the secrets the environment holds (for logging set up by a
    configuration file, as gunicorn's is)."""
    return formatter_for(
        [os.environ.get("TELEGRAM_BOT_TOKEN"), redis_password(os.environ.get("REDIS_URL"))]
    )
