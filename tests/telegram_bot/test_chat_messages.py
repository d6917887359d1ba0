"""The bot's bookkeeping of a table's chat, on a real Redis."""

from __future__ import annotations

from tables.engine import keys
from telegram_bot.chat_messages import ChatMessages, story_key


def test_rendering_a_version_is_claimed_once(redis_client):
    messages = ChatMessages(redis_client)
    redis_client.hset(keys.table("abcdefghij"), "v", 5)
    assert messages.claim_render("abcdefghij", 5) == 0
    assert messages.claim_render("abcdefghij", 5) is None
    assert messages.claim_render("abcdefghij", 4) is None
    assert messages.claim_render("abcdefghij", 6) == 5


def test_the_story_told_is_kept_in_order_and_taken_once_for_its_record(redis_client):
    messages = ChatMessages(redis_client)
    messages.add_story("abcdefghij", ["one", "two"])
    messages.add_story("abcdefghij", ["three"])
    assert messages.story("abcdefghij") == ["one", "two", "three"]
    assert messages.take_story("abcdefghij") == ["one", "two", "three"]
    assert messages.take_story("abcdefghij") == []
    assert "{abcdefghij}" in story_key("abcdefghij")


def test_what_is_below_the_table_and_what_it_cost_are_counted_per_table_message(redis_client):
    messages = ChatMessages(redis_client)
    messages.set_message_id("abcdefghij", 7)
    messages.mark_below("abcdefghij", 2)
    messages.count_calls("abcdefghij")
    messages.remember_shown("abcdefghij", frozenset(), {"a" * 64})
    state = messages.state("abcdefghij")
    assert (state.message_id, state.below, state.calls) == (7, 2, 1)
    assert state.seen == frozenset({"a" * 64}) and not state.finished
    messages.mark_finished("abcdefghij")
    assert messages.state("abcdefghij").finished
    messages.set_message_id("abcdefghij", 8)  # a new table message: nothing below it yet
    state = messages.state("abcdefghij")
    assert (state.message_id, state.below, state.finished) == (8, 0, False)


def test_a_persons_last_move_is_remembered_to_know_a_double_tap(redis_client):
    messages = ChatMessages(redis_client)
    assert messages.last_move("abcdefghij", 5) is None
    messages.remember_move("abcdefghij", 5, 12, "b:bid:1")
    assert messages.last_move("abcdefghij", 5) == (12, "b:bid:1")


def test_the_table_message_id_is_kept_beside_the_table(redis_client):
    messages = ChatMessages(redis_client)
    assert messages.message_id("abcdefghij") is None
    messages.set_message_id("abcdefghij", 42)
    assert messages.message_id("abcdefghij") == 42
    messages.set_message_id("abcdefghij", None)
    assert messages.message_id("abcdefghij") is None
