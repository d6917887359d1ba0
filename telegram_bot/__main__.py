"""``python -m telegram_bot``: run the bot (long polling) until interrupted."""

from __future__ import annotations

import logging
import sys

from telegram import Update

from tables.connection import connect
from tables.store import TableStore
from telegram_bot.app import build_application
from telegram_bot.config import BotConfig, ConfigError


def main() -> int:
    try:
        config = BotConfig.from_env()
    except ConfigError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    # httpx logs every request URL, and those carry the bot token.
    logging.getLogger("httpx").setLevel(logging.WARNING)
    store = TableStore(connect(config.redis_url))
    application = build_application(config, store)
    application.run_polling(
        allowed_updates=[Update.MESSAGE, Update.CALLBACK_QUERY, Update.MY_CHAT_MEMBER],
        drop_pending_updates=False,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
