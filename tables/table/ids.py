"""Table ids: short, unguessable, and valid everywhere they travel (callback data, Mini App
``startapp`` parameters, Redis hash tags)."""

from __future__ import annotations

import re
import secrets

ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # no 0/o, 1/l: people may read them aloud
LENGTH = 10
ID_PATTERN = re.compile(rf"^[{ALPHABET}]{{{LENGTH}}}$")


def new_table_id() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def is_table_id(text: str) -> bool:
    return bool(ID_PATTERN.match(text))
