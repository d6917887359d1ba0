"""Whole games through the real table store, for tests that need finished (or running)
games of any kind: people and CPUs all play "normal" CPU choices, made from their own view."""

from __future__ import annotations

from games.registry import get_game
from games.rng import DeterministicRng
from tables.table import lobby, play
from tables.table.model import PLAYING, ChatRef, Table
from tables.table.store import TableStore


def seated(
    store: TableStore, chat: ChatRef, game: str, people: list[tuple[int, str]], cpus: int = 0
) -> Table:
    """A started table of ``game``: these people (the first opens it), then ``cpus`` CPUs."""
    (first, first_name), *others = people
    table = store.create(chat, first, first_name, game=game).table
    for user, name in others:
        store.change(table.id, lambda t, u=user, n=name: lobby.join(t, u, n))
    for _ in range(cpus):
        store.change(table.id, lambda t: lobby.add_cpu(t, first, "normal"))
    return store.change(table.id, lambda t: lobby.start(t, first, store.rng)).table


def play_moves(store: TableStore, table_id: str, seed: str, limit: int = 100000) -> Table:
    """Up to ``limit`` moves (every seat deciding plays), or to the end of the game."""
    rng = DeterministicRng(seed)
    table = store.load(table_id)
    moves = 0
    while table.status == PLAYING and moves < limit:
        game = get_game(table.game)
        state = game.rules.load(table.state)
        seat = game.rules.to_act(state)[0]
        if table.seats[seat].is_cpu:
            table = store.change(table_id, lambda t, s=seat: play.cpu_move(t, s, store.rng)).table
        else:
            user = table.seats[seat].user_id
            action = game.rules.cpu_action(game.rules.view(state, seat), "normal", rng)
            table = store.change(
                table_id, lambda t, u=user, a=action: play.move(t, u, a, store.rng)
            ).table
        moves += 1
    return table
