"""WSGI entry point for production servers: ``gunicorn 'webapp.wsgi:application'``."""

from __future__ import annotations

import logging

from ops import metrics
from ops.redact import configure_logging, redis_password
from webapp.app import create_app
from webapp.config import WebConfig
from webapp.runtime import serving_store

_config = WebConfig.from_env()
configure_logging(logging.INFO, secrets=[_config.bot_token, redis_password(_config.redis_url)])
application = create_app(serving_store(_config.redis_url), _config)
metrics.started_as("web")
