"""Randomness passed into the rules, so that rules stay pure and testable.

Production dice and shuffles come from :mod:`secrets` (``SecureRng``). Tests, benches and
CPU-vs-CPU simulations need repeatable games, so ``DeterministicRng`` derives its numbers
from SHA-256 in counter mode over a seed; it never touches the ``random`` module, which must
not be used for anything a player could bet on.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Protocol


class Rng(Protocol):
    """What the rules need from a source of randomness."""

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        ...

    def token_hex(self, nbytes: int) -> str:
        """``nbytes`` random bytes as hex, for salts and ids."""
        ...


class SecureRng:
    """The production source: the operating system's CSPRNG via :mod:`secrets`."""

    def randbelow(self, n: int) -> int:
        return secrets.randbelow(n)

    def token_hex(self, nbytes: int) -> str:
        return secrets.token_hex(nbytes)


class DeterministicRng:
    """Repeatable randomness for tests and simulations (SHA-256 counter mode)."""

    def __init__(self, seed: int | str | bytes) -> None:
        self._seed = seed if isinstance(seed, bytes) else str(seed).encode()
        self._counter = 0
        self._buffer = b""

    def _bytes(self, n: int) -> bytes:
        while len(self._buffer) < n:
            block = hashlib.sha256(self._seed + self._counter.to_bytes(8, "big")).digest()
            self._counter += 1
            self._buffer += block
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out

    def randbelow(self, n: int) -> int:
        if n <= 0:
            raise ValueError("n must be positive")
        bits = max(1, (n - 1).bit_length())
        nbytes = (bits + 7) // 8
        mask = (1 << bits) - 1
        while True:  # rejection sampling keeps the distribution uniform
            value = int.from_bytes(self._bytes(nbytes), "big") & mask
            if value < n:
                return value

    def token_hex(self, nbytes: int) -> str:
        return self._bytes(nbytes).hex()


def uniform(rng: Rng) -> float:
    """A float in ``[0, 1)`` from any :class:`Rng`, for probabilistic CPU choices."""
    return rng.randbelow(1 << 53) / (1 << 53)
