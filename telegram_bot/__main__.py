"""``python -m telegram_bot``: run the bot (long polling, webhook, or a worker) until stopped."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from urllib.parse import urlparse

from telegram import Update
from telegram.error import InvalidToken
from telegram.ext import Application

from ops.redact import configure_logging, mask_token, redis_password
from tables.engine.connection import RedisConfigError, connect
from tables.table.store import TableStore
from telegram_bot.app import build_application, start_background, stop_background
from telegram_bot.config import BotConfig, ConfigError
from telegram_bot.serving.ops_port import start_ops
from telegram_bot.serving.webhook import limit_webhook_server

ALLOWED_UPDATES = [
    Update.MESSAGE,
    Update.CALLBACK_QUERY,
    Update.MY_CHAT_MEMBER,
    Update.INLINE_QUERY,
    Update.CHOSEN_INLINE_RESULT,
]


def main() -> int:
    try:
        config = BotConfig.from_env()
    except ConfigError as error:  # one line, before any network call
        print(f"error: {error}", file=sys.stderr)
        return 2
    # httpx logs every request URL, and those carry the bot token: kept out (ops.redact).
    configure_logging(
        config.log_level,
        secrets=[config.token, config.webhook_secret, redis_password(config.redis_url)],
    )
    for handler in logging.getLogger().handlers:
        handler.addFilter(_without_refused_token)
    try:
        return run(config)
    except (RedisConfigError, ConfigError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except InvalidToken:
        print(
            f"error: Telegram refused the bot token {mask_token(config.token)} "
            "(401 Unauthorized): check TELEGRAM_BOT_TOKEN, or get a new one from @BotFather",
            file=sys.stderr,
        )
        return 1


def _without_refused_token(record: logging.LogRecord) -> bool:
    """PTB logs a refused token with a traceback before raising it; main() says it in one
    line instead."""
    error = record.exc_info[1] if record.exc_info else None
    return not isinstance(error, InvalidToken)


def run(config: BotConfig) -> int:
    store = TableStore(connect(config.redis_url))
    application = build_application(config, store)
    start_ops(config, store, application)  # the operator's port, before anything can hang
    if config.role == "worker":
        asyncio.run(run_worker(application))
        return 0
    if config.role == "webhook":
        assert config.webhook_url is not None
        limit_webhook_server()  # bodies over 1 MB refused before they are read
        # Telegram sends the secret in X-Telegram-Bot-Api-Secret-Token; PTB's webhook server
        # refuses any request without it (403), so only Telegram can feed this worker.
        application.run_webhook(
            listen=config.webhook_listen,
            port=config.webhook_port,
            url_path=urlparse(config.webhook_url).path.lstrip("/"),
            webhook_url=config.webhook_url,
            secret_token=config.webhook_secret,
            allowed_updates=ALLOWED_UPDATES,
            drop_pending_updates=False,
        )
        return 0
    application.run_polling(allowed_updates=ALLOWED_UPDATES, drop_pending_updates=False)
    return 0


async def run_worker(application: Application) -> None:
    """Only the background loops (showing table changes, firing deadlines): a worker beside
    the process that receives updates. Several may run; each change is shown once and each
    deadline fires once."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    async with application:
        await start_background(application)
        logging.getLogger(__name__).info("worker running (no polling)")
        await stop.wait()
        await stop_background(application)


if __name__ == "__main__":
    sys.exit(main())
