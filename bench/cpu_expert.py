"""``python -m bench.cpu_strength --game <name> --level expert``: how strong a game's expert is.

Plays ``--games`` three-seat games (the default preset, or ``--preset``): one ``expert`` seat
against two ``hard`` seats (or two of ``--opponent``'s level), the expert's seat rotating every
game. It prints a line per 500 games, then
the expert's decision times, and as its last line
``expert_share=<share> ci95=<low>–<high> p95_think_ms=<ms>`` (bench.cpu_common.expert_line):
the share of games the expert wins (a tie for first shares the win), or, in a game where only
the loser is decided (Myllymatti), the share it loses. A fair share is 1/3. Targets (issue
28): Mia and Mino Dice win >= 0.45; Myllymatti's expert loses <= 0.20.

The expert thinks within ``--think-ms`` (default ``CPU_THINK_MS``, else 200) and at most
``--iterations`` iterations a move, if given: with ``--think-ms 0`` (no time limit) and a cap,
a run is the same on any machine. A game stops after ``MAX_MOVES`` moves (fixed play can
loop in some games); such games count as neither won nor lost and are reported as ``stuck``.
Every die, card and CPU choice comes from a ``DeterministicRng`` seeded from ``--seed`` and the
game's number, so ``--jobs`` processes play the very games one process would.
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from bench.cpu_common import expert_line, percentile
from games.base import EXPERT, HARD
from games.game import Game
from games.registry import get_game
from games.rng import DeterministicRng, Rng
from games.think import Budget
from tables.table.thinking import budget_from_env

SEATS = 3
MAX_MOVES = 5000
LOSER_ONLY = frozenset({"myllymatti"})  # the game decides its loser, not a winner
REPORT_EVERY = 500


def play_game(
    game: Game,
    expert_seat: int,
    budget: Budget,
    rng: Rng,
    times: list[float],
    opponent: str = HARD,
    preset: str | None = None,
) -> Any:
    """One whole game (or ``MAX_MOVES`` moves); the expert's decision times go to ``times``."""
    rules = game.rules
    settings = dict(rules.presets[preset or rules.default_preset])
    state, _ = rules.new_game(settings, SEATS, rng)
    for _ in range(MAX_MOVES):
        if rules.is_over(state):
            return state
        seat = rules.to_act(state)[0]
        view = rules.view(state, seat)
        if seat == expert_seat:
            started = time.perf_counter()
            action = rules.cpu_choice(view, EXPERT, rng, budget)
            times.append((time.perf_counter() - started) * 1000)
        else:
            action = rules.cpu_action(view, opponent, rng)
        state, _ = rules.apply(state, seat, action, rng)
    return None


def score(game: Game, state: Any, seat: int) -> float:
    """What one game counts for the expert's seat: its share of first (or of last) place."""
    rules = game.rules
    places = dict(zip(rules.ranking(state), rules.places(state), strict=True))
    wanted = max(places.values()) if game.name in LOSER_ONLY else 1
    if places[seat] != wanted:
        return 0.0
    return 1 / sum(1 for place in places.values() if place == wanted)


@dataclass(frozen=True)
class Run:
    """What every game of a run shares (picklable, for the worker processes)."""

    game_name: str
    budget: Budget
    seed: str
    opponent: str
    preset: str | None


def one_game(run: Run, index: int) -> tuple[float | None, list[float]]:
    """Game ``index`` of ``run``, with its own rng (so any worker plays it the same): what it
    counts for the expert (None: stuck) and the expert's decision times."""
    game = get_game(run.game_name)
    seat = index % SEATS
    rng = DeterministicRng(f"cpu-expert/{run.game_name}/{run.seed}/{index}")
    times: list[float] = []
    state = play_game(game, seat, run.budget, rng, times, run.opponent, run.preset)
    return (None if state is None else score(game, state, seat)), times


def _play(args: tuple[Run, int]) -> tuple[float | None, list[float]]:
    return one_game(*args)


def results(run: Run, games: int, jobs: int) -> Iterator[tuple[float | None, list[float]]]:
    """Every game's result, in order, played by ``jobs`` processes."""
    work = ((run, index) for index in range(games))
    if jobs <= 1:
        yield from map(_play, work)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap(_play, work, chunksize=4)


def main(game_name: str, argv: list[str] | None = None) -> float:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games to play")
    parser.add_argument("--seed", default="1", help="seed of every draw and CPU choice")
    parser.add_argument("--think-ms", type=float, default=None, help="0: no time limit")
    parser.add_argument("--iterations", type=int, default=None, help="iteration cap a move")
    parser.add_argument("--opponent", default=HARD, help="the other two seats' level")
    parser.add_argument("--preset", default=None, help="the rules (default: the game's default)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (the same games)")
    args = parser.parse_args(argv)
    game = get_game(game_name)
    ms = budget_from_env().ms if args.think_ms is None else (args.think_ms or None)
    budget = Budget(ms, args.iterations)
    run = Run(game_name, budget, args.seed, args.opponent, args.preset)
    started = time.perf_counter()
    times: list[float] = []
    total = 0.0
    stuck = 0
    for index, (value, spent) in enumerate(results(run, args.games, args.jobs)):
        times += spent
        if value is None:
            stuck += 1
        else:
            total += value
        if (index + 1) % REPORT_EVERY == 0:
            print(f"games={index + 1} share={total / (index + 1):.3f}", flush=True)
    share = total / max(1, args.games)
    measure = "loses" if game_name in LOSER_ONLY else "wins"
    print(
        f"game={game_name} expert_{measure} games={args.games} stuck={stuck} "
        f"opponent={args.opponent} preset={args.preset or game.rules.default_preset} "
        f"think_ms={budget.ms} iterations={budget.max_iterations} jobs={args.jobs} "
        f"decisions={len(times)} max_think_ms={percentile(times, 1.0):.2f} "
        f"seconds={time.perf_counter() - started:.1f}"
    )
    print(expert_line(share, args.games, times))
    return share
