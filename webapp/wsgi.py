"""WSGI entry point for production servers: ``gunicorn 'webapp.wsgi:application'``."""

from __future__ import annotations

import logging

from tables.connection import connect
from tables.store import TableStore
from webapp.app import create_app
from webapp.config import WebConfig

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
_config = WebConfig.from_env()
application = create_app(TableStore(connect(_config.redis_url)), _config)
