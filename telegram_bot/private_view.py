"""A seat's private information as a short text only its owner sees (the answer to the group
message's 👀 button, and the inline results' header)."""

from __future__ import annotations

from games.base import PrivateInfo
from games.registry import get_game
from tables.model import Table
from telegram_bot.texts import error_text
from translations import render


def private_info(table: Table, user_id: int) -> PrivateInfo | None:
    """What the person may see of their own seat now (None: nothing hidden for them)."""
    seat = table.seat_of(user_id)
    if seat is None or table.state is None:
        return None
    game = get_game(table.game)
    return game.private_info(game.view(game.load(table.state), seat))


def describe(info: PrivateInfo, language: str) -> str:
    """ "Your hand: A♠ K♥ = 2 cards" — the title, each item, and the caption."""
    items = " ".join(render(item.label, language) for item in info.items)
    text = f"{render(info.title, language)}: {items}".rstrip(": ")
    if info.caption is not None:
        text += f" = {render(info.caption, language)}"
    return text


def private_text(table: Table, user_id: int, language: str) -> str:
    game = get_game(table.game)
    if table.seat_of(user_id) is None:
        return error_text("not_seated", language, game)
    if table.state is None:
        return error_text("not_playing", language, game)
    info = private_info(table, user_id)
    return describe(info, language) if info else error_text("nothing_to_see", language, game)
