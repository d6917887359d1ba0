"""Provably fair dice: a commitment published at each roll, verifiable after the reveal.

At each roll the table shows ``commitment = SHA-256("<game>|<round>|<turn>|<dice>|<salt>")``
with a fresh secret salt. When a challenge reveals the dice the salt is published too, so
anyone can recompute the hash and see that the dice shown are the dice rolled.
"""

from __future__ import annotations

import hmac

from games.fairness import sha256_hex


def preimage(game_id: str, round_no: int, turn: int, dice: list[int], salt: str) -> str:
    """The text whose SHA-256 is the commitment: ``<game>|<round>|<turn>|<dice>|<salt>``."""
    high, low = max(dice), min(dice)
    return f"{game_id}|{round_no}|{turn}|{high}{low}|{salt}"


def commitment(game_id: str, round_no: int, turn: int, dice: list[int], salt: str) -> str:
    """Hex SHA-256 binding a roll to its game, round and turn. ``dice`` higher die first."""
    return sha256_hex(preimage(game_id, round_no, turn, dice, salt))


def verify(
    expected: str, game_id: str, round_no: int, turn: int, dice: list[int], salt: str
) -> bool:
    """True when the revealed dice and salt reproduce the published commitment."""
    return hmac.compare_digest(expected, commitment(game_id, round_no, turn, dice, salt))
