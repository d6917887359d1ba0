"""Skill ratings per person and game, everywhere and per group, from every finished game
between people (openskill's Weng-Lin Plackett-Luce model: made for ranked games of 2–10).

    rating:{U}:<game>               hash: mu, sigma, n (rated games), h (last points, for the
                                    trend), ids (the last games applied: never twice)
    rating:chat:{C}:<game>          hash: "<U>" -> "mu sigma n" this season; ids as above
    rating:chat:{C}:<game>:top      sorted set: user id by points (the group's /top)

Each key is tagged by its person or its chat, so a Redis Cluster spreads them; there is no
global key.

**Exactly once.** The change that finishes a game reads the ratings of the people seated
(one round trip), computes every new rating, and keeps the *outcome* (each person's rating
before and after) in the table document it commits: the outcome is decided by the same
check-and-set that finishes the game. It is then applied to the people's and the chat's
keys by scripts that remember the games they applied (``ids``), so sending them again —
after a lost reply, from a second process, from the notifier settling a finished table —
changes nothing. A person whose rating moved in between (two tables finishing at once) gets
this game's change added to the rating they have now.

What a rating is, for players: the *points* are a conservative estimate, ``μ − 3σ`` (the
skill we are nearly sure you have), scaled: ``1500 + 20 × (μ − 3σ)``. Everyone starts at
1,500; it climbs as the games show what you can do. Until ``PROVISIONAL_GAMES`` rated games
it is marked provisional. CPU seats, tutorials and solo practice (a private chat) never
count.

**Only games that were played.** A game is rated when at least two people played it, each
made a move of their own (a CPU's or a timeout's is not theirs), and they made at least
``MIN_MOVES`` between them. Someone who left before their first move is left out, as if
they had never sat down (``Table.took_part``); a game someone never moved in (they ran
out of time before moving), or one over in fewer moves (a resignation at once), is not
rated for anyone. The same people's games on one day count less and less everywhere
(tables.profiles.rating_pairs).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from openskill.models import PlackettLuce

from tables.profiles import rating_pairs
from tables.profiles.rating_scripts import APPLY_CHAT, APPLY_PERSON
from tables.table.model import Table

Command = tuple[Any, ...]

MODEL = PlackettLuce()
BASE_POINTS = 1500
POINTS_PER_UNIT = 20
PROVISIONAL_GAMES = 5
HISTORY_KEPT = 20  # points after each of the last games (the trend)
IDS_KEPT = 32  # game ids each key remembers having applied
MIN_MOVES = 4  # moves people made themselves, between them, for a game to be rated


def person_key(user_id: int, game: str) -> str:
    return f"rating:{{{user_id}}}:{game}"


def chat_key(chat_id: int, game: str) -> str:
    return f"rating:chat:{{{chat_id}}}:{game}"


def chat_top_key(chat_id: int, game: str) -> str:
    return f"rating:chat:{{{chat_id}}}:{game}:top"


def points(mu: float, sigma: float) -> int:
    """The rating people see: the conservative estimate μ − 3σ, scaled (1,500 to start)."""
    return math.floor(BASE_POINTS + POINTS_PER_UNIT * (mu - 3 * sigma) + 0.5)


@dataclass(frozen=True)
class Change:
    """One person's rating before and after a game (``before_*`` as read: '' if unrated)."""

    seat: int
    user_id: int
    before_mu: str
    before_sigma: str
    games_before: int
    after_mu: float
    after_sigma: float

    @property
    def before_points(self) -> int:
        mu = float(self.before_mu) if self.before_mu else MODEL.mu
        sigma = float(self.before_sigma) if self.before_sigma else MODEL.sigma
        return points(mu, sigma)

    @property
    def after_points(self) -> int:
        return points(self.after_mu, self.after_sigma)

    @property
    def delta(self) -> int:
        return self.after_points - self.before_points

    @property
    def provisional(self) -> bool:
        """Too few games yet for the rating to say much (counting this one)."""
        return self.games_before + 1 < PROVISIONAL_GAMES

    def to_list(self) -> list[Any]:
        return [
            self.seat,
            self.user_id,
            self.before_mu,
            self.before_sigma,
            self.games_before,
            self.after_mu,
            self.after_sigma,
        ]

    @classmethod
    def from_list(cls, data: list[Any]) -> Change:
        seat, user, mu0, sigma0, n0, mu1, sigma1 = data
        return cls(int(seat), int(user), str(mu0), str(sigma0), int(n0), float(mu1), float(sigma1))


def is_rated(table: Table) -> bool:
    """Games people played in a group count; tutorials and solo practice never do, nor a
    game decided without play (see the module's docstring)."""
    if table.tutorial or table.chat_id >= 0:
        return False
    moves = [table.moved.get(str(seat), 0) for seat, _ in rated_people(table)]
    return len(moves) >= 2 and all(moves) and sum(moves) >= MIN_MOVES


def rated_people(table: Table) -> list[tuple[int, int]]:
    """(seat, user id) of every person who played the game (``Table.took_part``): CPUs left
    out, and a seat a CPU played for a person who had left it before moving."""
    return [
        (index, seat.user_id)
        for index, seat in enumerate(table.seats)
        if seat.user_id is not None and not seat.is_cpu and table.took_part(index)
    ]


