"""The bot's bookkeeping of a table's chat, on a real Redis."""

from __future__ import annotations

from tables.engine import keys
from telegram_bot.table_message.chat_messages import ChatMessages, story_key


def test_rendering_a_version_is_claimed_once(redis_client):
    messages = ChatMessages(redis_client)
    redis_client.hset(keys.table("abcdefghij"), "v", 5)
    assert messages.claim_render("abcdefghij", 5) == 0
    assert messages.claim_render("abcdefghij", 5) is None
    assert messages.claim_render("abcdefghij", 4) is None
    assert messages.claim_render("abcdefghij", 6) == 5


def test_waiting_story_lines_come_back_in_order_and_once(redis_client):
    messages = ChatMessages(redis_client)
    messages.push_story("abcdefghij", ["one", "two"])
    messages.push_story("abcdefghij", ["zero"])
    assert messages.take_story("abcdefghij") == ["zero", "one", "two"]
    assert messages.take_story("abcdefghij") == []
    assert "{abcdefghij}" in story_key("abcdefghij")


def test_the_table_message_id_is_kept_beside_the_table(redis_client):
    messages = ChatMessages(redis_client)
    assert messages.message_id("abcdefghij") is None
    messages.set_message_id("abcdefghij", 42)
    assert messages.message_id("abcdefghij") == 42
    messages.set_message_id("abcdefghij", None)
    assert messages.message_id("abcdefghij") is None
