"""How many messages a chat may still get: Telegram's flood limits as shared token buckets.

Telegram allows about one message per second in a chat (a short burst is tolerated) and 20
per minute in a group; edits count too. PTB's rate limiter guards the overall 30/s but not a
single chat, and each bot process has its own. These buckets live in Redis, so every worker
of the bot draws from the same budget for a chat, and the notifier can ask before it acts:
enough left for a story message, or only for an edit?

    budget:{chat}:second   per chat: a burst of 3, refilled at (a little under) 1 per second
    budget:{chat}:minute   per group: 19, refilled at 19 per minute
    budget:overall         every chat together: a burst of 8, refilled at 25 per second
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass

import redis

from ops import metrics

BURST = 3.0  # messages a chat takes back to back before the per-second rate applies
OVERALL_KEY = "budget:overall"  # all chats together: Telegram allows about 30 a second
OVERALL_BURST = 8.0

TAKE_SCRIPT = """
local now = tonumber(ARGV[1])
local cost = tonumber(ARGV[2])
local take = ARGV[3] == '1'
local wait = 0
local state = {}
for i, key in ipairs(KEYS) do
  local capacity = tonumber(ARGV[2 + i * 2])
  local rate = tonumber(ARGV[3 + i * 2])
  local data = redis.call('HMGET', key, 't', 'u')
  local tokens = tonumber(data[1]) or capacity
  local updated = tonumber(data[2]) or now
  tokens = math.min(capacity, tokens + math.max(0, now - updated) * rate)
  state[i] = tokens
  if tokens < cost then wait = math.max(wait, (cost - tokens) / rate) end
end
if wait == 0 and take then
  for i, key in ipairs(KEYS) do
    redis.call('HSET', key, 't', state[i] - cost, 'u', now)
    redis.call('EXPIRE', key, 600)
  end
end
return {tostring(wait), tostring(state[#state])}
"""


@dataclass(frozen=True)
class Budget:
    wait: float  # seconds until ``cost`` messages may be sent (0: now)
    left: float  # tokens left in the tightest long-term bucket (group minute, or per second)


class ChatBudget:
    def __init__(
        self,
        client: redis.Redis,
        *,
        per_second: float = 0.95,
        group_per_minute: float = 19.0,
        overall_per_second: float = 25.0,
        clock: Callable[[], float] = time.time,
    ) -> None:
        """Rates a little under Telegram's (1/s per chat, 20/min per group) by default."""
        self.clock = clock
        self.per_second = (max(BURST, per_second), per_second)
        self.per_minute = (group_per_minute, group_per_minute / 60.0)
        # A small burst overall: requests can bunch up on their way out of the process.
        self.overall = (OVERALL_BURST, overall_per_second)
        self._script = client.register_script(TAKE_SCRIPT)

    def _call(self, chat_id: int, cost: float, take: bool) -> Budget:
        keys = [f"budget:{{{chat_id}}}:second"]
        limits = [*self.per_second]
        if chat_id < 0:  # groups and supergroups have negative ids
            keys.append(f"budget:{{{chat_id}}}:minute")
            limits += [*self.per_minute]
        now = self.clock()
        wait, left = self._script(keys=keys, args=[now, cost, "0", *limits])
        if float(wait) > 0 or not take:
            if float(wait) <= 0:  # a peek: the bot-wide bucket must have room too
                overall_wait, _ = self._script(
                    keys=[OVERALL_KEY], args=[now, cost, "0", *self.overall]
                )
                return Budget(float(overall_wait), float(left))
            return Budget(float(wait), float(left))
        # Taking: the bot-wide bucket first (its own key, as chats' keys live in other
        # cluster slots), then the chat's. Should the chat's have run dry in between, one
        # overall token is wasted: on the safe side.
        overall_wait, _ = self._script(keys=[OVERALL_KEY], args=[now, cost, "1", *self.overall])
        if float(overall_wait) > 0:
            return Budget(float(overall_wait), 0.0)
        wait, left = self._script(keys=keys, args=[now, cost, "1", *limits])
        return Budget(float(wait), float(left))

    def peek(self, chat_id: int, cost: float = 1) -> Budget:
        return self._call(chat_id, cost, take=False)

    def try_take(self, chat_id: int, cost: float = 1) -> Budget:
        return self._call(chat_id, cost, take=True)

    async def take(self, chat_id: int, cost: float = 1) -> None:
        """Wait until the chat may get ``cost`` more messages, and count them as sent."""
        while True:
            budget = await asyncio.to_thread(self.try_take, chat_id, cost)
            if budget.wait <= 0:
                return
            await metrics.budget_wait(min(budget.wait, 5.0) + 0.01)  # counted as waiting

    async def wait_for(self, chat_id: int, cost: float = 1) -> None:
        """Wait until ``cost`` messages would be allowed, without counting them."""
        while True:
            budget = await asyncio.to_thread(self.peek, chat_id, cost)
            if budget.wait <= 0:
                return
            await metrics.budget_wait(min(budget.wait, 5.0) + 0.01)  # counted as waiting
