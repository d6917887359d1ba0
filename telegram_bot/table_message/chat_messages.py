"""The bot's bookkeeping of each table's chat: which message shows the table, which version
the chat has seen, and story lines waiting for room in a busy group.

    table:{T}            hash fields msg (table message id), rv (version shown), st (time of
                         the last story message), bd (messages were posted below the table
                         message) — beside the table's own fields, in its slot
    table:{T}:story      list: story lines not yet posted (a busy group's batch)

Kept by the bot, not by ``tables/``: only the chat front door has messages. Every key carries
the table's hash tag, like the table itself.
"""

from __future__ import annotations

from typing import Any

import redis

from tables.engine import keys

_CLAIM_RENDER = """
local rendered = tonumber(redis.call('HGET', KEYS[1], 'rv') or '0')
local wanted = tonumber(ARGV[1])
if wanted <= rendered then return -1 end
redis.call('HSET', KEYS[1], 'rv', wanted)
return rendered
"""
STORY_TTL = 7 * 86400


def story_key(table_id: str) -> str:
    return f"table:{{{table_id}}}:story"


class ChatMessages:
    def __init__(self, client: redis.Redis) -> None:
        self.redis = client
        self._claim_render = client.register_script(_CLAIM_RENDER)

    def set_message_id(self, table_id: str, message_id: int | None) -> None:
        if message_id is None:
            self.redis.hdel(keys.table(table_id), "msg")
        else:
            self.redis.hset(keys.table(table_id), "msg", message_id)

    def message_id(self, table_id: str) -> int | None:
        value = self.redis.hget(keys.table(table_id), "msg")
        return int(value) if value is not None else None

    def rendered_version(self, table_id: str) -> int:
        value = self.redis.hget(keys.table(table_id), "rv")
        return int(value) if value is not None else 0

    def last_story_at(self, table_id: str) -> float:
        value = self.redis.hget(keys.table(table_id), "st")
        return float(value) if value is not None else 0.0

    def mark_story(self, table_id: str, when: float) -> None:
        self.redis.hset(keys.table(table_id), "st", when)

    def mark_buried(self, table_id: str) -> None:
        """Someone's message went below the table message (a play chosen in inline mode):
        the next rendering sends the table anew, at the bottom, instead of editing it."""
        self.redis.hset(keys.table(table_id), "bd", 1)

    def take_buried(self, table_id: str) -> bool:
        pipe = self.redis.pipeline(transaction=True)
        pipe.hget(keys.table(table_id), "bd")
        pipe.hdel(keys.table(table_id), "bd")
        buried, _ = pipe.execute()
        return buried is not None

    def push_story(self, table_id: str, lines: list[str]) -> None:
        """Keep story lines for later, when the chat has room for a message again."""
        if lines:
            pipe = self.redis.pipeline(transaction=True)
            pipe.lpush(story_key(table_id), *reversed(lines))  # back in front, in order
            pipe.expire(story_key(table_id), STORY_TTL)
            pipe.execute()

    def take_story(self, table_id: str) -> list[str]:
        """All waiting story lines, removed at once (so exactly one worker posts them)."""
        pipe = self.redis.pipeline(transaction=True)
        pipe.lrange(story_key(table_id), 0, -1)
        pipe.delete(story_key(table_id))
        lines, _ = pipe.execute()
        return [_text(line) for line in lines]

    def claim_render(self, table_id: str, version: int) -> int | None:
        """Claim the right to show ``version`` in the chat, once across all bot processes.

        Returns the version shown before (whose later events are ours to tell), or None when
        someone already showed this version or a newer one.
        """
        previous = self._claim_render(keys=[keys.table(table_id)], args=[version])
        return None if int(previous) < 0 else int(previous)


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)
