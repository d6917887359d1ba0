"""Which players have a panel open at a table, and how many panel calls a receiver may get.

    table:{T}:panels          hash, user id -> {"message_id": ephemeral id, "digest": of
                              what it shows, "language", "refusal": one to show,
                              "refusal_version": the table version it answers, "path": the
                              step of a hidden choice open on the panel, "path_decision": the
                              decision token it was opened on}
    table:{T}                 field ``np``: until when (Unix time) panels are off at this
                              table, the server having refused one for a reason that looked
                              lasting (the table message offers today's paths meanwhile)
    budget:{C}:panel:{U}      the receiver's bucket: about one a second (Telegram documents
                              no limit for ephemeral messages; they are taken as messages to
                              one person), outside the group's 20 a minute

Kept by the bot (only the chat door has panels), each key in its table's slot or chat's.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import asdict, dataclass
from typing import Any

import redis

from games.steps import Path, parse_path_key
from ops import metrics
from tables.engine import keys
from telegram_bot.table_message.budget import OVERALL_BURST, OVERALL_KEY, TAKE_SCRIPT

PANELS_TTL = 7 * 86400
PANELS_OFF_SECONDS = 600  # a lasting-looking refusal turns a table's panels off this long
PANEL_BURST = 3.0  # as for a chat: a few at once, then the rate


# A table's panels and its follow lock, in one round trip (all in the table's slot); nothing
# when it has no panels, or no version newer than ARGV[2] (followed already).
CLAIM_SCRIPT = """
if redis.call('HLEN', KEYS[1]) == 0 then return false end
if tonumber(redis.call('HGET', KEYS[3], 'v') or '-1') <= tonumber(ARGV[2]) then return false end
if not redis.call('SET', KEYS[2], 1, 'NX', 'PX', ARGV[1]) then return {0} end
return {1, redis.call('HGETALL', KEYS[1])}
"""


def panels_key(table_id: str) -> str:
    return f"table:{{{table_id}}}:panels"


def lock_key(table_id: str) -> str:
    return f"table:{{{table_id}}}:panels:lock"


@dataclass(frozen=True)
class PanelRecord:
    user_id: int
    message_id: int  # the ephemeral id (its message_id is 0)
    digest: str
    language: str
    refusal: str = ""
    refusal_version: int = -1
    path: str = ""  # a step open on the panel (games.steps.path_key), for one decision
    path_decision: int = -1

    def step_path(self) -> Path:
        """The step open on the panel (shown while its decision lasts)."""
        return parse_path_key(self.path) or ()

    def encode(self) -> str:
        data = asdict(self)
        del data["user_id"]
        return json.dumps(data, ensure_ascii=False)

    @classmethod
    def decode(cls, user_id: Any, raw: Any) -> PanelRecord | None:
        try:
            data = json.loads(raw)
            return cls(user_id=int(user_id), **data)
        except (ValueError, TypeError):
            return None


class PanelRecords:
    def __init__(self, client: redis.Redis) -> None:
        self.redis = client
        self._claim = client.register_script(CLAIM_SCRIPT)

    def all(self, table_id: str) -> list[PanelRecord]:
        found = self.redis.hgetall(panels_key(table_id))
        records = [PanelRecord.decode(user, raw) for user, raw in found.items()]
        return [record for record in records if record is not None]

    def get(self, table_id: str, user_id: int) -> PanelRecord | None:
        raw = self.redis.hget(panels_key(table_id), str(user_id))
        return PanelRecord.decode(user_id, raw) if raw is not None else None

    def put(self, table_id: str, record: PanelRecord) -> None:
        pipe = self.redis.pipeline(transaction=True)
        pipe.hset(panels_key(table_id), str(record.user_id), record.encode())
        pipe.expire(panels_key(table_id), PANELS_TTL)
        pipe.execute()

    def drop(self, table_id: str, user_id: int, message_id: int) -> bool:
        """Forget a panel, if it is still that one (False: another worker sent a newer one)."""
        record = self.get(table_id, user_id)
        if record is None or record.message_id != message_id:
            return False
        self.redis.hdel(panels_key(table_id), str(user_id))
        return True

    def refuse(self, table_id: str, now: float | None = None) -> None:
        """The server would not send panels here: the table offers today's paths for a
        while. Not for good: what looked lasting (a server's hiccup, a setting changed in
        the group) may pass, and a long game or a rematch tries panels again."""
        until = (time.time() if now is None else now) + PANELS_OFF_SECONDS
        self.redis.hset(keys.table(table_id), "np", f"{until:.0f}")

    def claim(
        self, table_id: str, after: int = -1, seconds: float = 10.0
    ) -> list[PanelRecord] | None:
        """A table's panels, locked for this worker, in one round trip: [] when it has none
        or its version is no newer than ``after`` (nothing locked), None when another worker
        follows them now (look again later)."""
        found = self._claim(
            keys=[panels_key(table_id), lock_key(table_id), keys.table(table_id)],
            args=[int(seconds * 1000), after],
        )
        if not found:
            return []
        if found[0] == 0:
            return None
        flat = found[1]
        records = [PanelRecord.decode(flat[i], flat[i + 1]) for i in range(0, len(flat), 2)]
        return [record for record in records if record is not None]

    def unlock(self, table_id: str) -> None:
        self.redis.delete(lock_key(table_id))


class PanelBudget:
    """Each receiver's token bucket, with the bot's overall one (shared with the groups)."""

    def __init__(self, client: redis.Redis, per_second: float = 0.95) -> None:
        self.rate = (max(PANEL_BURST, per_second), per_second)
        self.overall = (OVERALL_BURST, 25.0)
        self._script = client.register_script(TAKE_SCRIPT)

    def try_take(self, chat_id: int, user_id: int) -> float:
        """Seconds to wait before the next panel call to this receiver (0: taken now). The
        receiver's bucket is looked at first, so a panel waiting for it (the usual wait)
        takes nothing from the bot's overall one."""
        now = time.time()
        key = f"budget:{{{chat_id}}}:panel:{user_id}"
        wait, _ = self._script(keys=[key], args=[now, 1, "0", *self.rate])
        if float(wait) > 0:
            return float(wait)
        wait, _ = self._script(keys=[OVERALL_KEY], args=[now, 1, "1", *self.overall])
        if float(wait) > 0:
            return float(wait)
        wait, _ = self._script(keys=[key], args=[now, 1, "1", *self.rate])
        return float(wait)

    async def take(self, chat_id: int, user_id: int) -> None:
        while (wait := await asyncio.to_thread(self.try_take, chat_id, user_id)) > 0:
            await metrics.budget_wait(min(wait, 5.0) + 0.01)
