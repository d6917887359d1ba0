"""Liveness and readiness as data: each check's name and a short word, never a secret.

``/healthz`` (live) answers whether the process works at all: an orchestrator restarts it
when it does not, so it never depends on Redis (a Redis outage must not restart every bot
and web worker at once). ``/readyz`` (ready) answers whether it can serve now: Redis
answers, the worker is not saturated, the bot receives updates. Both answer 200 or 503 with
``{"ok": …, "checks": {name: "ok" | reason}}``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

OK = "ok"


@dataclass(frozen=True)
class Verdict:
    checks: dict[str, str]

    @property
    def ok(self) -> bool:
        return all(value == OK for value in self.checks.values())

    @property
    def status(self) -> int:
        return 200 if self.ok else 503

    def body(self) -> bytes:
        return json.dumps({"ok": self.ok, "checks": self.checks}, sort_keys=True).encode()


Probe = Callable[[], Verdict]


def always_live() -> Verdict:
    """A process that answers is alive (the web app: gunicorn restarts a stuck worker)."""
    return Verdict({"process": OK})


def parse_bind(text: str) -> tuple[str, int]:
    """``host:port`` (``[::1]:9100`` for IPv6; ``:9100`` for every address) -> (host, port)."""
    host, sep, port = text.strip().rpartition(":")
    if not sep or not port.isascii() or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"OPS_BIND must be host:port, e.g. 0.0.0.0:9100 (got {text!r})")
    host = host.strip("[]") or "0.0.0.0"
    return host, int(port)
