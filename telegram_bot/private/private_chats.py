"""Who has a private chat with the bot: only they can hear what the bot tells them alone
(why a choice in inline mode was refused). Telegram never says; the bot learns it when a
person writes to it in private, and forgets it when a message to them is refused.

    user:{U}:pm    "1" while the bot may write to U (kept for 90 days)
"""

from __future__ import annotations

import redis

KEPT = 90 * 86400


def key(user_id: int) -> str:
    return f"user:{{{user_id}}}:pm"


def mark_open(client: redis.Redis, user_id: int) -> None:
    client.set(key(user_id), 1, ex=KEPT)


def mark_closed(client: redis.Redis, user_id: int) -> None:
    client.delete(key(user_id))


def is_open(client: redis.Redis, user_id: int) -> bool:
    return bool(client.exists(key(user_id)))
