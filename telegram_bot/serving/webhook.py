"""Limits for the webhook server: a body over 1 MB is refused before it is read.

python-telegram-bot's ``run_webhook`` serves with Tornado's ``HTTPServer`` at Tornado's
defaults, which read a body of up to 100 MB into memory, and only then does PTB check the
secret token: eight unauthenticated 90 MB posts took the bot from 57 MB to 1.2 GB. PTB has no
setting for it, so before ``run_webhook`` we hand its webhook module a Tornado
``HTTPServer`` with small limits (Tornado's own, documented parameters):

- ``max_body_size``: a ``Content-Length`` over the limit is answered ``400`` and the
  connection closed at once; a chunked body is cut off as it passes the limit. Telegram's
  updates are a few KB; 1 MB leaves room for the largest.
- ``max_buffer_size``: what Tornado buffers per connection, the body limit and a bit.
- ``idle_connection_timeout`` (also the time allowed for a request's headers) and
  ``body_timeout``: a client trickling bytes is dropped instead of kept forever.

The test (tests/telegram_bot/test_webhook_limits_e2e.py) runs the real bot and checks both
the refusal and the bot's memory, so a PTB that stops building its server this way shows.

The same server counts each answer the webhook gives (``cupclaim_webhook_requests_total``:
accepted, or refused without the secret); a body refused for its size never reaches the
app and is not counted.
"""

from __future__ import annotations

import functools
from typing import Any

from tornado.httpserver import HTTPServer

from telegram_bot.serving.api_metrics import count_webhook_answer

MAX_BODY_BYTES = 1 << 20
MAX_HEADER_BYTES = 16 << 10
IDLE_SECONDS = 30.0
BODY_SECONDS = 10.0


def limited_server_class(max_body: int = MAX_BODY_BYTES) -> functools.partial[HTTPServer]:
    return functools.partial(
        _counted_server,
        max_body_size=max_body,
        max_buffer_size=max_body + MAX_HEADER_BYTES,
        max_header_size=MAX_HEADER_BYTES,
        idle_connection_timeout=IDLE_SECONDS,
        body_timeout=BODY_SECONDS,
    )


def _counted_server(app: Any, **settings: Any) -> HTTPServer:
    """Tornado's server for PTB's webhook app, whose every answer is counted (PTB's app
    logs none: its ``log_request`` is empty)."""
    app.log_request = count_webhook_answer
    return HTTPServer(app, **settings)


def limit_webhook_server(max_body: int = MAX_BODY_BYTES) -> None:
    """Make PTB's webhook server (built in ``run_webhook``) use the limits above."""
    from telegram.ext._utils import webhookhandler  # PTB's own module for its server

    if getattr(webhookhandler, "HTTPServer", None) is None:
        raise RuntimeError("python-telegram-bot no longer builds its webhook server here")
    webhookhandler.HTTPServer = limited_server_class(max_body)  # type: ignore[misc,assignment]
