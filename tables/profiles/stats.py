"""Player statistics per person, per game and per chat, written once when a game finishes.

    stats:user:{U}:<game>            hash: games, wins, and the game's own counters
    stats:chat:{C}:user:{U}:<game>   the same counters for one chat
    stats:chat:{C}:wins              sorted set: user id by wins in that chat, every game
    stats:chat:{C}:games             sorted set: user id by games played in that chat
    stats:chat:{C}:names             hash: user id -> the name they last played under
    tutorial:{U}:<game>              hash: started, completed, won (never in the statistics)

Which counters a game keeps, and their labels, the game declares (``Rules.stats_counters``);
``games`` and ``wins`` are kept for every game (a shared first place is a win for each).
CPU seats and tutorial games never count, nor a seat whose person left the game before
making a move of their own (``Table.took_part``: a CPU played it for them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import redis

from games.registry import GAMES, get_game
from tables.engine.once import once
from tables.table.model import Table

COMMON_COUNTERS = ("games", "wins")

Command = tuple[Any, ...]


def user_key(user_id: int, game: str) -> str:
    return f"stats:user:{{{user_id}}}:{game}"


def chat_user_key(chat_id: int, user_id: int, game: str) -> str:
    return f"stats:chat:{{{chat_id}}}:user:{user_id}:{game}"


def chat_wins_key(chat_id: int) -> str:
    return f"stats:chat:{{{chat_id}}}:wins"


def chat_games_key(chat_id: int) -> str:
    return f"stats:chat:{{{chat_id}}}:games"


def chat_names_key(chat_id: int) -> str:
    return f"stats:chat:{{{chat_id}}}:names"


def tutorial_key(user_id: int, game: str) -> str:
    """Tutorial progress, kept apart from the real statistics."""
    return f"tutorial:{{{user_id}}}:{game}"


def counters_of(game_name: str) -> tuple[str, ...]:
    return COMMON_COUNTERS + tuple(c.key for c in get_game(game_name).rules.stats_counters)


def count_tutorial_start(client: redis.Redis, user_id: int, game: str) -> None:
    client.hincrby(tutorial_key(user_id, game), "started", 1)


def tutorial_progress(client: redis.Redis, user_id: int, game: str) -> dict[str, int]:
    raw = client.hgetall(tutorial_key(user_id, game))
    return {key: int(raw.get(key.encode(), 0)) for key in ("started", "completed", "won")}


def winners(table: Table) -> set[int]:
    """Seats in first place (several when the game lets them share it)."""
    return {seat for seat, place in table.match().places() if place == 1}


def record_finished_game(client: redis.Redis, table: Table) -> None:
    """Count a finished game (once: the caller is the commit that finished it)."""
    commands = finished_game_commands(table)
    if commands:
        pipe = client.pipeline(transaction=False)
        for command in commands:
            pipe.execute_command(*command)
        pipe.execute()


def finished_game_commands(table: Table) -> list[Command]:
    """The writes that count a finished game: every seated person's counters, or their
    tutorial progress. One script per hash slot, each counting the game only the first time
    it is sent (a lost reply is sent again: tables.engine.once), so the store can send them in one
    packed write per node beside its other bookkeeping (tables.engine.commit.Committer.scatter)."""
    if table.state is None:
        return []
    match = table.match()
    if not match.is_over():
        return []
    first = winners(table)
    done = table.game_id  # each person's and the chat's counters take a game once
    if table.tutorial:
        commands = []
        for seat_index, seat in enumerate(table.seats):
            if seat.user_id is not None:
                key = tutorial_key(seat.user_id, table.game)
                counts = [
                    ("HINCRBY", key, "completed", 1),
                    ("HINCRBY", key, "won", int(seat_index in first)),
                ]
                commands.append(once(key, done, counts))
        return commands
    per_seat = match.final_stats()
    counters = counters_of(table.game)
    personal: list[Command] = []
    in_chat: list[Command] = []
    for seat_index, seat in enumerate(table.seats):
        if seat.user_id is None or not table.took_part(seat_index):
            continue
        counts = {"games": 1, "wins": int(seat_index in first), **per_seat[seat_index]}
        mine = [
            ("HINCRBY", user_key(seat.user_id, table.game), counter, counts[counter])
            for counter in counters
            if counts.get(counter)
        ]
        personal.append(once(user_key(seat.user_id, table.game), done, mine))
        chat_key = chat_user_key(table.chat_id, seat.user_id, table.game)
        in_chat += [
            ("HINCRBY", chat_key, counter, counts[counter])
            for counter in counters
            if counts.get(counter)
        ]
        in_chat.append(("ZINCRBY", chat_wins_key(table.chat_id), counts["wins"], seat.user_id))
        in_chat.append(("ZINCRBY", chat_games_key(table.chat_id), 1, seat.user_id))
        in_chat.append(("HSET", chat_names_key(table.chat_id), seat.user_id, seat.name))
    if in_chat:
        personal.append(once(chat_names_key(table.chat_id), done, in_chat))
    return personal


@dataclass(frozen=True)
class Standing:
    user_id: int
    name: str
    wins: int
    games: int


def user_stats(
    client: redis.Redis, user_id: int, game: str, chat_id: int | None = None
) -> dict[str, int]:
    """One person's counters for one game (everywhere, or in one chat)."""
    key = user_key(user_id, game) if chat_id is None else chat_user_key(chat_id, user_id, game)
    raw = client.hgetall(key)
    return {counter: int(raw.get(counter.encode(), 0)) for counter in counters_of(game)}


def user_games(
    client: redis.Redis, user_id: int, chat_id: int | None = None
) -> dict[str, dict[str, int]]:
    """Counters of every game this person has played, by game name."""
    found = {}
    for name in GAMES:
        counts = user_stats(client, user_id, name, chat_id)
        if counts["games"]:
            found[name] = counts
    return found


def chat_leaderboard(client: redis.Redis, chat_id: int, limit: int = 10) -> list[Standing]:
    """The chat's players by wins (then fewer games), best first, over every game."""
    pipe = client.pipeline(transaction=False)
    pipe.zrevrange(chat_wins_key(chat_id), 0, 199, withscores=True)
    pipe.zrange(chat_games_key(chat_id), 0, -1, withscores=True)
    pipe.hgetall(chat_names_key(chat_id))
    wins, games, names = pipe.execute()
    played = {raw: int(score) for raw, score in games}
    standings = [
        Standing(int(raw), names.get(raw, b"?").decode(), int(score), played.get(raw, 0))
        for raw, score in wins
    ]
    standings.sort(key=lambda s: (-s.wins, s.games, s.name))
    return standings[:limit]
