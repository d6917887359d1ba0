"""LOG_FORMAT=json: one JSON object per line, the table where there is one, secrets masked."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest

from ops.logs import JsonFormatter, set_table
from ops.redact import RedactingFormatter, formatter_for

TOKEN = "123456789:AAH-test_token-for-the-fake-bot-api"


def record(message: str, *args: object, exc: BaseException | None = None) -> logging.LogRecord:
    info = (type(exc), exc, exc.__traceback__) if exc is not None else None
    return logging.LogRecord("telegram_bot.table_message.notifier", logging.WARNING, __file__, 1,
                             message, args, info)  # fmt: skip


def test_a_line_is_one_json_object_with_time_level_logger_and_event():
    line = JsonFormatter().format(record("could not render %s", "x"))
    entry = json.loads(line)
    assert entry["level"] == "WARNING" and entry["logger"] == "telegram_bot.table_message.notifier"
    assert entry["event"] == "could not render x"
    assert entry["time"].endswith("Z") and "T" in entry["time"]
    assert "table" not in entry


def test_a_traceback_stays_on_the_line_and_secrets_are_masked_everywhere():
    try:
        raise RuntimeError(f"GET https://api.telegram.org/bot{TOKEN}/getMe failed\nsecond line")
    except RuntimeError as error:
        failure = error
    formatter = JsonFormatter(RedactingFormatter("%(message)s", [TOKEN, "hunter2-pass"]).redact)
    line = formatter.format(record("token %s and hunter2-pass", TOKEN, exc=failure))
    assert "\n" not in line
    entry = json.loads(line)
    assert "Traceback" in entry["error"] and "second line" in entry["error"]
    assert TOKEN not in line and "hunter2-pass" not in line
    assert "AAH-test_token" not in line and "[redacted]" in entry["event"]


def test_the_table_comes_from_the_context_of_each_task_and_never_mixes():
    formatter = JsonFormatter()

    async def about(table_id: str) -> str:
        set_table(table_id)
        await asyncio.sleep(0)
        return json.loads(formatter.format(record("rendered")))["table"]

    async def both() -> list[str]:
        return await asyncio.gather(about("k3xq9pz2ab"), about("m4ww7yre8c"))

    assert asyncio.run(both()) == ["k3xq9pz2ab", "m4ww7yre8c"]
    given = record("with extra")
    given.table = "z9z9z9z9z9"
    assert json.loads(formatter.format(given))["table"] == "z9z9z9z9z9"


def test_anything_that_is_not_a_table_id_is_left_out():
    formatter = JsonFormatter()

    async def with_junk() -> dict:
        set_table('x"}\n{"level": "CRITICAL')
        return json.loads(formatter.format(record("line")))

    assert "table" not in asyncio.run(with_junk())


@pytest.mark.parametrize(
    ("setting", "kind"),
    [("json", JsonFormatter), ("JSON", JsonFormatter), ("text", RedactingFormatter),
     ("", RedactingFormatter)],
)  # fmt: skip
def test_log_format_picks_the_formatter(monkeypatch, setting, kind):
    monkeypatch.setenv("LOG_FORMAT", setting)
    assert isinstance(formatter_for([TOKEN]), kind)
