"""The games this project hosts, by name. Front doors look games up here, never import one."""

from __future__ import annotations

from games.base import Game
from games.errors import InvalidSettings
from games.mia import GAME as MIA

GAMES: dict[str, Game] = {MIA.name: MIA}


def get_game(name: str) -> Game:
    try:
        return GAMES[name]
    except KeyError:
        raise InvalidSettings(f"no game called {name!r}") from None
