"""A seat's private information as a short text only its owner sees (the answer to the group
message's 👀 button, and the inline results' header and items).

What a person may see is decided by the one gate every door asks (tables.fairness.private_seat): a
person who left the game, or whose seat is out of it, sees nothing of the seat any more.
"""

from __future__ import annotations

from games.base import PrivateInfo
from tables.fairness.private_seat import private_view, secrets_access
from tables.table.model import Table
from telegram_bot.texts import error_text
from translations import render


def private_info(table: Table, user_id: int) -> PrivateInfo | None:
    """What the person may see of their own seat now (None: nothing, or nothing for them)."""
    seen = private_view(table, user_id)
    if seen is None:
        return None
    return table.match().game.presentation.private_info(seen[1])


def describe_lines(info: PrivateInfo, language: str) -> list[str]:
    """The title with its items on one line, then the caption on a line of its own.
    A caption sums the hand up or says where the seat stands.
    Joined to the items by a sign, it read as an equation."""
    items = " ".join(render(item.label, language) for item in info.items)
    lines = [f"{render(info.title, language)}: {items}".rstrip(": ")]
    if info.caption is not None:
        lines.append(render(info.caption, language))
    return lines


def describe(info: PrivateInfo, language: str) -> str:
    """The seat's secrets in a message or an alert (lines may break there)."""
    return "\n".join(describe_lines(info, language))


def private_text(table: Table, user_id: int, language: str) -> str:
    """The look button's answer: the seat's secrets, or why there are none for this person."""
    game = table.match().game
    access = secrets_access(table, user_id)
    if access.refusal is not None:
        return error_text(access.refusal, language, game)
    info = private_info(table, user_id)
    return describe(info, language) if info else error_text("nothing_to_see", language, game)
