"""Preferences: a person's language (for what they alone see) and a chat's (for its group
messages); unset means Telegram's language_code / the first table's opener. Beside them, what
private reminders need: whether a person wants them, whether they opened a chat with the bot
(it may not write first), and a group's title (to name it in a reminder or a list).

    prefs:user:{U}   hash: lang, remind ("0": no reminders), dm ("1": opened a chat with us)
    prefs:chat:{C}   hash: lang, title
"""

from __future__ import annotations

import redis

from tables.engine.fastread import FastReads


def _user_key(user_id: int) -> str:
    return f"prefs:user:{{{user_id}}}"


def _chat_key(chat_id: int) -> str:
    return f"prefs:chat:{{{chat_id}}}"


def user_language(client: redis.Redis | FastReads, user_id: int) -> str | None:
    value = client.hget(_user_key(user_id), "lang")
    return value.decode() if value else None


def set_user_language(client: redis.Redis, user_id: int, language: str) -> None:
    client.hset(_user_key(user_id), "lang", language)


def chat_language(client: redis.Redis, chat_id: int) -> str | None:
    value = client.hget(_chat_key(chat_id), "lang")
    return value.decode() if value else None


def set_chat_language(client: redis.Redis, chat_id: int, language: str) -> None:
    client.hset(_chat_key(chat_id), "lang", language)


def claim_chat_language(client: redis.Redis, chat_id: int, language: str) -> str:
    """The chat's language, set to ``language`` if it had none (the first opener's)."""
    client.hsetnx(_chat_key(chat_id), "lang", language)
    return chat_language(client, chat_id) or language


def set_chat_title(client: redis.Redis, chat_id: int, title: str) -> None:
    client.hset(_chat_key(chat_id), "title", title[:128])


def chat_titles(client: redis.Redis, chat_ids: list[int]) -> dict[int, str]:
    """The titles known of these chats (a chat without one is left out)."""
    if not chat_ids:
        return {}
    pipe = client.pipeline(transaction=False)
    for chat_id in chat_ids:
        pipe.hget(_chat_key(chat_id), "title")
    return {
        chat_id: title.decode()
        for chat_id, title in zip(chat_ids, pipe.execute(), strict=True)
        if title
    }


def wants_reminders(client: redis.Redis | FastReads, user_id: int) -> bool:
    return client.hget(_user_key(user_id), "remind") != b"0"


def set_reminders(client: redis.Redis, user_id: int, on: bool) -> None:
    client.hset(_user_key(user_id), "remind", "1" if on else "0")
