"""A scripted source of randomness: set up a position with exactly the dice a rule needs."""

from __future__ import annotations

from games.rng import DeterministicRng


class ScriptedRng:
    """Deals the given starter and rolls in order, then falls back to a seeded stream.

    ``ScriptedRng(starter=1, rolls=["53", "44"])``: seat 1 starts, first roll 53, next 44.
    """

    def __init__(self, starter: int | None = 0, rolls: list[str] | tuple[str, ...] = ()) -> None:
        self.queue: list[int] = [] if starter is None else [starter]
        for roll in rolls:
            self.queue += [int(roll[0]) - 1, int(roll[1]) - 1]
        self.fallback = DeterministicRng("scripted")

    def add_rolls(self, *rolls: str) -> None:
        for roll in rolls:
            self.queue += [int(roll[0]) - 1, int(roll[1]) - 1]

    def randbelow(self, n: int) -> int:
        if self.queue:
            value = self.queue.pop(0)
            assert 0 <= value < n, f"scripted {value} does not fit randbelow({n})"
            return value
        return self.fallback.randbelow(n)

    def token_hex(self, nbytes: int) -> str:
        return self.fallback.token_hex(nbytes)
