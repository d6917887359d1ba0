"""Every refusal a game declares, found in real positions: for each error code, a position, a
seat and an action that make the game raise it.

A game declares its own refusals as ``GameError`` subclasses in its package (with their
words in ``Presentation.error_texts``). :func:`find_refusals` plays random games and, at each
position, tries every action any seat could make then or earlier (an old button, a second
tap, another seat's die) and those actions with their number pushed out of range (a forged
``bid:99``), as every seat: the ordinary double taps, old pages and two tabs that reach the
rules in real play. The front doors' tests then replay each position through the real table
and check what the person is told.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any

from games.errors import GameError
from games.game import Game
from games.rng import DeterministicRng
from tests.games.contract import random_settings

MAX_SEATS = 4  # the front doors' tests sign in at most four people
STEPS_PER_GAME = 80
GAMES_TO_TRY = 40


@dataclass
class Refusal:
    """``seat`` playing ``action`` at ``state`` (made with ``settings``) raises ``code``."""

    code: str
    settings: dict[str, Any]
    seats: int
    state: Any
    seat: int
    action: str


def declared_refusals(game: Game) -> set[str]:
    """The codes of the GameErrors defined in the game's own package (``games/<name>/``, or
    the package of the module its rules come from)."""
    module = game.rules.apply.__module__
    parts = module.split(".")
    package = ".".join(parts[:2]) if parts[0] == "games" else module.rpartition(".")[0]
    found: set[str] = set()
    pending = list(GameError.__subclasses__())
    while pending:
        error = pending.pop()
        pending += error.__subclasses__()
        if error.__module__.startswith(package + ".") or error.__module__ == package:
            found.add(error.code)
    return found


def tries(pool: set[str]) -> list[str]:
    """Every action seen, and each with its trailing number pushed out of range."""
    forged = {re.sub(r"\d+$", "99", action) for action in pool}
    return sorted(pool | forged)


def find_refusals(game: Game) -> dict[str, Refusal]:
    """One position per error code the game raises (its own and the shared ones)."""
    wanted = declared_refusals(game)
    found: dict[str, Refusal] = {}
    for number in range(GAMES_TO_TRY):
        rng = DeterministicRng(f"refusals-{game.name}-{number}")
        settings = game.rules.normalize_settings(random_settings(game, rng))
        seats = game.rules.min_seats + rng.randbelow(
            min(game.rules.max_seats, MAX_SEATS) - game.rules.min_seats + 1
        )
        state, _ = game.rules.new_game(settings, seats, rng, f"r{number}")
        pool: set[str] = set()
        for _ in range(STEPS_PER_GAME):
            if game.rules.is_over(state):
                break
            for seat in range(seats):
                pool.update(game.rules.legal_actions(state, seat))
            for seat in range(seats):
                for action in tries(pool):
                    try:
                        game.rules.apply(state, seat, action, copy.deepcopy(rng))
                    except GameError as error:
                        if error.code not in found:
                            found[error.code] = Refusal(
                                error.code, settings, seats, state, seat, action
                            )
            acting = game.rules.to_act(state)
            seat = acting[rng.randbelow(len(acting))]
            legal = game.rules.legal_actions(state, seat)
            state, _ = game.rules.apply(state, seat, legal[rng.randbelow(len(legal))], rng)
        if wanted <= set(found) and number >= 2:
            break
    return found
