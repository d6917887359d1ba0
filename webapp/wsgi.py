"""WSGI entry point for production servers: ``gunicorn 'webapp.wsgi:application'``."""

from __future__ import annotations

import logging

from webapp.app import create_app
from webapp.config import WebConfig
from webapp.runtime import serving_store

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
_config = WebConfig.from_env()
application = create_app(serving_store(_config.redis_url), _config)
