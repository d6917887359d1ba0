"""The bot's operator port (``OPS_BIND``): ``/metrics``, ``/healthz``, ``/readyz``, in every
role (polling, webhook, worker), and the loop that keeps their answers true.

- ``/healthz`` (live): the event loop runs. A heartbeat task ticks every second; no tick
  for 30 s means the loop is stuck (a blocking call, a deadlock), and a restart is the cure.
- ``/readyz`` (ready): started (``getMe`` answered, the loops run), Redis answers (the
  sweeper's watch, fresh), updates come in (the poller or the webhook server runs; not for a
  worker), the background loops are alive, and the event loop is not saturated (the
  heartbeat's tick less than 2 s late).

The heartbeat also sets ``cupclaim_event_loop_lag_seconds``, and every 30 s the loop
counts the open tables by game for ``cupclaim_tables_open`` (tables.table.census).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

import redis
from telegram.ext import Application

from ops import metrics
from ops.health import OK, Verdict
from ops.server import OpsServer
from tables.engine.health import RedisWatch
from tables.table import census
from tables.table.store import TableStore
from telegram_bot.config import BotConfig, ConfigError
from telegram_bot.services import Services

log = logging.getLogger(__name__)
BEAT_SECONDS = 1.0
STUCK_AFTER = 30.0  # seconds without a heartbeat: not alive
BUSY_LAG = 2.0  # seconds a heartbeat may be late before the bot is not ready
FRESH_SECONDS = 5.0  # a Redis check older than this says nothing
CENSUS_EVERY = 30  # heartbeats between two counts of the open tables


class BotOps:
    def __init__(self, application: Application, store: TableStore, role: str) -> None:
        self.application = application
        self.store = store
        self.role = role
        self.started = time.monotonic()
        self.beat = 0.0  # time.monotonic() of the last heartbeat (0: none yet)
        self.lag = 0.0
        self.server: OpsServer | None = None
        if store.health is None:  # the sweeper's watch, which /readyz reads
            store.health = RedisWatch(store.redis, "bot")

    @property
    def services(self) -> Services:
        return self.application.bot_data["services"]

    def serve(self, bind: tuple[str, int]) -> BotOps:
        self.server = OpsServer(bind, live=self.live, ready=self.ready).start()
        return self

    async def run(self) -> None:
        """The heartbeat (and the census); runs beside the notifier and the sweeper."""
        beats = 0
        while True:
            planned = time.monotonic() + BEAT_SECONDS
            await asyncio.sleep(BEAT_SECONDS)
            self.lag = max(0.0, time.monotonic() - planned)
            self.beat = time.monotonic()
            metrics.LOOP_LAG.set(self.lag)
            if beats % CENSUS_EVERY == 0:
                with contextlib.suppress(redis.RedisError):
                    metrics.open_tables(await asyncio.to_thread(census.open_tables, self.store))
            beats += 1

    def live(self) -> Verdict:
        last = self.beat or self.started
        return Verdict({"loop": OK if time.monotonic() - last < STUCK_AFTER else "stuck"})

    def ready(self) -> Verdict:
        services = self.services
        started = services.notifier is not None and self.beat > 0
        checks = {"started": OK if started else "starting", "redis": self._redis()}
        if self.role != "worker":
            updater = self.application.updater
            checks["updates"] = OK if updater is not None and updater.running else "stopped"
        alive = started and all(not task.done() for task in services.tasks)
        checks["loops"] = OK if alive or not started else "stopped"
        checks["load"] = OK if self.lag < BUSY_LAG else "busy"
        return Verdict(checks)

    def _redis(self) -> str:
        watch = self.store.health
        if watch is None or time.monotonic() - watch.checked_at > FRESH_SECONDS:
            return "unchecked"
        return OK if watch.up else "down"


def start_ops(config: BotConfig, store: TableStore, application: Application) -> BotOps:
    """The process's metrics identity, and its operator port when ``OPS_BIND`` asks."""
    metrics.started_as(config.role)
    ops = BotOps(application, store, config.role)
    application.bot_data["services"].ops = ops
    if config.ops_bind is not None:
        try:
            ops.serve(config.ops_bind)
        except OSError as error:
            host, port = config.ops_bind
            raise ConfigError(
                f"cannot listen on OPS_BIND {host}:{port}: {error.strerror}"
            ) from None
        log.info("operator port on %s:%s (/metrics, /healthz, /readyz)", *config.ops_bind)
    return ops
