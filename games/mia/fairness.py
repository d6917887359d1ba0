"""Provably fair dice: a commitment published at each roll, verifiable after the reveal.

At each roll the table shows ``commitment = SHA-256("<game>|<round>|<turn>|<dice>|<salt>")``
with a fresh secret salt. When a challenge reveals the dice the salt is published too, so
anyone can recompute the hash and see that the dice shown are the dice rolled.
"""

from __future__ import annotations

import hashlib
import hmac


def commitment(game_id: str, round_no: int, turn: int, dice: list[int], salt: str) -> str:
    """Hex SHA-256 binding a roll to its game, round and turn. ``dice`` higher die first."""
    high, low = max(dice), min(dice)
    message = f"{game_id}|{round_no}|{turn}|{high}{low}|{salt}"
    return hashlib.sha256(message.encode()).hexdigest()


def verify(
    expected: str, game_id: str, round_no: int, turn: int, dice: list[int], salt: str
) -> bool:
    """True when the revealed dice and salt reproduce the published commitment."""
    return hmac.compare_digest(expected, commitment(game_id, round_no, turn, dice, salt))


def short(commitment_hex: str) -> str:
    """The first 12 hex digits: enough for people to compare at a glance."""
    return commitment_hex[:12]
