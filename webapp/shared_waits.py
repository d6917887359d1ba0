"""A person's several tabs share one wait: identical long polls in flight are answered once.

Two tabs of one person on one table ask the same question (what comes after version v, in
my language?); the first asks Redis and builds the answer, the others wait for it and get
the same payload. Waits of different people on one table already share the table's watch
(tables.engine.watch); this also spares the duplicate reads and payloads.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any


class _Flight:
    def __init__(self) -> None:
        self.done = threading.Event()
        self.result: Any = None
        self.error: BaseException | None = None


class SharedWaits:
    def __init__(self) -> None:
        self._flights: dict[Hashable, _Flight] = {}
        self._lock = threading.Lock()

    def run(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        """``compute()``'s result, computed once for all callers with the same ``key`` at the
        same time (its exception, raised to each of them)."""
        with self._lock:
            flight = self._flights.get(key)
            leader = flight is None
            if flight is None:
                flight = self._flights[key] = _Flight()
        if leader:
            try:
                flight.result = compute()
            except BaseException as error:
                flight.error = error
            finally:
                with self._lock:
                    del self._flights[key]
                flight.done.set()
        else:
            flight.done.wait()
        if flight.error is not None:
            raise flight.error
        return flight.result

    def in_flight(self) -> int:
        return len(self._flights)


SHARED_WAITS = SharedWaits()  # one per process
