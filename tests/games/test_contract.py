"""Every registered game keeps the contract over random games: its rules
(games/rules_protocol.py) and its presentation (games/presentation_protocol.py)."""

from __future__ import annotations

import pytest

from games.registry import GAMES
from tests.games.contract import check_declarations, check_event_fields, check_random_game
from tests.games.refusals import declared_refusals, find_refusals
from tests.support.toy_game import ToyPresentation, ToyRules
from translations.errors import ERROR_TEXTS

GAME_NAMES = sorted(GAMES)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_declarations_are_complete(name):
    check_declarations(GAMES[name])


@pytest.mark.parametrize(
    "fields",
    [
        {"claimed": ("c", "seat"), "folded": ("c", "seat")},  # two events, one code
        {"claimed": ("T0", "seat")},  # the code of the table's "created"
        {"started": ("s", "seat")},  # the name of the table's own event
    ],
)
def test_an_event_code_the_log_could_not_tell_apart_is_refused(fields):
    with pytest.raises(AssertionError):
        check_event_fields(fields)


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("seed", range(6))
def test_random_games_keep_the_contract(name, seed):
    game = GAMES[name]
    seats = [game.rules.min_seats, game.rules.max_seats, None][seed % 3]
    check_random_game(game, seed, seats)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_refusal_a_game_declares_is_raised_in_play_and_worded_as_its_own(name):
    game = GAMES[name]
    declared = declared_refusals(game)
    assert declared <= set(find_refusals(game)), "a declared refusal never happens in play"
    for code in declared:
        assert code in game.presentation.error_texts, f"{code} has no words"
        assert code not in ERROR_TEXTS, f"{code} is a shared code: raise the shared error"
        others = [other.name for other in GAMES.values() if other is not game]
        assert not [o for o in others if code in GAMES[o].presentation.error_texts], (
            f"{code} is not unique"
        )


def without(part: type, name: str) -> type:
    """A copy of a game's class, on the same base, that leaves out one declaration."""
    body = {key: value for key, value in vars(part).items() if key != name}
    return type(f"No_{name}", part.__bases__, body)


@pytest.mark.parametrize(
    ("part", "name"),
    [(ToyRules, n) for n in ("min_seats", "max_seats", "presets")]
    + [(ToyPresentation, n) for n in ("title", "summary", "preset_labels")],
)
def test_a_part_that_leaves_out_a_declaration_cannot_be_made(part, name):
    """As the guide says: Python refuses a Rules without ``presets`` (or a Presentation
    without ``title``), as it refuses one without an abstract method."""
    part()  # whole, it is made
    with pytest.raises(TypeError, match=name):
        without(part, name)()
