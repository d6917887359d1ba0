"""``python -m bench.cpu_strength --game myllymatti``: how often the hard CPU is the Myllymatti.

Plays ``--games`` three-seat games per pairing with the default (standard) preset: one hard
seat against two seats of another kind, the hard seat rotating round the table from game to
game. A game is scored as soon as the hard seat is out (it can no longer lose) or the game
ends. Prints one line per pairing with the share of games hard loses (a fair share is 1/3),
then hard's decision times, and as its last line
``hard_loses_vs_random=<share> hard_loses_vs_greedy=<share> hard_loses_vs_easy=<share>``.
Targets: at most 0.12, 0.25 and 0.25.

Baselines defined here (yardsticks, not product levels):

* ``random`` picks uniformly among its legal actions.
* ``greedy`` tries to win: in phase 1 it answers with its lowest card that wins (else its
  lowest card) and leads its lowest card; in phase 2 it beats with its lowest card that beats
  (trumps counted above every other suit) and otherwise picks up, and leads its lowest card.
  It never takes a chance.

Fixed play can loop for ever in phase 2 (cards picked up and played round and round), so a
game stops after ``MAX_MOVES``; such games count as not lost and are reported as ``stuck``.
Every shuffle and every CPU choice comes from a ``DeterministicRng`` seeded from ``--seed``
and the pairing, so a run is repeatable.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from bench.cpu_common import Levels, Policy, random_policy, targets_line
from games.myllymatti import GAME, cards, cpu
from games.myllymatti.actions import PICKUP, play_action
from games.myllymatti.state import PHASE_COLLECT
from games.rng import DeterministicRng, Rng

SEATS = 3
MAX_MOVES = 5000


level = Levels(cpu.choose)


def greedy(view: dict[str, Any], rng: Rng) -> str:
    hand = cpu.playable(view)
    trump = view["trump"]
    if view["phase"] == PHASE_COLLECT:
        if not view["trick"]:
            return play_action(min(hand, key=cards.rank))
        led = cards.rank(view["trick"][0]["card"])
        winners = [card for card in hand if cards.rank(card) > led]
        return play_action(min(winners or hand, key=cards.rank))
    if not hand:
        return PICKUP
    return play_action(min(hand, key=lambda card: cpu.cost(card, trump)))


def play_game(policies: list[Policy], hero: int, rng: Rng) -> tuple[bool, bool]:
    """One game, until it ends or ``hero`` is out: (hero lost, game stuck)."""
    state, _ = GAME.rules.new_game({}, len(policies), rng)
    for _ in range(MAX_MOVES):
        if GAME.rules.is_over(state) or state.is_out(hero):
            return state.loser == hero, False
        seat = GAME.rules.to_act(state)[0]
        action = policies[seat](GAME.rules.view(state, seat), rng)
        state, _ = GAME.rules.apply(state, seat, action, rng)
    return False, True


def losing_share(hero: Policy, other: Policy, games: int, rng: Rng) -> tuple[float, int]:
    """The share of games the one ``hero`` seat loses against two ``other`` seats."""
    lost = stuck = 0
    for index in range(games):
        seat = index % SEATS
        policies = [other] * SEATS
        policies[seat] = hero
        hero_lost, hero_stuck = play_game(policies, seat, rng)
        lost += hero_lost
        stuck += hero_stuck
    return lost / games, stuck


PAIRINGS: list[tuple[str, Policy, Policy]] = [
    ("hard_loses_vs_random", level("hard", timed=True), random_policy),
    ("hard_loses_vs_greedy", level("hard", timed=True), greedy),
    ("hard_loses_vs_easy", level("hard", timed=True), level("easy")),
    ("hard_loses_vs_normal", level("hard", timed=True), level("normal")),
    ("normal_loses_vs_easy", level("normal"), level("easy")),
    ("greedy_loses_vs_greedy", greedy, greedy),
]
TARGETS = ("hard_loses_vs_random", "hard_loses_vs_greedy", "hard_loses_vs_easy")


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per pairing")
    parser.add_argument("--seed", default="1", help="seed of every shuffle and CPU choice")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    shares: dict[str, float] = {}
    for name, hero, other in PAIRINGS:
        pairing_start = time.perf_counter()
        rng = DeterministicRng(f"cpu-strength/myllymatti/{args.seed}/{name}")
        shares[name], stuck = losing_share(hero, other, args.games, rng)
        seconds = time.perf_counter() - pairing_start
        print(
            f"{name}={shares[name]:.3f} fair={1 / SEATS:.3f} games={args.games} "
            f"stuck={stuck} seconds={seconds:.1f}",
            flush=True,
        )
    print(level.report(started))
    print(targets_line(shares, TARGETS))
    return shares


if __name__ == "__main__":
    main()
