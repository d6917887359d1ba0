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
count; a game needs at least two people.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from games.registry import get_game
from tables.model import Table

Command = tuple[Any, ...]

MODEL = PlackettLuce()
BASE_POINTS = 1500
POINTS_PER_UNIT = 20
PROVISIONAL_GAMES = 5
HISTORY_KEPT = 20  # points after each of the last games (the trend)
IDS_KEPT = 32  # game ids each key remembers having applied

# Shared by both scripts: the new (mu, sigma) given the rating before (ARGV before_mu,
# before_sigma as read, '' when unrated) and after. When the key still holds what was read,
# the computed rating is written as it is; otherwise this game's change is added to what
# the key holds now (another game of this person finished in between).
_MOVE = """
local function moved(cur_mu, cur_sigma, before_mu, before_sigma, after_mu, after_sigma)
  if (cur_mu or '') == before_mu and (cur_sigma or '') == before_sigma then
    return after_mu, after_sigma
  end
  local base_mu = tonumber(cur_mu) or tonumber(ARGV[2])
  local base_sigma = tonumber(cur_sigma) or tonumber(ARGV[3])
  local old_mu = tonumber(before_mu) or tonumber(ARGV[2])
  local old_sigma = tonumber(before_sigma) or tonumber(ARGV[3])
  local mu = base_mu + (tonumber(after_mu) - old_mu)
  local sigma = base_sigma * tonumber(after_sigma) / old_sigma
  return string.format('%.17g', mu), string.format('%.17g', sigma)
end
local function points(mu, sigma)
  return math.floor(ARGV[4] + ARGV[5] * (tonumber(mu) - 3 * tonumber(sigma)) + 0.5)
end
local function applied(key, id)
  local ids = redis.call('HGET', key, 'ids') or ''
  return string.find(ids .. ' ', ' ' .. id .. ' ', 1, true) ~= nil, ids
end
local function remember(ids, id, kept)
  local list = ' ' .. id .. ids
  local count, cut = 0, #list
  for position in string.gmatch(list, '() ') do
    count = count + 1
    if count > kept then cut = position - 1 break end
  end
  return string.sub(list, 1, cut)
end
"""

# KEYS[1] rating:{U}:<game>. ARGV: game id, default mu, default sigma, base points, points
# per unit, before mu, before sigma, after mu, after sigma, history kept, ids kept.
APPLY_PERSON = (
    _MOVE
    + """
local done, ids = applied(KEYS[1], ARGV[1])
if done then return 0 end
local cur = redis.call('HMGET', KEYS[1], 'mu', 'sigma', 'n', 'h')
local mu, sigma = moved(cur[1], cur[2], ARGV[6], ARGV[7], ARGV[8], ARGV[9])
local history = (cur[4] or '') .. ' ' .. points(mu, sigma)
local _, spaces = string.gsub(history, ' ', '')
while spaces > tonumber(ARGV[10]) do
  history = string.sub(history, string.find(history, ' ', 2, true))
  spaces = spaces - 1
end
redis.call('HSET', KEYS[1], 'mu', mu, 'sigma', sigma, 'n', (tonumber(cur[3]) or 0) + 1,
  'h', history, 'ids', remember(ids, ARGV[1], tonumber(ARGV[11])))
return 1
"""
)

# KEYS[1] rating:chat:{C}:<game>, KEYS[2] its :top. ARGV: game id, default mu, default sigma,
# base points, points per unit, ids kept, then per person: user, before mu, before sigma,
# after mu, after sigma.
APPLY_CHAT = (
    _MOVE
    + """
local done, ids = applied(KEYS[1], ARGV[1])
if done then return 0 end
for i = 7, #ARGV, 5 do
  local user = ARGV[i]
  local mu0, sigma0, n = '', '', 0
  local held = redis.call('HGET', KEYS[1], user)
  if held then
    local a, b, c = string.match(held, '^(%S+) (%S+) (%S+)$')
    mu0, sigma0, n = a, b, tonumber(c)
  end
  local mu, sigma = moved(held and mu0, held and sigma0, ARGV[i + 1], ARGV[i + 2],
    ARGV[i + 3], ARGV[i + 4])
  redis.call('HSET', KEYS[1], user, mu .. ' ' .. sigma .. ' ' .. (n + 1))
  redis.call('ZADD', KEYS[2], points(mu, sigma), user)
end
redis.call('HSET', KEYS[1], 'ids', remember(ids, ARGV[1], tonumber(ARGV[6])))
return 1
"""
)


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
    """Games between people in a group count; tutorials and solo practice never do."""
    return not table.tutorial and table.chat_id < 0 and len(rated_people(table)) >= 2


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
    game = get_game(table.game)
    assert table.state is not None
    state = game.rules.load(table.state)
    people = dict(rated_people(table))
    placed = [
        (seat, people[seat], place)
        for seat, place in zip(game.rules.ranking(state), game.rules.places(state), strict=False)
        if seat in people
    ]
    # Renumbered among the people (1, 1, 3 where two share the first place).
    return [
        (seat, user, 1 + sum(other < place for _, _, other in placed))
        for seat, user, place in placed
    ]


def read_commands(table: Table) -> list[Command]:
    """What the outcome is computed from: each person's rating, and the chat's."""
    users = [user for _, user in rated_people(table)]
    commands: list[Command] = [
        ("HMGET", person_key(user, table.game), "mu", "sigma", "n") for user in users
    ]
    commands.append(("HMGET", chat_key(table.chat_id, table.game), *map(str, users)))
    return commands


def outcome(table: Table, replies: list[Any]) -> dict[str, Any]:
    """Every person's rating after this game, everywhere and in this chat, from the replies
    to ``read_commands``: what the finishing change keeps in the table document."""
    placed = people_places(table)
    users = [user for _, user in rated_people(table)]
    held = {user: reply for user, reply in zip(users, replies, strict=False)}
    in_chat = dict(zip(users, replies[len(users)], strict=True))
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
        "p": [change.to_list() for change in rate(everywhere)],
        "c": [change.to_list() for change in rate(here)],
    }


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
