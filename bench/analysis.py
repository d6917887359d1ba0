"""``python -m bench.analysis``: what the analysis of a finished game costs.

Plays ``--games`` three-seat games of each game (or of ``--game``), every seat a person
choosing as the ``hard`` CPU does, so every decision is a person's and is judged: the
worst case of a game between people. Each decision with a choice is judged by the game's
engine from that seat's view (``Rules.analyse``), timed in CPU seconds of this process (one
core, whatever else the machine does). A line per game; its last line per game:
``game=<name> games=<n> decisions=<n> per_game_s=<mean> max_game_s=<max>
per_decision_ms=<mean> p95_decision_ms=<p95> marks=good:<n>,dubious:<n>,costly:<n>``.
Every draw comes from a ``DeterministicRng`` seeded from ``--seed``.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from bench.cpu_common import percentile
from games.base import HARD
from games.registry import GAMES, get_game
from games.rng import DeterministicRng

SEATS = 3
MAX_MOVES = 5000


def analyse_one(name: str, seed: str) -> tuple[list[float], Counter[str]]:
    """One whole game, every decision judged: each judgement's CPU milliseconds, and marks."""
    rules = get_game(name).rules
    rng = DeterministicRng(f"bench-analysis/{name}/{seed}")
    settings = dict(rules.presets[rules.default_preset])
    state, _ = rules.new_game(settings, SEATS, rng)
    times: list[float] = []
    marks: Counter[str] = Counter()
    for index in range(MAX_MOVES):
        if rules.is_over(state):
            break
        seat = rules.to_act(state)[0]
        view = rules.view(state, seat)
        action = rules.cpu_action(view, HARD, rng)
        if len(view["legal_actions"]) > 1:
            started = time.process_time()
            judgement = rules.analyse(view, action, DeterministicRng(f"{seed}/{index}"))
            times.append((time.process_time() - started) * 1000)
            marks.update([judgement.mark] if judgement else [])
        state, _ = rules.apply(state, seat, action, rng)
    return times, marks


def bench_game(name: str, games: int, seed: str) -> None:
    per_game: list[float] = []
    decisions: list[float] = []
    marks: Counter[str] = Counter()
    for number in range(games):
        times, found = analyse_one(name, f"{seed}-{number}")
        per_game.append(sum(times) / 1000)
        decisions += times
        marks += found
        print(f"game={name} #{number + 1} decisions={len(times)} cpu_s={per_game[-1]:.2f}")
    told = ",".join(f"{mark}:{marks[mark]}" for mark in ("good", "dubious", "costly"))
    print(
        f"game={name} games={games} decisions={len(decisions)} "
        f"per_game_s={sum(per_game) / games:.2f} max_game_s={max(per_game):.2f} "
        f"per_decision_ms={sum(decisions) / max(1, len(decisions)):.1f} "
        f"p95_decision_ms={percentile(decisions, 0.95):.1f} marks={told}",
        flush=True,
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), default=None, help="one game only")
    parser.add_argument("--games", type=int, default=5, help="games of each game")
    parser.add_argument("--seed", default="1", help="seed of every draw")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    for name in [args.game] if args.game else sorted(GAMES):
        bench_game(name, args.games, args.seed)
    print(f"seconds={time.perf_counter() - started:.1f}")


if __name__ == "__main__":
    main()
