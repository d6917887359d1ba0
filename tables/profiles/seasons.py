"""A group's rating seasons: a group admin starts a new one (``/season``); the standings of
the season that ends are archived and stay readable, and the ratings either carry over into
the new season or start again from scratch.

    rating:chat:{C}:seasons             hash: current (the season number, 1 when unset);
                                        "<n>:start", "<n>:end" (unix times), "<n>:mode"
                                        (how season n began: carried or reset)
    rating:chat:{C}:<game>:s<n>         season n's ratings of the group, archived
    rating:chat:{C}:<game>:top:s<n>     season n's standings, archived

Everything is tagged by the chat, so a season's start is one script in one slot. Only the
group's own ratings have seasons; a person's rating everywhere goes on.
"""

from __future__ import annotations

from dataclasses import dataclass

import redis

from games.registry import GAMES
from tables.profiles import ratings

CARRY = "carried"
RESET = "reset"

# KEYS[1] the seasons hash, then per game: ratings, top, archived ratings, archived top.
# ARGV: the season ending (refused if it is no longer the current one), now, mode.
_NEW_SEASON = """
local current = tonumber(redis.call('HGET', KEYS[1], 'current') or '1')
if current ~= tonumber(ARGV[1]) then return -1 end
for i = 2, #KEYS, 4 do
  redis.call('COPY', KEYS[i], KEYS[i + 2], 'REPLACE')
  redis.call('COPY', KEYS[i + 1], KEYS[i + 3], 'REPLACE')
  if ARGV[3] == 'reset' then
    local ids = redis.call('HGET', KEYS[i], 'ids')
    redis.call('DEL', KEYS[i], KEYS[i + 1])
    if ids then redis.call('HSET', KEYS[i], 'ids', ids) end
  end
end
local next = current + 1
redis.call('HSET', KEYS[1], 'current', next, current .. ':end', ARGV[2],
  next .. ':start', ARGV[2], next .. ':mode', ARGV[3])
return next
"""


def seasons_key(chat_id: int) -> str:
    return f"rating:chat:{{{chat_id}}}:seasons"


def archived_key(chat_id: int, game: str, season: int) -> str:
    return f"{ratings.chat_key(chat_id, game)}:s{season}"


def archived_top_key(chat_id: int, game: str, season: int) -> str:
    return f"{ratings.chat_top_key(chat_id, game)}:s{season}"


@dataclass(frozen=True)
class Season:
    number: int
    start: float | None
    end: float | None
    mode: str | None  # how it began: CARRY, RESET, or None for the first


def seasons(client: redis.Redis, chat_id: int) -> list[Season]:
    """Every season of the group, the current one last."""
    raw = {k.decode(): v.decode() for k, v in client.hgetall(seasons_key(chat_id)).items()}
    current = int(raw.get("current", "1"))

    def when(key: str) -> float | None:
        return float(raw[key]) if key in raw else None

    return [
        Season(n, when(f"{n}:start"), when(f"{n}:end"), raw.get(f"{n}:mode"))
        for n in range(1, current + 1)
    ]


def current_season(client: redis.Redis, chat_id: int) -> int:
    return int(client.hget(seasons_key(chat_id), "current") or 1)


def start_season(client: redis.Redis, chat_id: int, ending: int, mode: str, now: float) -> bool:
    """Archive season ``ending`` and start the next, ratings carried or reset. False when
    ``ending`` is no longer the current season: an admin pressing twice, or two admins at
    once, start one new season, not two."""
    if mode not in (CARRY, RESET):
        raise ValueError(f"unknown season mode {mode!r}")
    keys = [seasons_key(chat_id)]
    for game in GAMES:
        keys += [
            ratings.chat_key(chat_id, game),
            ratings.chat_top_key(chat_id, game),
            archived_key(chat_id, game, ending),
            archived_top_key(chat_id, game, ending),
        ]
    return int(client.eval(_NEW_SEASON, len(keys), *keys, ending, now, mode)) > 0
