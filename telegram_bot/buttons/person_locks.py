"""One person's moves at one table are handled one at a time (in this process).

A double tap sends two presses at once. Handled side by side, the second could be judged
(stale: the first made the move) before the first has noted the move as made, and answered
as an error. Handled one after the other, the second finds the first's move noted, and is
answered like it.
"""

from __future__ import annotations

import asyncio
import weakref

_locks: weakref.WeakValueDictionary[tuple[str, int], asyncio.Lock] = weakref.WeakValueDictionary()


def person_lock(table_id: str, user_id: int) -> asyncio.Lock:
    """The lock of this person at this table (kept while anyone holds it)."""
    lock = _locks.get((table_id, user_id))
    if lock is None:
        lock = asyncio.Lock()
        _locks[(table_id, user_id)] = lock
    return lock
