"""``python -m webapp``: serve the Mini App with a threaded server (see README for gunicorn)."""

from __future__ import annotations

import logging
import sys

from tables.connection import connect
from tables.store import TableStore
from webapp.app import create_app
from webapp.config import ConfigError, WebConfig


def main() -> int:
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    try:
        config = WebConfig.from_env()
    except ConfigError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    app = create_app(TableStore(connect(config.redis_url)), config)
    app.run(host=config.host, port=config.port, threaded=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
