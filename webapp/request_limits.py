"""How fast one account may send requests to the API: a token bucket per person, per web
worker process.

One account pipelining ordinary reads (the third round of attacks sent 832 a second from
one client) made every other person's requests wait behind its own. nginx limits each client
address (deploy/nginx.conf); this limits each account, wherever its requests come from (many
addresses, or the same NAT as honest people, whom an address limit must not stop). A request
over the limit is answered at once with ``429 too_many_requests`` and ``Retry-After``, before
the app even routes it once the account is known (:class:`FloodGate`), so a flood costs the
worker a dictionary look-up per request and changes nothing.

A real page never meets the limit: it keeps one long poll open and asks for a table or makes
a move now and then (a handful of requests when it opens). The defaults allow a sustained
``REQUEST_RATE_PER_PERSON`` (20) requests a second with bursts of
``REQUEST_BURST_PER_PERSON`` (60), per worker: several tabs and devices of one person fit
easily. Like the wait limits, the buckets live in the process: they protect its own time,
cost no Redis round trip, and nothing is left behind if it dies.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

DEFAULT_RATE = 20.0  # requests a second, sustained, per person and worker
DEFAULT_BURST = 60  # requests at once
SWEEP_EVERY = 10_000  # requests between two sweeps of buckets that have filled up again


@dataclass
class Bucket:
    tokens: float
    at: float  # when ``tokens`` was counted


class RequestLimiter:
    def __init__(
        self,
        rate: float = DEFAULT_RATE,
        burst: int = DEFAULT_BURST,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.clock = clock or time.monotonic
        self._buckets: dict[int, Bucket] = {}
        self._lock = threading.Lock()
        self._since_sweep = 0

    def allow(self, person: int) -> bool:
        """Take one request from the person's bucket; False when it is empty."""
        now = self.clock()
        with self._lock:
            bucket = self._buckets.get(person)
            if bucket is None:
                bucket = self._buckets[person] = Bucket(self.burst, now)
            else:
                elapsed = max(0.0, now - bucket.at)
                bucket.tokens = min(self.burst, bucket.tokens + elapsed * self.rate)
                bucket.at = now
            self._since_sweep += 1
            if self._since_sweep >= SWEEP_EVERY:
                self._sweep(now)
            if bucket.tokens < 1.0:
                return False
            bucket.tokens -= 1.0
            return True

    def retry_after(self, person: int) -> int:
        """Whole seconds until the person's next request would be allowed (at least 1)."""
        with self._lock:
            bucket = self._buckets.get(person)
            missing = 1.0 - bucket.tokens if bucket is not None else 0.0
        return max(1, int(missing / self.rate + 0.999))

    def tracked(self) -> int:
        with self._lock:
            return len(self._buckets)

    def _sweep(self, now: float) -> None:
        """Forget people whose bucket is full again: they are as if never seen."""
        self._since_sweep = 0
        full = [
            person
            for person, bucket in self._buckets.items()
            if bucket.tokens + (now - bucket.at) * self.rate >= self.burst
        ]
        for person in full:
            del self._buckets[person]


KNOWN_SENDERS = 50_000  # signed headers remembered per worker (the newest)


class KnownSenders:
    """Which account a signed ``Authorization`` header belongs to, once the app has checked
    its signature: the same header comes with every request of a page."""

    def __init__(self, capacity: int = KNOWN_SENDERS) -> None:
        self.capacity = capacity
        self._people: OrderedDict[str, int] = OrderedDict()
        self._lock = threading.Lock()

    def remember(self, header: str, person: int) -> None:
        with self._lock:
            self._people[header] = person
            self._people.move_to_end(header)
            if len(self._people) > self.capacity:
                self._people.popitem(last=False)

    def person(self, header: str) -> int | None:
        with self._lock:
            return self._people.get(header)


COUNTED = "webapp.request_counted"  # set in the WSGI environ once a request was counted
TOO_MANY_REQUESTS = "429 " + HTTPStatus.TOO_MANY_REQUESTS.phrase  # the status line, not words


class FloodGate:
    """WSGI middleware: a request of an account whose bucket is empty is refused before the
    app reads it (no routing, no signature check, no Redis), so a flood from many addresses
    costs the worker a dictionary look-up per request. Headers it does not know yet go on to
    the app, which checks them, counts them and remembers them here."""

    def __init__(
        self,
        app: Callable[..., Any],
        limiter: RequestLimiter,
        senders: KnownSenders,
        refusal: Callable[[str | None], bytes],
    ) -> None:
        self.app = app
        self.limiter = limiter
        self.senders = senders
        self.refusal = refusal  # the 429 body in the language the request asks for

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        header = environ.get("HTTP_AUTHORIZATION")
        path = environ.get("PATH_INFO", "")
        if header and path.startswith("/api/") and path != "/api/strings":
            person = self.senders.person(header)
            if person is not None:
                environ[COUNTED] = True
                if not self.limiter.allow(person):
                    body = self.refusal(environ.get("HTTP_ACCEPT_LANGUAGE"))
                    start_response(
                        TOO_MANY_REQUESTS,
                        [
                            ("Content-Type", "application/json"),
                            ("Content-Length", str(len(body))),
                            ("Retry-After", str(self.limiter.retry_after(person))),
                            ("Cache-Control", "no-store"),
                            ("X-Content-Type-Options", "nosniff"),
                        ],
                    )
                    return [body]
        return self.app(environ, start_response)
