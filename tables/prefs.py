"""Language preferences: a person's (for what they alone see) and a chat's (for its group
messages). Unset means: follow Telegram's language_code / the first table's opener.

    prefs:user:{U}   hash: lang
    prefs:chat:{C}   hash: lang
"""

from __future__ import annotations

import redis

from tables.fastread import FastReads


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
