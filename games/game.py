"""A game as the platform knows it: a name, a command, its rules and its presentation.

Tables, the bot and the web app know games only through :class:`Game`, which the registry
(:mod:`games.registry`) holds one of per game. The tables use ``game.rules``
(:class:`games.rules_protocol.Rules`); front doors also ask ``game.presentation``
(:class:`games.presentation_protocol.Presentation`) for words, buttons and drawings. A new
game is a folder under ``games/`` that builds one (docs/adding-a-game.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.presentation_protocol import Presentation
from games.rules_protocol import Rules


@dataclass(frozen=True, eq=False)
class Game:
    name: str  # registry key, stored in tables: never change it
    command: str  # the bot command that opens a table (a-z, 0-9, _)
    rules: Rules
    presentation: Presentation
