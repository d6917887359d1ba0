"""``python -m bench.rating_cost``: what ratings and the replays' sealed record cost a move.

The same whole games as ``bench.moves`` (4 people, Mia, a cheap player), in alternating
windows of one run: with ratings and the sealed record as in production, and without them
(the rating left undecided, the rules' draws not recorded). Each finished game reads its
people's ratings, rates them and applies the outcome; each move records its call and draws
in the check-and-set. Alternating windows see the same machine, so the ratio is the cost,
whatever else the machine is doing. Last line: ``with=… without=… ratio=…`` (moves per
second; ratio = with / without, 1.0 = free). Target: unchanged within noise (≥ 0.95).
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Iterator
from contextlib import contextmanager

from bench.backend import backend
from bench.moves import move_rate
from games.rng import DeterministicRng
from tables.fairness import seal
from tables.profiles import ratings
from tables.table.store import TableStore


@contextmanager
def without_ratings_and_record() -> Iterator[None]:
    """Games left unrated and moves unrecorded, as before ratings and replays existed."""
    is_rated, rng_for = ratings.is_rated, seal.rng_for
    ratings.is_rated = lambda table: False  # type: ignore[assignment]
    seal.rng_for = lambda rng, *call: rng  # type: ignore[assignment]
    try:
        yield
    finally:
        ratings.is_rated, seal.rng_for = is_rated, rng_for


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="length of each window")
    parser.add_argument("--rounds", type=int, default=9, help="alternating windows of each")
    parser.add_argument("--seats", type=int, default=4)
    args = parser.parse_args()
    rng = DeterministicRng("bench.rating_cost")
    with backend(False) as redis_backend:
        store = TableStore(redis_backend.client())
        move_rate(store, 0.3, args.seats, rng)  # warm up
        with_, without = [], []
        for _ in range(args.rounds):
            with_.append(move_rate(store, args.seconds, args.seats, rng))
            with without_ratings_and_record():
                without.append(move_rate(store, args.seconds, args.seats, rng))
        for a, b in zip(with_, without, strict=True):
            print(f"window: with={a:.0f} without={b:.0f}")
        ratios = [a / b for a, b in zip(with_, without, strict=True)]
        print(f"ratio of each pair: median={statistics.median(ratios):.2f} "
              f"min={min(ratios):.2f} max={max(ratios):.2f}")  # fmt: skip
        a, b = statistics.median(with_), statistics.median(without)
        print(f"with={a:.0f} without={b:.0f} ratio={a / b:.2f}")


if __name__ == "__main__":
    main()
