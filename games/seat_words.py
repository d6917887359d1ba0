"""A player's own page in their own words: the game's lines told from their seat ("You lose
a life", "Grace claims 32: challenge, or accept and roll"), while the group keeps its own.

A game words its seat's lines in ``games/<name>/page.py`` (found by the game's name, as a
game's tests find its scenes), with ``describe_status(view, names, seat)``,
``describe_events(events, names, seat)`` and ``describe_final(ranking, places, names,
seat)``. A game without one is told in the group's words.
"""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType

from games.base import JSON, T_, V_, Event, Text
from games.game import Game

Names = list[str]


@cache
def game_module(name: str, part: str) -> ModuleType | None:
    """A game's optional module ``games/<name>/<part>.py`` (page, why, feed words), if it
    has one; a game that lives outside games/ (a test's toy game) has none."""
    module = f"games.{name}.{part}"
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as error:
        if error.name not in (module, f"games.{name}"):
            raise
        return None


def page_words(name: str) -> ModuleType | None:
    """The game's page words module, if it has one."""
    return game_module(name, "page")


def you_or(names: Names, seat: int, you: int) -> Text:
    """A seat as a label in a list ("Ada 31 → you 32"): "you" for the reader's own."""
    return T_("you") if seat == you else V_("{name}", name=names[seat])


def status_for(game: Game, view: JSON, names: Names, seat: int | None) -> list[Text]:
    """The status lines as this seat reads them (the group's, for a spectator)."""
    words = page_words(game.name)
    if seat is None or words is None:
        return game.presentation.describe_status(view, names)
    return words.describe_status(view, names, seat)


def events_for(game: Game, events: list[Event], names: Names, seat: int | None) -> list[Text]:
    """The game's own story of these events as this seat reads it."""
    words = page_words(game.name)
    if seat is None or words is None:
        return game.presentation.describe_events(events, names)
    return words.describe_events(events, names, seat)


def why_words(name: str) -> ModuleType | None:
    """The game's why module (``games/<name>/why.py``), if it has one."""
    return game_module(name, "why")


def why_for(game: Game, events: list[Event], names: Names, seat: int | None) -> list[Text]:
    """One line of why for each outcome among these events (a trick, a reveal, a score),
    where the game words it (``describe_why``), told to ``seat`` (None: a spectator): the
    page shows them with the outcome, apart from the story."""
    words = why_words(game.name)
    return [] if words is None else words.describe_why(events, names, seat)


def moments_for(
    game: Game, events: list[Event], names: Names, seat: int | None
) -> list[Text] | None:
    """The events the page shows as moments of their own (a chance taken) in this seat's
    words, where the game has them (``describe_moments``); None: as the log words them."""
    words = page_words(game.name)
    if seat is not None and words is not None and hasattr(words, "describe_moments"):
        return words.describe_moments(events, names, seat)
    return None


def outcome_for(
    game: Game, ranking: list[int], places: list[int], names: Names, seat: int | None
) -> tuple[Text, str] | None:
    """What the end means for this seat in the game's own words, with its tone ("good",
    "loss"), where the game words it (``describe_outcome``: a game with only a loser)."""
    words = page_words(game.name)
    if seat is None or words is None or not hasattr(words, "describe_outcome"):
        return None
    return words.describe_outcome(ranking, places, names, seat)


def final_for(
    game: Game, ranking: list[int], places: list[int], names: Names, seat: int | None
) -> list[Text] | None:
    """The game's own words for its end as this seat reads them (None: the shared ranking)."""
    words = page_words(game.name)
    if seat is None or words is None or not hasattr(words, "describe_final"):
        return game.presentation.describe_final(ranking, places, names)
    return words.describe_final(ranking, places, names, seat)


def feed_words(name: str) -> ModuleType | None:
    """The game's between-turns words (``games/<name>/feed.py``), if it has them."""
    return game_module(name, "feed")


def feed_for(
    game: Game, changes: list[tuple[int, list[Event]]], names: Names, seat: int
) -> list[tuple[int, Text]]:
    """What happened at the table since ``seat``'s last move, change by change (oldest first),
    each line with its change's version, in the game's own between-turns words
    (``games/<name>/feed.py``: ``moved(event, seat)``, a move of that seat's;
    ``describe_feed(events, names, seat)``, which tells what has left the table: a trick
    taken, a round's reveal, not the claims or rolls the table still shows). The change
    holding the move is the reader's own: it is left out. A game without feed words has no
    feed."""
    words = feed_words(game.name)
    if words is None:
        return []
    start = 0
    for index in range(len(changes) - 1, -1, -1):
        if any(words.moved(event, seat) for event in changes[index][1]):
            start = index + 1
            break
    return [
        (version, line)
        for version, events in changes[start:]
        for line in words.describe_feed(events, names, seat)
    ]


def moves_for(game: Game, event: Event, names: Names, seat: int) -> list[Text] | None:
    """A replay's log line for one of ``seat``'s own moves, told to it, where the game words
    it (``describe_moves`` in its feed words); None: the log's or the story's words."""
    words = feed_words(game.name)
    if words is None or not hasattr(words, "describe_moves"):
        return None
    return words.describe_moves([event], names, seat)


def place_for(game: Game, place: int | None, seats: int) -> Text | None:
    """A finished game's place in the game's own words ("safe, out #2 of 3"), where it words
    it (``describe_place``: a game whose places are not wins); None: the shared "#2 of 3"."""
    words = page_words(game.name)
    if place is None or words is None or not hasattr(words, "describe_place"):
        return None
    return words.describe_place(place, seats)
