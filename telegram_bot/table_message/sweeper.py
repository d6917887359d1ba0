"""Background sweeps: deadlines that passed (CPU moves, turn timers, abandoned lobbies, idle
games), and tables whose latest version never reached their chat (a worker died between
commit and render)."""

from __future__ import annotations

import asyncio
import logging

import redis

from tables.engine import keys
from tables.engine.health import RedisWatch
from tables.table.store import TableStore
from tables.table.ticker import fire_due
from telegram_bot.table_message.notifier import Notifier

log = logging.getLogger(__name__)


class Sweeper:
    def __init__(
        self,
        store: TableStore,
        notifier: Notifier,
        *,
        interval: float = 0.25,
        render_check_every: int = 60,
    ) -> None:
        self.store = store
        self.notifier = notifier
        self.interval = interval
        self.render_check_every = render_check_every
        self.watch = store.health or RedisWatch(store.redis, "bot")  # /readyz reads it too

    async def run(self) -> None:
        tick = 0
        while True:
            if not await asyncio.to_thread(self.watch.check):
                await asyncio.sleep(self.interval)
                continue
            try:
                await self.sweep_deadlines()
                if tick % self.render_check_every == 0:
                    await self.sweep_unrendered()
            except asyncio.CancelledError:
                raise
            except redis.RedisError as error:
                log.warning("Redis unavailable for sweeping (%s); retrying", error)
            except Exception:
                log.exception("sweep failed")
            tick += 1
            await asyncio.sleep(self.interval)

    async def sweep_deadlines(self) -> None:
        await asyncio.to_thread(fire_due, self.store)

    async def sweep_unrendered(self) -> None:
        def stale() -> list[str]:
            client, layout = self.store.redis, self.store.layout
            pipe = client.pipeline(transaction=False)
            for partition in layout.all():  # every partition of the open tables' index
                pipe.smembers(layout.active(partition))
            ids = [i.decode() for members in pipe.execute() for i in members]
            pipe = client.pipeline(transaction=False)
            for table_id in ids:
                pipe.hmget(keys.table(table_id), "v", "rv")
            found = []
            for table_id, (version, rendered) in zip(ids, pipe.execute(), strict=True):
                if version is not None and int(version) > int(rendered or 0):
                    found.append(table_id)
            return found

        for table_id in await asyncio.to_thread(stale):
            self.notifier.schedule(table_id)
