"""How strong a game's hard CPU is, for a game with no bench of its own.

``python -m bench.cpu_strength --game <name>`` runs this when ``bench/cpu_<name>.py`` is missing.
So a new game needs no file in bench/ to be measured.
It plays ``--games`` games per pairing, with the game's default preset, at ``--seats`` seats.
One seat is hard; the others are all random or all easy.
The hard seat moves round the table from game to game.
A game counts as won when the hard seat shares the first place.
It prints one line per pairing, then hard's decision times.
Its last line is ``hard_wins_vs_random=<share> hard_wins_vs_easy=<share> fair=<1/seats>``.
It sets no targets: only a game's own bench knows what its CPU should reach.
Every draw comes from a ``DeterministicRng`` seeded from ``--seed``, so a run repeats.
"""

from __future__ import annotations

import argparse
import time

from bench.cpu_common import Levels, Policy, random_policy
from games.game import Game
from games.rng import DeterministicRng, Rng

MAX_MOVES = 10_000  # a game still running after this many moves counts as not won


def play_game(game: Game, policies: list[Policy], hero: int, rng: Rng) -> tuple[bool, bool]:
    """One game: (the hero shares the first place, the game was stopped unfinished)."""
    rules = game.rules
    settings = rules.normalize_settings({})
    state, _ = rules.new_game(settings, len(policies), rng, "")
    for _ in range(MAX_MOVES):
        to_act = rules.to_act(state)
        if not to_act:
            ranking, places = rules.ranking(state), rules.places(state)
            return places[ranking.index(hero)] == 1, False
        seat = to_act[0]
        state, _ = rules.apply(state, seat, policies[seat](rules.view(state, seat), rng), rng)
    return False, True


def winning_share(
    game: Game, hero: Policy, other: Policy, seats: int, games: int, rng: Rng
) -> tuple[float, int]:
    """The share of games the one ``hero`` seat wins against ``other`` seats, and the stuck."""
    won = stuck = 0
    for index in range(games):
        seat = index % seats
        policies = [other] * seats
        policies[seat] = hero
        hero_won, game_stuck = play_game(game, policies, seat, rng)
        won += hero_won
        stuck += game_stuck
    return won / games, stuck


def main(game: Game, argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seats", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rules = game.rules
    seats = args.seats or max(rules.min_seats, min(3, rules.max_seats))
    level = Levels(lambda view, name, rng: rules.cpu_action(view, name, rng))
    started = time.perf_counter()
    figures: dict[str, float] = {}
    for name, other in (("random", random_policy), ("easy", level("easy"))):
        rng = DeterministicRng(f"{args.seed}:{game.name}:{name}")
        share, stuck = winning_share(game, level("hard", timed=True), other, seats, args.games, rng)
        figures[f"hard_wins_vs_{name}"] = share
        print(f"hard vs {name}: seats={seats} games={args.games} won={share:.3f} stuck={stuck}")
    print(level.report(started))
    shares = " ".join(f"{key}={value:.3f}" for key, value in figures.items())
    print(f"{shares} fair={1 / seats:.3f}")
    return figures
