"""Provably fair dice: each seat's dice and their faces are fixed, and committed to, when
they are drawn; the commitment is checkable by anyone once the hand is over.

At the start of a hand every drawn die gets the face it will show when rolled (from the
table's ``secrets``-backed randomness). Per seat the table publishes
``commitment = SHA-256("<game>|<hand>|<seat>|<dice and faces>|<salt>")`` with a secret salt,
for example ``t1.2|3|0|d5=flag,d17=6,d30=minotaur|9f...``. Every roll shows a face fixed
before anyone bid; when the hand ends the preimages are revealed, so anyone can hash them
and see that the faces rolled were those committed to (and that nobody, not even the
table, changed a die after seeing the bids).
"""

from __future__ import annotations

import hmac
from collections.abc import Sequence

from games.fairness import sha256_hex
from games.mino_dice.dice import die_id

SALT_BYTES = 16  # 128 secret bits: a salt nobody can guess, even knowing the dice


def dice_text(dice: Sequence[int], faces: Sequence[str | None]) -> str:
    """``d5=flag,d17=6``: the dice in bag order, each with its pre-determined face."""
    return ",".join(f"{die_id(die)}={faces[die]}" for die in sorted(dice))


def preimage(
    game_id: str, hand: int, seat: int, dice: Sequence[int], faces: Sequence[str | None], salt: str
) -> str:
    """The text whose SHA-256 is the commitment: ``<game>|<hand>|<seat>|<dice>|<salt>``."""
    return f"{game_id}|{hand}|{seat}|{dice_text(dice, faces)}|{salt}"


def commitment(
    game_id: str, hand: int, seat: int, dice: Sequence[int], faces: Sequence[str | None], salt: str
) -> str:
    """Hex SHA-256 binding a seat's dice and faces to its game, hand and seat."""
    return sha256_hex(preimage(game_id, hand, seat, dice, faces, salt))


def reveal_preimage(game_id: str, hand: int, reveal: dict[str, object]) -> str:
    """The preimage of one seat's entry in a ``hand_revealed`` event."""
    return f"{game_id}|{hand}|{reveal['seat']}|{reveal['dice']}|{reveal['salt']}"


def verify(expected: str, text: str) -> bool:
    """True when SHA-256 of a revealed preimage is the published commitment."""
    return hmac.compare_digest(expected, sha256_hex(text))
