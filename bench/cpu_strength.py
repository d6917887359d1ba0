"""``python -m bench.cpu_strength --game <name>``: how strong a game's CPU levels are.

Each game has its own bench module, ``bench.cpu_<game>`` (its baselines and pairings differ);
this entry point picks it. Every such module has ``main(argv)`` and prints its targets as its
last line. Without ``--game`` it measures Mia. ``--level expert`` measures the game's expert
instead: one expert seat against two hard ones (bench.cpu_expert, the same for every game).
"""

from __future__ import annotations

import argparse
import importlib
import sys

from bench import cpu_expert
from games.base import EXPERT, HARD
from games.registry import GAMES


def main(argv: list[str] | None = None) -> object:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], add_help=False)
    parser.add_argument("--game", default="mia", choices=sorted(GAMES))
    parser.add_argument("--level", default=HARD, choices=(HARD, EXPERT))
    args, rest = parser.parse_known_args(argv)
    if args.level == EXPERT:
        return cpu_expert.main(args.game, rest)
    module = importlib.import_module(f"bench.cpu_{args.game}")
    return module.main(rest)


if __name__ == "__main__":
    main()
