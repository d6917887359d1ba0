"""The games this project hosts, by name. Front doors look games up here, never import one.

Built-in games are listed below, one line each (the package that holds the game's ``GAME``).
``EXTRA_GAMES`` (comma-separated ``module:attribute`` paths) adds more at start-up: a plug-in
point for games kept outside this repository, and how the tests seat their toy game in a real
bot process.
"""

from __future__ import annotations

import importlib
import os

from games.errors import InvalidSettings
from games.game import Game

# The built-in games, in the order /play offers them: a new game is one line here.
# The collection's name, shown on every page (the same in every language: a name).
COLLECTION = "Cup & Claim"

BUILT_IN_MODULES = (
    "games.mia",
    "games.mino_dice",
    "games.myllymatti",
)
BUILT_IN: tuple[Game, ...] = tuple(
    importlib.import_module(module).GAME for module in BUILT_IN_MODULES
)


def _load_extra(spec: str) -> list[Game]:
    games = []
    for path in filter(None, (part.strip() for part in spec.split(","))):
        module_name, _, attribute = path.partition(":")
        games.append(getattr(importlib.import_module(module_name), attribute or "GAME"))
    return games


GAMES: dict[str, Game] = {
    game.name: game for game in (*BUILT_IN, *_load_extra(os.environ.get("EXTRA_GAMES", "")))
}


def get_game(name: str) -> Game:
    try:
        return GAMES[name]
    except KeyError:
        raise InvalidSettings(f"no game called {name!r}") from None


def by_command(command: str) -> Game | None:
    """The game a bot command opens (``/mia``), if any."""
    return next((game for game in GAMES.values() if game.command == command), None)


def register(game: Game) -> None:
    """Add a game at run time (tests); the name must be new."""
    if game.name in GAMES:
        raise ValueError(f"a game called {game.name!r} is already registered")
    GAMES[game.name] = game
