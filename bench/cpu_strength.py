"""``python -m bench.cpu_strength --game <name>``: how strong a game's CPU levels are.

A game may have its own bench module, ``bench.cpu_<game>``, with its baselines and targets.
This entry point runs it when there is one.
Every such module has ``main(argv)`` and prints its targets as its last line.
A game without one is measured by ``bench.cpu_generic``: hard against random and easy seats.
Without ``--game`` it measures the first registered game.
``--level expert`` measures the game's expert instead: one expert seat against two hard ones
(bench.cpu_expert, the same for every game).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys

from bench import cpu_expert, cpu_generic
from games.base import EXPERT, HARD
from games.registry import GAMES


def main(argv: list[str] | None = None) -> object:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], add_help=False)
    parser.add_argument("--game", default=next(iter(GAMES)), choices=sorted(GAMES))
    parser.add_argument("--level", default=HARD, choices=(HARD, EXPERT))
    args, rest = parser.parse_known_args(argv)
    if args.level == EXPERT:
        return cpu_expert.main(args.game, rest)
    if importlib.util.find_spec(f"bench.cpu_{args.game}") is None:
        return cpu_generic.main(GAMES[args.game], rest)
    return importlib.import_module(f"bench.cpu_{args.game}").main(rest)


if __name__ == "__main__":
    main()
