"""Bounded label values: every label a metric carries comes from a small, fixed set.

A label value is a new time series in Prometheus, kept for weeks. A table id, a chat id, a
person's name or a token in a label would both leak it to whoever reads the dashboards and
grow the series without end. So no hook passes a raw value: each goes through one of these,
which let through only what the code itself spells (a game's name from the registry, an
error's ``code``, a Bot API method's name) and turn anything else into ``"other"``.
tests/ops/test_labels.py feeds them ids, names and tokens.
"""

from __future__ import annotations

import re

from games.registry import GAMES

OTHER = "other"
CODE = re.compile(r"^[a-z][a-z_]{0,31}$")  # an error's code: "stale", "not_your_turn"
API_METHOD = re.compile(r"^[a-z][A-Za-z]{1,39}$")  # a Bot API method: "sendMessage"
ROUTE = re.compile(r"^/[A-Za-z0-9_/<>:.-]{0,79}$")  # a Flask rule: "/api/tables/<table_id>"
HTTP_METHODS = frozenset({"GET", "POST", "HEAD", "OPTIONS", "PUT", "PATCH", "DELETE"})
CPU_LEVELS = frozenset({"easy", "normal", "hard", "expert"})
API_OUTCOMES = {400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found",
                409: "conflict", 429: "flood"}  # fmt: skip
UPDATE_KINDS = frozenset(
    {"message", "callback_query", "inline_query", "chosen_inline_result", "my_chat_member"}
)


def game(name: str) -> str:
    """A registered game's name (the registry is code, not input)."""
    return name if name in GAMES else OTHER


def code(value: str) -> str:
    """An error's stable code (``TableError.code``, ``GameError.code``)."""
    return value if CODE.match(value) else OTHER


def api_method(name: str) -> str:
    return name if API_METHOD.match(name) else OTHER


def route(rule: str | None) -> str:
    """The URL rule that matched (its pattern, never the path asked for), or "unmatched"."""
    if rule is None:
        return "unmatched"
    return rule if ROUTE.match(rule) else OTHER


def http_method(method: str) -> str:
    return method if method in HTTP_METHODS else OTHER


def status(code_: int) -> str:
    return str(code_) if 100 <= code_ <= 599 else OTHER


def cpu_level(level: str | None) -> str:
    return level if level in CPU_LEVELS else OTHER


def update_kind(kind: str) -> str:
    return kind if kind in UPDATE_KINDS else OTHER


def api_outcome(status_: int) -> str:
    """A Bot API answer's HTTP status as an outcome: ok, flood (429), forbidden, …"""
    if 200 <= status_ < 300:
        return "ok"
    if status_ >= 500:
        return "server_error"
    return API_OUTCOMES.get(status_, OTHER)
