"""``python -m bench.cpu_strength --game <name>``: how strong a game's CPU levels are.

Each game has its own bench module, ``bench.cpu_<game>`` (its baselines and pairings differ);
this entry point picks it. Every such module has ``main(argv)`` and prints its targets as its
last line. Without ``--game`` it measures Mia.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from games.registry import GAMES


def main(argv: list[str] | None = None) -> object:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], add_help=False)
    parser.add_argument("--game", default="mia", choices=sorted(GAMES))
    args, rest = parser.parse_known_args(argv)
    module = importlib.import_module(f"bench.cpu_{args.game}")
    return module.main(rest)


if __name__ == "__main__":
    main()
