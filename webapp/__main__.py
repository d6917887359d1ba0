"""``python -m webapp``: serve the Mini App (development server; see README for production)."""

from __future__ import annotations

import logging
import os
import sys

from tables.connection import connect
from tables.store import TableStore
from webapp.app import create_app


def main() -> int:
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    store = TableStore(connect(os.environ.get("REDIS_URL")))
    app = create_app(store)
    host = os.environ.get("WEBAPP_HOST", "127.0.0.1")
    port = int(os.environ.get("WEBAPP_PORT", "8080"))
    app.run(host=host, port=port, threaded=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
