"""``LOG_FORMAT=json``: one JSON object per log line, for log collectors (Loki, ELK, …).

Each line: ``time`` (UTC, ISO 8601 with milliseconds), ``level``, ``logger``, ``event`` (the
message), ``table`` (the table the line is about, where there is one), and ``error`` (the
traceback, as one string) when an exception is logged. The line passes the same redaction
as the text format (ops.redact), so no token, webhook secret or Redis password gets out.

The table comes from ``extra={"table": …}`` or, more often, from the context: the web app
sets it for a request about a table, the bot for a press on a table's button and for the
rendering of a table's change (each in its own task or request, so lines never mix).
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Callable
from contextvars import ContextVar

TABLE: ContextVar[str | None] = ContextVar("table", default=None)
TABLE_ID = re.compile(r"^[a-z0-9]{4,32}$")  # what a table id looks like (tables.table.ids)


def set_table(table_id: object) -> None:
    """The table the lines logged from here on (in this task or request) are about."""
    TABLE.set(table_id if isinstance(table_id, str) and TABLE_ID.match(table_id) else None)


class JsonFormatter(logging.Formatter):
    """Formats a record as one line of JSON, then ``redact``s the line."""

    def __init__(self, redact: Callable[[str], str] = lambda text: text) -> None:
        super().__init__()
        self.redact = redact

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "time": _iso(record.created),
            "level": record.levelname,
            "logger": record.name,
            "event": record.getMessage(),
        }
        table = getattr(record, "table", None) or TABLE.get()
        if table:
            entry["table"] = str(table)
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        elif record.exc_text:
            entry["error"] = record.exc_text
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return self.redact(json.dumps(entry, ensure_ascii=False, default=str))


def _iso(created: float) -> str:
    seconds = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(created))
    return f"{seconds}.{int(created % 1 * 1000):03d}Z"
