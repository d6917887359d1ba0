"""Who has a panel open at a table, and when panels are off there, on a real Redis."""

from __future__ import annotations

from telegram_bot.chat_messages import ChatMessages
from telegram_bot.panels.records import PANELS_OFF_SECONDS, PanelRecord, PanelRecords

TABLE = "abcdefghij"


def test_a_refusal_turns_a_tables_panels_off_for_a_while_not_for_good(redis_client):
    records, messages = PanelRecords(redis_client), ChatMessages(redis_client)
    assert not messages.state(TABLE, now=1_000.0).panels_refused
    records.refuse(TABLE, now=1_000.0)
    assert messages.state(TABLE, now=1_000.0).panels_refused
    assert messages.state(TABLE, now=1_000.0 + PANELS_OFF_SECONDS - 1).panels_refused
    assert not messages.state(TABLE, now=1_000.0 + PANELS_OFF_SECONDS + 1).panels_refused


def test_a_flag_without_a_time_counts_as_lapsed(redis_client):
    redis_client.hset(f"table:{{{TABLE}}}", "np", 1)  # as a bot before the expiry wrote it
    assert not ChatMessages(redis_client).state(TABLE, now=1_000.0).panels_refused


def test_a_panel_is_forgotten_only_if_it_is_still_that_one(redis_client):
    records = PanelRecords(redis_client)
    records.put(TABLE, PanelRecord(41, 3, "d", "en"))
    assert not records.drop(TABLE, 41, 2)  # a newer panel replaced it meanwhile
    assert records.get(TABLE, 41) == PanelRecord(41, 3, "d", "en")
    assert records.drop(TABLE, 41, 3)
    assert records.all(TABLE) == []


def test_a_tables_panels_are_claimed_by_one_worker_at_a_time_in_one_round_trip(redis_client):
    records = PanelRecords(redis_client)
    redis_client.hset(f"table:{{{TABLE}}}", "v", 1)
    assert records.claim(TABLE) == []  # no panels: nothing to follow, nothing locked
    assert records.claim(TABLE) == []
    step = PanelRecord(42, 5, "e", "de", path="7", path_decision=3)
    records.put(TABLE, PanelRecord(41, 3, "d", "en"))
    records.put(TABLE, step)
    claimed = records.claim(TABLE)
    assert claimed is not None and sorted(claimed, key=lambda r: r.user_id)[1] == step
    assert records.claim(TABLE) is None  # another worker follows them now
    records.unlock(TABLE)
    assert records.claim(TABLE) is not None


def test_a_version_followed_already_is_not_claimed_again(redis_client):
    records = PanelRecords(redis_client)
    records.put(TABLE, PanelRecord(41, 3, "d", "en"))
    redis_client.hset(f"table:{{{TABLE}}}", "v", 7)
    assert records.claim(TABLE, after=7) == []  # (as a change come round the stream again)
    assert records.claim(TABLE, after=7) == []  # and nothing was locked
    assert [r.user_id for r in records.claim(TABLE, after=6)] == [41]
