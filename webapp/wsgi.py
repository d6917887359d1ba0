"""WSGI entry point for production servers: ``gunicorn 'webapp.wsgi:application'``."""

from __future__ import annotations

import logging
import threading

from tables.connection import connect
from tables.health import RedisWatch
from tables.store import TableStore
from webapp.app import create_app
from webapp.config import WebConfig

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
_config = WebConfig.from_env()
_store = TableStore(connect(_config.redis_url))
RedisWatch(_store.redis, "webapp").run_in_thread(threading.Event())
application = create_app(_store, _config)
