"""A person's buttons on the page: their public actions in the game's rows, then any private
action that no item of their private panel stands for.

Where a game offers a large choice in steps (games.steps), the page draws the same steps as
the group's keyboard, by itself: no round trip to the server for a step. ``actions`` holds the
first step's rows, where a button that opens a step is ``{"step": "<path>", "label",
"style"}`` (its path's keys joined by "."); ``steps`` holds every other step by that path,
its name and its rows. A final choice is ``{"action", "label", "style"}`` wherever it is, and
posts the move as any button does, with the decision the page was drawn for.
"""

from __future__ import annotations

from typing import Any

from games.base import PRIVATE, STYLE_CHOICE, Action, PrivateInfo
from games.game import Game
from games.steps import Item, path_key, paths
from translations import render

Rows = list[list[dict[str, str]]]


def public_of(game: Game, legal: list[Action]) -> list[Action]:
    return [a for a in legal if game.rules.action_scope(a) != PRIVATE]


def action_rows(game: Game, legal: list[Action], info: PrivateInfo | None, language: str) -> Rows:
    """The first step's buttons (every button, for a game without steps)."""
    played_by_items = {item.action for item in info.items} if info else set()
    loose = [a for a in legal if game.rules.action_scope(a) == PRIVATE and a not in played_by_items]
    rows = _rows(game, game.presentation.level(public_of(game, legal)), language)
    return rows + ([[_final(game, a, language) for a in loose]] if loose else [])


def step_levels(game: Game, legal: list[Action], language: str) -> dict[str, dict[str, Any]]:
    """Every step past the first, by its path: its name (the caption of the button that opens
    it) and its rows. Empty for a game without steps."""
    if not game.presentation.has_steps:
        return {}
    public = public_of(game, legal)
    return {
        path_key(path): {
            "label": render(game.presentation.step_label(path), language),
            "rows": _rows(game, game.presentation.level(public, path), language),
        }
        for path in paths(game.presentation.action_steps, public)
    }


def _rows(game: Game, level: list[list[Item]], language: str) -> Rows:
    return [[_item(game, item, language) for item in row] for row in level if row]


def _item(game: Game, item: Item, language: str) -> dict[str, str]:
    if isinstance(item, tuple):
        label = render(game.presentation.step_label(item), language)
        return {"step": path_key(item), "label": label, "style": STYLE_CHOICE}
    return _final(game, item, language)


def _final(game: Game, action: Action, language: str) -> dict[str, str]:
    return {
        "action": action,
        "label": render(game.presentation.action_label(action), language),
        "style": game.presentation.action_style(action),
    }
