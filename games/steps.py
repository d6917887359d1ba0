"""A large choice offered in steps: which buttons each step of a game's public actions shows.

A keyboard holds about a hundred buttons, and a page of a hundred buttons is no way to choose.
So a game may put its public actions behind steps (``Presentation.action_steps``: an action
-> its *path*, a tuple of step keys): a bid of quantity × face becomes a button per quantity,
each opening its faces. This module, pure like the rest of ``games/``, says what one step
shows, for every front door alike: the group's keyboard, the page and the contract test all
draw from :func:`level`, so the same choice is offered the same way everywhere.

At a path, a step shows the actions whose path is exactly that path (final choices: a press
makes the move) and one button for each longer path that starts there (it opens that step).
Both keep the order the game lists its actions in; whichever kind comes first in that order
comes first on the keyboard. A game that declares no steps has one step, the first, which is
exactly ``action_rows`` of its actions, as it was before steps existed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from games.base import Action

Path = tuple[str, ...]  # step keys from the first step: () is the first step itself
Item = Action | Path  # a final choice (an action) or a button that opens a step (its path)
STEP_KEY = re.compile(r"^[a-z0-9_]{1,16}$")
SEPARATOR = "."  # between a path's keys where it travels as one string
MAX_PATH_CHARS = 40  # a path as one string: room left in callback data beside the stamp
MAX_BUTTONS = 100  # Telegram takes at most this many buttons on one keyboard
SHELL_BUTTONS = 3  # what the shell adds to a step: a look (or a hand), Back, the Mini App
MAX_CHOICES = MAX_BUTTONS - SHELL_BUTTONS  # the game's buttons one step may show
MAX_ROW = 8  # Telegram takes at most this many buttons in one row


def path_key(path: Path) -> str:
    """A path as one string ("" for the first step): a page's key, callback data."""
    return SEPARATOR.join(path)


def parse_path_key(text: str) -> Path | None:
    """The path a string names, or None when it names none (forged or broken)."""
    if text == "":
        return ()
    keys = tuple(text.split(SEPARATOR))
    if len(text) > MAX_PATH_CHARS or not all(STEP_KEY.match(key) for key in keys):
        return None
    return keys


def four_to_a_row(items: list[Item]) -> list[list[Item]]:
    return [items[i : i + 4] for i in range(0, len(items), 4)]


def level(
    action_steps: Callable[[Action], Path],
    action_rows: Callable[[list[Action]], list[list[Action]]],
    actions: list[Action],
    path: Path = (),
) -> list[list[Item]]:
    """The rows of buttons the step at ``path`` shows (empty: no such step now). Final
    choices are laid out by the game's ``action_rows``, step buttons four to a row."""
    finals: list[Action] = []
    steps: list[Path] = []
    steps_first: bool | None = None
    for action in actions:
        full = tuple(action_steps(action))
        if full[: len(path)] != path:
            continue
        if len(full) == len(path):
            finals.append(action)
        elif (step := full[: len(path) + 1]) not in steps:
            steps.append(step)
        if steps_first is None:
            steps_first = len(full) > len(path)
    final_rows: list[list[Item]] = [list(row) for row in action_rows(finals)] if finals else []
    step_rows = four_to_a_row(list(steps))
    return step_rows + final_rows if steps_first else final_rows + step_rows


def paths(action_steps: Callable[[Action], Path], actions: Iterable[Action]) -> list[Path]:
    """Every step these actions can open (each non-empty start of each action's path), in
    the order they are first met."""
    found: dict[Path, None] = {}
    for action in actions:
        full = tuple(action_steps(action))
        for end in range(1, len(full) + 1):
            found.setdefault(full[:end], None)
    return list(found)


def is_step(item: Item) -> bool:
    return isinstance(item, tuple)
