"""The same people's games on one day weigh less and less in their ratings everywhere, so two
accounts playing each other over and over farm nothing (tables.profiles.ratings asks).

    rating:{U}:<game>:met:<day>     hash: "<V>" -> rated games U played with V that day
                                    (days in UTC, since 1970); ``once`` (the games counted);
                                    expires two days on

The k-th rated game of two people in a day moves each one's rating everywhere by
``DAMPING ** (k - 1)`` of what it would have: the first in full, the second by half, the
fifth by a sixteenth; the next day starts again. With more people at the table the most
games with any one of them count. A group's own ratings (its standings, ``/top``) are not
damped: friends who play every evening stay ranked by all their games.

Each key is tagged by its person, beside their rating: counting a game there is one script
per person, run once however often it is sent (tables.engine.once).
"""

from __future__ import annotations

from typing import Any

from tables.engine.once import once

Command = tuple[Any, ...]

DAMPING = 0.5
DAY_SECONDS = 86400
KEPT_SECONDS = 2 * DAY_SECONDS  # a day's counts outlive the day by one (a game at midnight)


def day_of(now: float) -> int:
    return int(now // DAY_SECONDS)


def met_key(user_id: int, game: str, day: int) -> str:
    return f"rating:{{{user_id}}}:{game}:met:{day}"


def read_commands(game: str, users: list[int], day: int) -> list[Command]:
    """Per person, how many rated games they played with each of the others today."""
    return [
        ("HMGET", met_key(user, game, day), *(str(other) for other in users if other != user))
        for user in users
    ]


def weights(users: list[int], replies: list[Any]) -> dict[int, float]:
    """Each person's weight for this game, from the replies to ``read_commands``."""
    found = {}
    for user, reply in zip(users, replies, strict=True):
        before = max((int(count) for count in reply if count is not None), default=0)
        found[user] = DAMPING**before
    return found


def damped(
    before: tuple[float, float], after: tuple[float, float], weight: float
) -> tuple[float, float]:
    """A rating's (mu, sigma) moved by ``weight`` of the way from ``before`` to ``after``:
    the skill by that part of its change, the uncertainty by that power of its factor."""
    if weight == 1:
        return after
    (mu0, sigma0), (mu1, sigma1) = before, after
    return mu0 + weight * (mu1 - mu0), sigma0 * (sigma1 / sigma0) ** weight


def count_commands(game: str, game_id: str, users: list[int], day: int) -> list[Command]:
    """This game counted for each pair of its people, once per person's key."""
    commands = []
    for user in users:
        key = met_key(user, game, day)
        counts: list[Command] = [("HINCRBY", key, str(o), 1) for o in users if o != user]
        commands.append(once(key, game_id, [*counts, ("EXPIRE", key, KEPT_SECONDS)]))
    return commands