def people_places(table: Table) -> list[tuple[int, int, int]]:
    """(seat, user id, place) of the people, from the game's own ranking and places (ties
    where the game has them); CPUs are left out, so people are ranked among themselves."""
    people = dict(rated_people(table))
    placed = [
        (seat, people[seat], place) for seat, place in table.match().places() if seat in people
    ]
    # Renumbered among the people (1, 1, 3 where two share the first place).
    return [
        (seat, user, 1 + sum(other < place for _, _, other in placed))
        for seat, user, place in placed
    ]


def read_commands(table: Table, now: float) -> list[Command]:
    """What the outcome is computed from: each person's rating, the chat's, and how often
    they met today."""
    users = [user for _, user in rated_people(table)]
    commands: list[Command] = [
        ("HMGET", person_key(user, table.game), "mu", "sigma", "n") for user in users
    ]
    commands.append(("HMGET", chat_key(table.chat_id, table.game), *map(str, users)))
    return commands + rating_pairs.read_commands(table.game, users, rating_pairs.day_of(now))


def outcome(table: Table, replies: list[Any], now: float) -> dict[str, Any]:
    """Every person's rating after this game, everywhere (damped for people who met today
    already) and in this chat, from the replies to ``read_commands(table, now)``: what the
    finishing change keeps in the table document."""
    placed = people_places(table)
    users = [user for _, user in rated_people(table)]
    held = {user: reply for user, reply in zip(users, replies, strict=False)}
    in_chat = dict(zip(users, replies[len(users)], strict=True))
    weights = rating_pairs.weights(users, replies[len(users) + 1 :])
    everywhere = [
        (seat, user, place, _text(held[user][0]), _text(held[user][1]), _int(held[user][2]))
        for seat, user, place in placed
    ]
    here = []
    for seat, user, place in placed:
        mu, sigma, n = [*_text(in_chat[user]).split(" "), "", "", ""][:3]
        here.append((seat, user, place, mu, sigma, _int(n)))
    return {
        "game_no": table.game_no,
        "id": table.game_id,
        "d": rating_pairs.day_of(now),
        "p": [_damped(change, weights[change.user_id]).to_list() for change in rate(everywhere)],
        "c": [change.to_list() for change in rate(here)],
    }


def _damped(change: Change, weight: float) -> Change:
    before = (
        float(change.before_mu) if change.before_mu else MODEL.mu,
        float(change.before_sigma) if change.before_sigma else MODEL.sigma,
    )
    mu, sigma = rating_pairs.damped(before, (change.after_mu, change.after_sigma), weight)
    return replace(change, after_mu=mu, after_sigma=sigma)


def rate(people: list[tuple[int, int, int, str, str, int]]) -> list[Change]:
    """New ratings from (seat, user, place, mu, sigma, games) of each person: Plackett-Luce
    over their places (equal places tie)."""
    teams = [
        [MODEL.rating(mu=float(mu) if mu else None, sigma=float(sigma) if sigma else None)]
        for _, _, _, mu, sigma, _ in people
    ]
    ranks = [place for _, _, place, _, _, _ in people]
    rated = MODEL.rate(teams, ranks=ranks)
    return [
        Change(seat, user, mu, sigma, games, new.mu, new.sigma)
        for (seat, user, _, mu, sigma, games), [new] in zip(people, rated, strict=True)
    ]


def changes(table: Table, where: str = "p") -> list[Change]:
    """The rating changes of the table's last finished game (``p`` everywhere, ``c`` in its
    chat); empty when that game was not rated."""
    kept = table.rating
    if not kept or kept.get("game_no") != table.game_no:
        return []
    return [Change.from_list(item) for item in kept.get(where, [])]


def apply_commands(table: Table) -> list[Command]:
    """The scripts that write the outcome kept in the table (safe to send any number of
    times: each key applies a game once)."""
    kept = table.rating
    if not kept or kept.get("game_no") != table.game_no:
        return []
    game_id, game = str(kept["id"]), table.game
    common = (MODEL.mu, MODEL.sigma, BASE_POINTS, POINTS_PER_UNIT)
    commands: list[Command] = []
    for change in changes(table, "p"):
        commands.append(
            (
                "EVAL",
                APPLY_PERSON,
                1,
                person_key(change.user_id, game),
                game_id,
                *common,
                change.before_mu,
                change.before_sigma,
                repr(change.after_mu),
                repr(change.after_sigma),
                HISTORY_KEPT,
                IDS_KEPT,
            )
        )
    if "d" in kept:  # (an outcome kept before days were counted has none)
        users = [change.user_id for change in changes(table, "p")]
        commands += rating_pairs.count_commands(game, game_id, users, int(kept["d"]))
    in_chat = changes(table, "c")
    if in_chat:
        per_person = [
            value
            for change in in_chat
            for value in (
                change.user_id,
                change.before_mu,
                change.before_sigma,
                repr(change.after_mu),
                repr(change.after_sigma),
            )
        ]
        commands.append(
            (
                "EVAL",
                APPLY_CHAT,
                2,
                chat_key(table.chat_id, game),
                chat_top_key(table.chat_id, game),
                game_id,
                *common,
                IDS_KEPT,
                *per_person,
            )
        )
    return commands


def _text(value: Any) -> str:
    if value is None:
        return ""
    return value.decode() if isinstance(value, bytes) else str(value)


def _int(value: Any) -> int:
    text = _text(value)
    return int(text) if text.isdigit() else 0
