"""Telegram's flood limits, modelled as token buckets.

Telegram documents three limits for bots (https://core.telegram.org/bots/faq): about one
message per second in a single chat (short bursts tolerated), at most 20 messages per minute in
a group, and about 30 messages per second overall. Breaking them earns ``429 Too Many
Requests: retry after N``. A token bucket per limit reproduces both the sustained rate and the
tolerated burst, and tells exactly how long to wait, which becomes ``retry_after``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["FloodGate", "FloodLimits", "TokenBucket"]


@dataclass(frozen=True)
class FloodLimits:
    """Tunable limits; the defaults follow Telegram's published numbers.

    ``per_chat_burst`` is the number of messages a single chat accepts back-to-back before the
    one-per-second rate applies. Telegram does not publish it; 3 is deliberately modest so a
    bot that fires several edits per button press is caught.
    """

    per_chat_per_second: float = 1.0
    per_chat_burst: float = 3.0
    group_per_minute: float = 20.0
    global_per_second: float = 30.0
    # Ephemeral messages: Telegram documents no limit; taken as messages to one person.
    per_receiver_per_second: float = 1.0
    per_receiver_burst: float = 3.0


class TokenBucket:
    """A bucket of ``capacity`` tokens refilled at ``rate`` tokens per second."""

    def __init__(self, capacity: float, rate: float, now: float) -> None:
        self.capacity = capacity
        self.rate = rate
        self.tokens = capacity
        self.updated = now

    def _refill(self, now: float) -> None:
        elapsed = max(0.0, now - self.updated)
        self.tokens = min(self.capacity, self.tokens + elapsed * self.rate)
        self.updated = now

    def wait_time(self, now: float) -> float:
        """Seconds until one token is available (0 when one is available now)."""
        self._refill(now)
        if self.tokens >= 1.0:
            return 0.0
        return (1.0 - self.tokens) / self.rate

    def take(self, now: float) -> None:
        self._refill(now)
        self.tokens -= 1.0


class FloodGate:
    """Decides whether one more message may go to a chat right now.

    All buckets involved must have a token; otherwise nothing is consumed (Telegram does not
    deliver a rejected message) and the caller gets the number of seconds to wait.
    """

    def __init__(self, limits: FloodLimits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self._clock = clock
        self._global = TokenBucket(limits.global_per_second, limits.global_per_second, clock())
        self._per_chat: dict[int, TokenBucket] = {}
        self._per_group: dict[int, TokenBucket] = {}
        self._per_receiver: dict[tuple[int, int], TokenBucket] = {}

    def try_send(self, chat_id: int, *, is_group: bool) -> int | None:
        """Consume a message slot, or return ``retry_after`` (whole seconds, >= 1)."""
        now = self._clock()
        limits = self.limits
        buckets = [self._global]
        chat_bucket = self._per_chat.get(chat_id)
        if chat_bucket is None:
            chat_bucket = TokenBucket(limits.per_chat_burst, limits.per_chat_per_second, now)
            self._per_chat[chat_id] = chat_bucket
        buckets.append(chat_bucket)
        if is_group:
            group_bucket = self._per_group.get(chat_id)
            if group_bucket is None:
                group_bucket = TokenBucket(
                    limits.group_per_minute, limits.group_per_minute / 60.0, now
                )
                self._per_group[chat_id] = group_bucket
            buckets.append(group_bucket)
        wait = max(bucket.wait_time(now) for bucket in buckets)
        if wait > 0:
            return max(1, math.ceil(wait))
        for bucket in buckets:
            bucket.take(now)
        return None

    def try_send_ephemeral(self, chat_id: int, receiver_id: int) -> int | None:
        """An ephemeral send or edit: the receiver's own bucket and the bot's overall one,
        never the group's (its members do not see it)."""
        now = self._clock()
        limits = self.limits
        bucket = self._per_receiver.get((chat_id, receiver_id))
        if bucket is None:
            bucket = TokenBucket(limits.per_receiver_burst, limits.per_receiver_per_second, now)
            self._per_receiver[(chat_id, receiver_id)] = bucket
        buckets = [self._global, bucket]
        wait = max(b.wait_time(now) for b in buckets)
        if wait > 0:
            return max(1, math.ceil(wait))
        for b in buckets:
            b.take(now)
        return None
