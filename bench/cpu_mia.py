"""``python -m bench.cpu_strength --game mia``: how strong the Mia CPU levels are, heads-up.

Plays ``--games`` whole games per pairing with the default (standard) preset, two seats, the
seats swapped every game (the first starter is random within a game anyway), and prints one
line per pairing with the first player's win rate, then hard's decision times, and as its last
line ``hard_vs_truthful=<rate> hard_vs_see54=<rate> hard_vs_easy=<rate>``. Target: each of the
three >= 0.60, and a hard decision <= 50 ms.

Baselines defined here (they are yardsticks, not product levels):

* ``truthful`` accepts whenever it may (a Mia claim it must challenge), and announces its roll,
  or the lowest legal claim when its roll is too low.
* ``see54`` challenges every claim above 54 and otherwise plays like ``truthful``.
* ``lowest`` challenges exactly the lowest legal claims (a simple exploit of minimal bluffs)
  and otherwise plays like ``truthful``.

Every die and every CPU choice comes from a ``DeterministicRng`` seeded from ``--seed`` and the
pairing, so a run is repeatable. ``--multi N`` adds N games at each table size of 3 to 5
seats: one hard seat against normal (or easy) seats, with the share of games hard wins
(a fair share is 1/seats).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from bench.cpu_common import Levels, Policy, targets_line
from games.mia import GAME, cpu
from games.mia.actions import ACCEPT, CHALLENGE, claim_action
from games.mia.ranks import claims_above, rank
from games.rng import DeterministicRng, Rng

level = Levels(cpu.choose)


def _truthful_announcement(view: dict[str, Any]) -> str:
    legal = claims_above(view["claim"], view["settings"]["doubles"])
    dice = view["dice"]
    roll = f"{dice[0]}{dice[1]}"
    return claim_action(roll if roll in legal else legal[0])


def _accept_if_legal(view: dict[str, Any]) -> str:
    return ACCEPT if ACCEPT in view["legal_actions"] else CHALLENGE


def truthful(view: dict[str, Any], rng: Rng) -> str:
    if view["phase"] == "claim":
        return _truthful_announcement(view)
    return _accept_if_legal(view)


def see54(view: dict[str, Any], rng: Rng) -> str:
    if view["phase"] == "claim":
        return _truthful_announcement(view)
    doubles = view["settings"]["doubles"]
    if rank(view["claim"], doubles) > rank("54", doubles):
        return CHALLENGE
    return _accept_if_legal(view)


def lowest(view: dict[str, Any], rng: Rng) -> str:
    if view["phase"] == "claim":
        return _truthful_announcement(view)
    doubles = view["settings"]["doubles"]
    previous = cpu.previous_claim(view)
    if view["claim"] == claims_above(previous, doubles)[0]:
        return CHALLENGE
    return _accept_if_legal(view)


def play_game(policies: list[Policy], settings: dict[str, Any], rng: Rng) -> int:
    """One whole game; returns the winning seat."""
    state, _ = GAME.rules.new_game(settings, len(policies), rng)
    while not GAME.rules.is_over(state):
        seat = GAME.rules.to_act(state)[0]
        action = policies[seat](GAME.rules.view(state, seat), rng)
        state, _ = GAME.rules.apply(state, seat, action, rng)
    return GAME.rules.ranking(state)[0]


def heads_up(first: Policy, second: Policy, games: int, rng: Rng) -> float:
    """The win rate of ``first`` against ``second``, swapping seats every game."""
    settings = dict(GAME.rules.presets[GAME.rules.default_preset])
    wins = 0
    for index in range(games):
        if index % 2 == 0:
            wins += play_game([first, second], settings, rng) == 0
        else:
            wins += play_game([second, first], settings, rng) == 1
    return wins / games


def table_share(hero: Policy, other: Policy, seats: int, games: int, rng: Rng) -> float:
    """The share of games that one ``hero`` seat wins against ``seats - 1`` others."""
    settings = dict(GAME.rules.presets[GAME.rules.default_preset])
    wins = 0
    for index in range(games):
        seat = index % seats
        policies = [other] * seats
        policies[seat] = hero
        wins += play_game(policies, settings, rng) == seat
    return wins / games


PAIRINGS: list[tuple[str, Policy, Policy]] = [
    ("normal_vs_easy", level("normal"), level("easy")),
    ("hard_vs_normal", level("hard", timed=True), level("normal")),
    ("hard_vs_lowest", level("hard", timed=True), lowest),
    ("truthful_vs_see54", truthful, see54),
    ("hard_vs_truthful", level("hard", timed=True), truthful),
    ("hard_vs_see54", level("hard", timed=True), see54),
    ("hard_vs_easy", level("hard", timed=True), level("easy")),
]
TARGETS = ("hard_vs_truthful", "hard_vs_see54", "hard_vs_easy")


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per pairing")
    parser.add_argument("--seed", default="1", help="seed of every die and CPU choice")
    parser.add_argument("--multi", type=int, default=0, help="games per 3-5 seat table")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    rates: dict[str, float] = {}
    for name, first, second in PAIRINGS:
        pairing_start = time.perf_counter()
        rng = DeterministicRng(f"cpu-strength/{args.seed}/{name}")
        rates[name] = heads_up(first, second, args.games, rng)
        seconds = time.perf_counter() - pairing_start
        print(f"{name}={rates[name]:.3f} games={args.games} seconds={seconds:.1f}", flush=True)
    for seats in range(3, 6) if args.multi else ():
        for other in ("normal", "easy"):
            name = f"hard_among_{seats - 1}_{other}"
            rng = DeterministicRng(f"cpu-strength/{args.seed}/{name}")
            share = table_share(level("hard"), level(other), seats, args.multi, rng)
            print(f"{name}={share:.3f} fair={1 / seats:.3f} games={args.multi}", flush=True)
    print(level.report(started))
    print(targets_line(rates, TARGETS))
    return rates


if __name__ == "__main__":
    main()
