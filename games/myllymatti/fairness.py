"""A provably fair deal: a commitment to the whole deck order at the deal, revealed at the end.

At the deal the table shows ``commitment = SHA-256("<game_id>|<deck>|<salt>")`` where
``<deck>`` is the shuffled deck top first as comma-separated card ids (``qh,th,2c,…``) and
``<salt>`` a secret random hex string. When the game ends the preimage is published, so anyone
can hash it, compare, and replay who was dealt what and every card the stock gave out.
"""

from __future__ import annotations

import hmac

from games.fairness import sha256_hex

SALT_BYTES = 16  # 128 secret bits: nobody can search the 52! deck orders behind a commitment


def deck_text(deck: list[str]) -> str:
    return ",".join(deck)


def preimage(game_id: str, deck: list[str] | str, salt: str) -> str:
    """The text whose SHA-256 is the commitment: ``<game_id>|<deck>|<salt>``."""
    text = deck if isinstance(deck, str) else deck_text(deck)
    return f"{game_id}|{text}|{salt}"


def commitment(game_id: str, deck: list[str] | str, salt: str) -> str:
    return sha256_hex(preimage(game_id, deck, salt))


def verify(expected: str, game_id: str, deck: list[str] | str, salt: str) -> bool:
    """True when the revealed deck and salt reproduce the published commitment."""
    return hmac.compare_digest(expected, commitment(game_id, deck, salt))
