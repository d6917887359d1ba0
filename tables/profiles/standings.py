"""Reading the ratings (tables.profiles.ratings) for people to see: a person's rating and trend per
game, and a group's standings per game (its ``/top``)."""

from __future__ import annotations

from dataclasses import dataclass

import redis

from games.registry import GAMES
from tables.profiles import ratings, seasons, stats

TREND_GAMES = 6  # the trend /stats shows: over the last five games (six points)


@dataclass(frozen=True)
class Rating:
    """A person's rating in one game: points (the conservative estimate people see), how
    many rated games it rests on, and the points after each of the last games."""

    points: int
    games: int
    history: tuple[int, ...] = ()

    @property
    def provisional(self) -> bool:
        return self.games < ratings.PROVISIONAL_GAMES

    @property
    def trend(self) -> int:
        """Points won or lost over the games in the history (0 with fewer than two)."""
        if len(self.history) < 2:
            return 0
        return self.history[-1] - self.history[0]


@dataclass(frozen=True)
class RatedStanding:
    user_id: int
    name: str
    rating: Rating


def person_ratings(client: redis.Redis, user_id: int) -> dict[str, Rating]:
    """This person's rating in every game they have a rating in, by game name."""
    names = list(GAMES)
    pipe = client.pipeline(transaction=False)
    for name in names:
        pipe.hmget(ratings.person_key(user_id, name), "mu", "sigma", "n", "h")
    found = {}
    for name, (mu, sigma, games, history) in zip(names, pipe.execute(), strict=True):
        if mu is None or sigma is None:
            continue
        points = tuple(int(p) for p in (history or b"").split())
        found[name] = Rating(
            ratings.points(float(mu), float(sigma)), int(games or 0), points[-TREND_GAMES:]
        )
    return found


def chat_ratings(client: redis.Redis, chat_id: int, user_id: int) -> dict[str, Rating]:
    """This person's rating this season in one group, per game."""
    names = list(GAMES)
    pipe = client.pipeline(transaction=False)
    for name in names:
        pipe.hget(ratings.chat_key(chat_id, name), str(user_id))
    found = {}
    for name, held in zip(names, pipe.execute(), strict=True):
        if held:
            found[name] = _rating(held)
    return found


def chat_standings(
    client: redis.Redis, chat_id: int, game: str, limit: int = 10, season: int | None = None
) -> list[RatedStanding]:
    """The group's best players of one game, by points (then fewer games): this season, or
    an archived season ``season``."""
    if season is None or season == seasons.current_season(client, chat_id):
        held_key, top_key = ratings.chat_key(chat_id, game), ratings.chat_top_key(chat_id, game)
    else:
        held_key = seasons.archived_key(chat_id, game, season)
        top_key = seasons.archived_top_key(chat_id, game, season)
    pipe = client.pipeline(transaction=False)
    pipe.zrevrange(top_key, 0, max(0, limit - 1))
    pipe.hgetall(stats.chat_names_key(chat_id))
    users, names = pipe.execute()
    if not users:
        return []
    held = client.hmget(held_key, [u.decode() for u in users])
    standings = [
        RatedStanding(int(user), names.get(user, b"?").decode(), _rating(value))
        for user, value in zip(users, held, strict=True)
        if value
    ]
    standings.sort(key=lambda s: (-s.rating.points, s.rating.games, s.name))
    return standings


def _rating(held: bytes) -> Rating:
    mu, sigma, games = held.decode().split(" ")
    return Rating(ratings.points(float(mu), float(sigma)), int(games))
