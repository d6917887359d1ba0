"""Salts for commitments, derived from one secret key per game instead of kept one by one.

A commitment hides a value that has few possibilities (a roll of two dice has 21) behind a
secret salt, published with the value when the rules reveal it. The rules draw salts with
``rng.token_hex``; inside a table change (tables.seal) that draw is not taken from
``secrets`` each time but derived from the game's key:

    salt = HMAC-SHA256(key, "<version>.<call>.<draw>")  as hex, cut to the salt's length

``<version>`` is the table version the change makes, ``<call>`` the call's index among the
change's calls into the rules, ``<draw>`` the salt's index among that call's salts; a salt
longer than 32 bytes continues with ``"….<block>"``. The key is 16 bytes from the table's
randomness (``secrets`` in production), drawn when the game starts; it lives in the table
document, exactly as secret as the dice, and is kept with the final table when the game
ends, so the replay derives every salt again. The sealed record then needs none of them:
that is most of what it weighed (bench.memory). Without the key each salt is as
unpredictable as a drawn one; with it, a salt is the one committed to, which the replay
checks (it runs the game again to exactly the kept final table, whose last salts are in it).
"""

from __future__ import annotations

import hashlib
import hmac

from games.rng import Rng

KEY_BYTES = 16


def new_key(rng: Rng) -> str:
    """A game's key (hex), drawn from ``rng``: the game's own randomness."""
    return rng.token_hex(KEY_BYTES)


def salt(key: str, version: int, call: int, draw: int, nbytes: int) -> str:
    """The ``draw``-th salt of call ``call`` of the change that made ``version``, as hex."""
    secret = bytes.fromhex(key)
    label = f"{version}.{call}.{draw}"
    out = hmac.digest(secret, label.encode(), hashlib.sha256)
    block = 1
    while len(out) < nbytes:
        out += hmac.digest(secret, f"{label}.{block}".encode(), hashlib.sha256)
        block += 1
    return out[:nbytes].hex()
