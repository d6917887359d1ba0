"""Player statistics per person and per chat, written once when a game finishes.

    stats:user:{U}               hash: games, wins, lives_lost, bluffs_caught,
                                 bluffs_through, wrong_challenges
    stats:chat:{C}:user:{U}      the same counters for one chat
    stats:chat:{C}:wins          sorted set: user id by wins in that chat (the leaderboard)
    stats:chat:{C}:names         hash: user id -> the name they last played under

CPU seats and tutorial games never count.
"""

from __future__ import annotations

from dataclasses import dataclass

import redis

from games.registry import get_game
from tables.model import Table

COUNTERS = ("games", "wins", "lives_lost", "bluffs_caught", "bluffs_through", "wrong_challenges")


def user_key(user_id: int) -> str:
    return f"stats:user:{{{user_id}}}"


def chat_user_key(chat_id: int, user_id: int) -> str:
    return f"stats:chat:{{{chat_id}}}:user:{user_id}"


def chat_wins_key(chat_id: int) -> str:
    return f"stats:chat:{{{chat_id}}}:wins"


def chat_names_key(chat_id: int) -> str:
    return f"stats:chat:{{{chat_id}}}:names"


def tutorial_key(user_id: int) -> str:
    """Tutorial progress, kept apart from the real statistics."""
    return f"tutorial:{{{user_id}}}"


def count_tutorial_start(client: redis.Redis, user_id: int) -> None:
    client.hincrby(tutorial_key(user_id), "started", 1)


def tutorial_progress(client: redis.Redis, user_id: int) -> dict[str, int]:
    raw = client.hgetall(tutorial_key(user_id))
    return {key: int(raw.get(key.encode(), 0)) for key in ("started", "completed", "won")}


def record_finished_game(client: redis.Redis, table: Table) -> None:
    if table.state is None:
        return
    if table.tutorial:
        _record_tutorial(client, table)
        return
    game = get_game(table.game)
    state = game.load(table.state)
    if not game.is_over(state):
        return
    per_seat = game.final_stats(state)
    winner = game.ranking(state)[0]
    pipe = client.pipeline(transaction=False)
    for seat_index, seat in enumerate(table.seats):
        if seat.user_id is None:
            continue
        counts = {"games": 1, "wins": int(seat_index == winner), **per_seat[seat_index]}
        for key in (user_key(seat.user_id), chat_user_key(table.chat_id, seat.user_id)):
            for counter in COUNTERS:
                if counts.get(counter):
                    pipe.hincrby(key, counter, counts[counter])
            pipe.hincrby(key, "games", 0)  # the key exists even when every counter is zero
        pipe.zincrby(chat_wins_key(table.chat_id), counts["wins"], seat.user_id)
        pipe.hset(chat_names_key(table.chat_id), seat.user_id, seat.name)
    pipe.execute()


@dataclass(frozen=True)
class Standing:
    user_id: int
    name: str
    counts: dict[str, int]


def user_stats(client: redis.Redis, user_id: int, chat_id: int | None = None) -> dict[str, int]:
    key = user_key(user_id) if chat_id is None else chat_user_key(chat_id, user_id)
    raw = client.hgetall(key)
    return {counter: int(raw.get(counter.encode(), 0)) for counter in COUNTERS}


def chat_leaderboard(client: redis.Redis, chat_id: int, limit: int = 10) -> list[Standing]:
    """The chat's players by wins (then fewer games), best first."""
    entries = client.zrevrange(chat_wins_key(chat_id), 0, 199)
    names = client.hgetall(chat_names_key(chat_id))
    standings = []
    for raw_id in entries:
        user_id = int(raw_id)
        name = names.get(raw_id, b"?").decode()
        standings.append(Standing(user_id, name, user_stats(client, user_id, chat_id)))
    standings.sort(key=lambda s: (-s.counts["wins"], s.counts["games"], s.name))
    return standings[:limit]


def _record_tutorial(client: redis.Redis, table: Table) -> None:
    assert table.state is not None
    game = get_game(table.game)
    winner = game.ranking(game.load(table.state))[0]
    for seat_index, seat in enumerate(table.seats):
        if seat.user_id is not None:
            client.hincrby(tutorial_key(seat.user_id), "completed", 1)
            client.hincrby(tutorial_key(seat.user_id), "won", int(seat_index == winner))
