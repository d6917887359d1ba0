"""Salts for commitments, derived from one secret key per game instead of kept one by one.

A commitment hides a value that may have few possibilities (as few as 21) behind a
secret salt, published with the value when the rules reveal it. The rules draw salts with
``rng.token_hex``; inside a table change (tables.fairness.seal) that draw is not taken from
``secrets`` each time but derived from the game's key:

    salt = HMAC-SHA256(key, "<version>.<call>.<draw>")  as hex, cut to the salt's length

``<version>`` is the table version the change makes, ``<call>`` the call's index among the
change's calls into the rules, ``<draw>`` the salt's index among that call's salts; a salt
longer than 32 bytes continues with ``"….<block>"``. The key is 16 bytes from the table's
randomness (``secrets`` in production), drawn when the game starts; it lives in the table
document, exactly as secret as the game's hidden values, and is kept with the final table
when the game ends, so the replay derives every salt again. The sealed record then needs
none of them: that was most of what it weighed (bench.memory). Without the key each salt is
as unpredictable as a drawn one. The replay gives each reveal the public log holds beside
the commitment the rules, run again with the derived salts, make for it: a salt derived
wrong shows as a mismatch in the page; tests/tables/fairness/test_salts.py checks every commitment
shown while a game ran against what its end reveals.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import Any

from games.rng import Rng

KEY_BYTES = 16
BLOCK = 64  # SHA-256's block, for HMAC's pads


def new_key(rng: Rng) -> str:
    """A game's key (hex), drawn from ``rng``: the game's own randomness."""
    return rng.token_hex(KEY_BYTES)


def salt(key: str, version: int, call: int, draw: int, nbytes: int) -> str:
    """The ``draw``-th salt of call ``call`` of the change that made ``version``, as hex."""
    label = f"{version}.{call}.{draw}"
    out = hmac_sha256(key, label.encode())
    block = 1
    while len(out) < nbytes:
        out += hmac_sha256(key, f"{label}.{block}".encode())
        block += 1
    return out[:nbytes].hex()


def hmac_sha256(key: str, message: bytes) -> bytes:
    """HMAC-SHA256 (RFC 2104) under the hex ``key``, from SHA-256 states that have taken the
    key's pads already: a copy of each costs far less than ``hmac.digest``, whose OpenSSL
    set-up per call cost a move about 10 µs per salt (measured beside bench.rating_cost)."""
    inner, outer = _pads(key)
    inner = inner.copy()
    inner.update(message)
    outer = outer.copy()
    outer.update(inner.digest())
    return outer.digest()


@lru_cache(maxsize=1024)  # the keys of the games this process is playing
def _pads(key: str) -> tuple[Any, Any]:
    secret = bytes.fromhex(key)
    if len(secret) > BLOCK:
        secret = hashlib.sha256(secret).digest()
    secret = secret.ljust(BLOCK, b"\0")
    inner = hashlib.sha256(bytes(byte ^ 0x36 for byte in secret))
    return inner, hashlib.sha256(bytes(byte ^ 0x5C for byte in secret))
