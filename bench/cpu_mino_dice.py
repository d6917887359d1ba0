"""``python -m bench.cpu_strength --game mino_dice``: how strong the Mino Dice CPU is.

Plays ``--games`` whole games (standard preset, three seats) per pairing: one ``hard`` seat
against two seats of another kind, hard's seat rotating every game. It prints one line per
pairing with the share of games hard wins (a tie for first shares the win: two tied
winners get half each), then hard's decision times, and as its last line
``hard_vs_random=<share> hard_vs_greedy=<share> hard_vs_easy=<share>``. A fair share is
1/3; targets: >= 0.80, >= 0.50, >= 0.50, and a hard decision well under 50 ms.

Baselines defined here (yardsticks, not product levels):

* ``random`` bids and rolls uniformly among its legal actions.
* ``greedy`` bids its number of creature and black dice and always rolls its strongest legal
  die (a creature, else the darkest colour).

Every die and every choice comes from a ``DeterministicRng`` seeded from ``--seed`` and the
pairing, so a run is repeatable.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from bench.cpu_common import Levels, Policy, random_policy, targets_line
from games.mino_dice import GAME, cpu
from games.mino_dice.actions import ROLL_PREFIX, bid_action
from games.mino_dice.dice import BLACK, COLOURS, CREATURES
from games.rng import DeterministicRng, Rng

SEATS = 3


level = Levels(cpu.choose)


def _static_strength(kind: str) -> int:
    return len(COLOURS) + 1 if kind in CREATURES else COLOURS.index(kind) + 1


def greedy(view: dict[str, Any], rng: Rng) -> str:
    legal = view["legal_actions"]
    if legal[0].startswith("bid:"):
        strong = sum(1 for die in view["dice"] if die["kind"] in CREATURES or die["kind"] == BLACK)
        return bid_action(min(strong, view["hand"]))
    kinds = {die["id"]: die["kind"] for die in view["dice"]}
    return max(legal, key=lambda a: _static_strength(kinds[a.removeprefix(ROLL_PREFIX)]))


def play_game(policies: list[Policy], settings: dict[str, Any], rng: Rng) -> list[int]:
    """One whole game; returns the final scores."""
    state, _ = GAME.rules.new_game(settings, len(policies), rng)
    while not GAME.rules.is_over(state):
        seat = GAME.rules.to_act(state)[0]
        action = policies[seat](GAME.rules.view(state, seat), rng)
        state, _ = GAME.rules.apply(state, seat, action, rng)
    return list(state.scores)


def hard_share(other: Policy, games: int, rng: Rng) -> float:
    """The share of games one hard seat wins against two ``other`` seats (ties split)."""
    settings = dict(GAME.rules.presets[GAME.rules.default_preset])
    hard = level("hard", timed=True)
    won = 0.0
    for index in range(games):
        seat = index % SEATS
        policies = [other] * SEATS
        policies[seat] = hard
        scores = play_game(policies, settings, rng)
        best = max(scores)
        if scores[seat] == best:
            won += 1 / scores.count(best)
    return won / games


OPPONENTS: list[tuple[str, Policy]] = [
    ("hard_vs_random", random_policy),
    ("hard_vs_greedy", greedy),
    ("hard_vs_easy", level("easy")),
    ("hard_vs_normal", level("normal")),
]
TARGETS = ("hard_vs_random", "hard_vs_greedy", "hard_vs_easy")


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per pairing")
    parser.add_argument("--seed", default="1", help="seed of every die and CPU choice")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    rates: dict[str, float] = {}
    for name, other in OPPONENTS:
        pairing_start = time.perf_counter()
        rng = DeterministicRng(f"cpu-strength/mino_dice/{args.seed}/{name}")
        rates[name] = hard_share(other, args.games, rng)
        seconds = time.perf_counter() - pairing_start
        print(f"{name}={rates[name]:.3f} fair=0.333 games={args.games} seconds={seconds:.1f}")
    print(level.report(started))
    print(targets_line(rates, TARGETS))
    return rates


if __name__ == "__main__":
    main()
