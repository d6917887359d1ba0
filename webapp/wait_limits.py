"""How many long polls (``GET /api/tables/<id>/wait``) one person, and one client address,
may keep open at once.

A long poll holds a server thread (or, under gevent, a greenlet) for up to a minute.
Without a limit, one account opening a few hundred of them takes every thread of the web
app, and everyone else's requests queue behind them. The page keeps one wait open per tab,
so a small number per person (several tabs, a phone and a laptop) costs honest users
nothing: that is the limit that stops an attacker, who has one account, or a few. The limit
per address is only a backstop against many accounts on one machine, and is generous: an
office, a school or a carrier's NAT puts hundreds of honest people behind one address, and
each must get live updates (tests: forty people behind one address, one page each). A
wait over either limit is refused at once with ``429 too_many_waits`` and ``Retry-After``,
which the page treats like any failed wait: it tries again a little later. (Answering 200
at once instead would have the page ask again at once, in a tight loop.)

The counts live in the process, not in Redis, on purpose: what they protect is this
process's threads, so that is what they count; a crash cannot leave counts behind that
nobody releases; and a refusal costs no Redis round trip, which matters when Redis is the
thing under strain. With several worker processes, each protects itself: one person holds at
most ``workers x WAIT_LIMIT_PER_PERSON`` waits in all.

IPv6 clients are counted by their /64 network: one machine usually owns a whole /64 and could
otherwise take a fresh address for every request.
"""

from __future__ import annotations

import ipaddress
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from flask import current_app, request

from webapp import ops
from webapp.auth import authenticate
from webapp.errors import ApiError

DEFAULT_PER_PERSON = 4
DEFAULT_PER_ADDRESS = 256  # a crowd behind one NAT; an account is held to DEFAULT_PER_PERSON


def address_key(address: str) -> str:
    """What counts as one client: an IPv4 address, an IPv6 /64, else the text as given."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


@dataclass
class WaitSlot:
    """One open wait, counted until :meth:`release`."""

    limiter: WaitLimiter
    person: int
    address: str
    released: bool = False

    def release(self) -> None:
        if not self.released:
            self.released = True
            self.limiter._release(self)


class WaitLimiter:
    def __init__(
        self, per_person: int = DEFAULT_PER_PERSON, per_address: int = DEFAULT_PER_ADDRESS
    ) -> None:
        self.per_person = per_person
        self.per_address = per_address
        self._people: Counter[int] = Counter()
        self._addresses: Counter[str] = Counter()
        self._lock = threading.Lock()

    def acquire(self, person: int, address: str) -> WaitSlot | None:
        """A slot for one more wait, or None when the person or the address has enough."""
        key = address_key(address)
        with self._lock:
            if self._people[person] >= self.per_person:
                return None
            if self._addresses[key] >= self.per_address:
                return None
            self._people[person] += 1
            self._addresses[key] += 1
        return WaitSlot(self, person, key)

    def open_waits(self, person: int) -> int:
        with self._lock:
            return self._people[person]

    def _release(self, slot: WaitSlot) -> None:
        with self._lock:
            for counter, key in ((self._people, slot.person), (self._addresses, slot.address)):
                counter[key] -= 1
                if counter[key] <= 0:
                    del counter[key]


def limited_waits(view: Callable[..., Any]) -> Callable[..., Any]:
    """The hook on the wait endpoint: a slot for the length of the view, or ``429``."""

    @wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        limiter: WaitLimiter = current_app.extensions["webapp"].wait_limiter
        slot = limiter.acquire(authenticate().user.id, request.remote_addr or "")
        if slot is None:
            ops.wait_refused()
            raise ApiError("too_many_waits")
        ops.wait_opened()
        try:
            return view(*args, **kwargs)
        finally:
            ops.wait_closed()
            slot.release()

    return wrapper
