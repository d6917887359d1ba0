"""Commitments to hidden values, checkable by anyone: SHA-256 over a preimage that the game
publishes when it reveals the value (any game may use this; Mia commits to every roll)."""

from __future__ import annotations

import hashlib
import hmac


def sha256_hex(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def verify_text(expected: str, text: str) -> bool:
    """True when SHA-256 of a revealed preimage (as the reveal message shows it) is the
    commitment published before the reveal. What /verify does for people."""
    return hmac.compare_digest(expected.strip().lower(), sha256_hex(text.strip()))
