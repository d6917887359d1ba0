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

``--level expert`` plays instead ``--games`` games of one expert seat against two hard seats
(rotating as above) and prints, as its last line,
``expert_share=<share it loses> ci95=<low>–<high> p95_think_ms=<ms>`` (target: at most 0.20).
The expert thinks ``--iterations`` playouts a move (default 40) and, with ``--think-ms``, at
most that long (default: no clock, so the run is repeatable); ``--think-ms 200 --iterations 0``
is the production budget. Think times are wall-clock, over the decisions with a real choice.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

from bench.cpu_common import Levels, Policy, random_policy, targets_line
from games.myllymatti import GAME, cards, cpu, expert
from games.myllymatti.budget import Budget
from games.myllymatti.rules import PICKUP, play_action
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


def wilson(share: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a share measured over ``games`` games."""
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    spread = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    return centre - spread / (1 + z * z / games), centre + spread / (1 + z * z / games)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values) or [0.0]
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def expert_line(share: float, games: int, think_ms: list[float]) -> str:
    """The last line of ``--level expert`` (the share of games the expert loses)."""
    low, high = wilson(share, games)
    p95 = percentile(think_ms, 0.95)
    return f"expert_share={share:.3f} ci95={low:.3f}–{high:.3f} p95_think_ms={p95:.1f}"


def expert_policy(budget: Budget, think_ms: list[float]) -> Policy:
    """The expert within ``budget``, keeping the wall-clock time of each real decision."""

    def play(view: dict[str, Any], rng: Rng) -> str:
        start = time.perf_counter()
        action = expert.choose(view, rng, budget)
        if len(view["legal_actions"]) > 1:
            think_ms.append((time.perf_counter() - start) * 1000)
        return action

    return play


def expert_main(args: argparse.Namespace) -> float:
    """One expert against two hard CPUs; prints the figures and returns the losing share."""
    budget = Budget(ms=args.think_ms or None, max_iterations=args.iterations or None)
    think_ms: list[float] = []
    started, cpu_started = time.perf_counter(), time.process_time()
    rng = DeterministicRng(f"cpu-strength/myllymatti/{args.seed}/expert")
    share, stuck = losing_share(expert_policy(budget, think_ms), level("hard"), args.games, rng)
    print(
        f"expert_vs_hard games={args.games} stuck={stuck} think_ms={args.think_ms or 'none'} "
        f"iterations={args.iterations or 'none'} decisions={len(think_ms)} "
        f"avg_think_ms={sum(think_ms) / max(1, len(think_ms)):.1f} "
        f"seconds={time.perf_counter() - started:.0f} "
        f"cpu_seconds={time.process_time() - cpu_started:.0f}",
        flush=True,
    )
    print(expert_line(share, args.games, think_ms))
    return share


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per pairing")
    parser.add_argument("--seed", default="1", help="seed of every shuffle and CPU choice")
    parser.add_argument("--level", choices=("hard", "expert"), default="hard")
    parser.add_argument("--think-ms", type=float, default=0, help="expert: ms a move (0: none)")
    parser.add_argument("--iterations", type=int, default=40, help="expert: playouts (0: none)")
    args = parser.parse_args(argv)
    if args.level == "expert":
        return {"expert_share": expert_main(args)}
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
