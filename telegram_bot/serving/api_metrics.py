"""What the bot counts of its traffic with Telegram (ops.metrics): every Bot API call by
method and outcome (429s with their ``retry_after``), every update received, and every
answer of the webhook server (refused without the secret, or accepted).

The calls are counted in the HTTP layer PTB sends them through (``CountingRequest``), so
retries by the rate limiter, ``getUpdates`` and calls from any handler all count, each once
per request that went out.
"""

from __future__ import annotations

import json
import time
from typing import Any

from telegram import Update
from telegram.error import NetworkError, TimedOut
from telegram.ext import ContextTypes
from telegram.request import HTTPXRequest

from ops import labels, metrics


def retry_after(payload: bytes) -> float | None:
    """``parameters.retry_after`` of a 429's body, if it says."""
    try:
        answer = json.loads(payload)
        return float(answer["parameters"]["retry_after"])
    except (ValueError, KeyError, TypeError):
        return None


class CountingRequest(HTTPXRequest):
    """PTB's HTTP layer, counting each call (the method is the URL's last part; the token
    before it never reaches a label)."""

    async def do_request(
        self, url: str, method: str, *args: Any, **kwargs: Any
    ) -> tuple[int, bytes]:
        name = url.rsplit("/", 1)[-1]
        started = time.perf_counter()
        try:
            status, payload = await super().do_request(url, method, *args, **kwargs)
        except TimedOut:
            metrics.bot_api_call(name, "timeout", time.perf_counter() - started)
            raise
        except NetworkError:
            metrics.bot_api_call(name, "network_error", time.perf_counter() - started)
            raise
        metrics.bot_api_call(name, labels.api_outcome(status), time.perf_counter() - started)
        if status == 429:
            wait = retry_after(payload)
            if wait is not None:
                metrics.flood_wait(wait)
        return status, payload


async def count_update(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A handler in a group of its own, before the others: counts, and lets them run."""
    kind = next((k for k in labels.UPDATE_KINDS if getattr(update, k, None) is not None), "")
    metrics.update_received(kind)


def count_webhook_answer(handler: Any) -> None:
    """Tornado's ``log_request`` for the webhook app: every answer it gave, by status."""
    metrics.webhook_answered(handler.get_status())


def flood_answers() -> int:
    """429s this process got from Telegram since it started (for /status)."""
    return int(
        sum(
            sample.value
            for family in metrics.API_CALLS.collect()
            for sample in family.samples
            if sample.name.endswith("_total") and sample.labels.get("outcome") == "flood"
        )
    )
