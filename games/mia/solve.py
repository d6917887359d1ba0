"""``python -m games.mia.solve``: compute the Mia expert's strategy table, offline.

The game is abstracted to what decides a move: the live seats (two or three, the expert being
seat 0 and the others in turn order), their lives capped at ``max_lives``, the claim to beat,
and the seat's own roll (as claimant) or the claim it answers (as receiver). What a round's
ending is worth is each seat's chance to win the game from the lives left, so the solver works
up from one life in all: a round's stages from the top claim down (games/mia/cfr.py), each
stage using the stages above it and the rounds after it. Every seat but the expert is modelled
(games/mia/model.py). Pure Python, no randomness: the same settings give the same table.
"""

from __future__ import annotations

import argparse
import itertools
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from games.mia import expert_table
from games.mia.cfr import StageInput, StageResult, Vector, solve_stage
from games.mia.model import RANKS, TOP, challenge_model, claim_model, cpu_key
from games.mia.settings import NEXT_STARTER_LOSER, PRESETS

SEATS = 3
EXPERT = 0
Lives = tuple[int, ...]


@dataclass(frozen=True)
class Config:
    """The rules the table is solved for, and how hard the solver works at it."""

    fold_on_mia: bool = False
    mia_penalty: int = 1
    false_mia_penalty: int = 1
    next_starter: str = NEXT_STARTER_LOSER
    max_lives: int = 3
    iterations: int = 300
    free_share: float = 0.1  # a modelled seat's own regret-minimising share

    @property
    def rules_key(self) -> tuple[bool, int, int, str]:
        return (self.fold_on_mia, self.mia_penalty, self.false_mia_penalty, self.next_starter)

    @classmethod
    def of_preset(cls, name: str, **solver: int | float) -> Config:
        preset = PRESETS[name]
        return cls(
            fold_on_mia=preset["fold_on_mia"],
            mia_penalty=preset["mia_penalty"],
            false_mia_penalty=preset["false_mia_penalty"],
            next_starter=preset["next_starter"],
            **solver,  # type: ignore[arg-type]
        )


def _next_live(lives: Lives, seat: int) -> int:
    for step in range(1, SEATS + 1):
        if lives[(seat + step) % SEATS] > 0:
            return (seat + step) % SEATS
    raise ValueError("no seat has lives")


@dataclass
class Solver:
    """Solves every lives position of one rule set; ``strategies`` collects the expert's."""

    config: Config
    rounds: dict[tuple[Lives, int], Vector] = field(default_factory=dict)
    strategies: expert_table.RuleTable = field(default_factory=expert_table.RuleTable)

    @cached_property
    def key(self) -> tuple[object, ...]:
        c = self.config
        return cpu_key(c.fold_on_mia, c.mia_penalty, c.false_mia_penalty)

    def round_value(self, lives: Lives, starter: int) -> Vector:
        """Every seat's chance to win when a round starts with these lives."""
        live = [seat for seat in range(SEATS) if lives[seat] > 0]
        if len(live) == 1:
            return tuple(1.0 if seat == live[0] else 0.0 for seat in range(SEATS))
        if live == [EXPERT, 2]:  # the same two-seat game as with seat 2 in seat 1's place
            value = self.round_value((lives[0], lives[2], 0), 1 if starter == 2 else starter)
            return (value[0], 0.0, value[1])
        if (lives, starter) not in self.rounds:
            self._solve_lives(lives)
        return self.rounds[(lives, starter)]

    def _after(self, lives: Lives, loser: int, lost: int, held: bool, challenger: int) -> Vector:
        """The value once ``loser`` lost ``lost`` lives and the next round starts."""
        left = list(lives)
        left[loser] = max(0, left[loser] - lost)
        after = tuple(left)
        if sum(1 for value in after if value > 0) == 1:
            return self.round_value(after, loser)
        if self.config.next_starter == NEXT_STARTER_LOSER:
            starter = loser if after[loser] > 0 else _next_live(after, loser)
        else:  # classic: a caught bluff, the challenger starts; else the seat after it
            starter = _next_live(after, challenger) if held else challenger
        return self.round_value(after, starter)

    def _solve_lives(self, lives: Lives) -> None:
        live = [seat for seat in range(SEATS) if lives[seat] > 0]
        stages: dict[tuple[int, int], Vector] = {}
        for k in range(TOP - 1, -2, -1):
            for claimant in live:
                result = self._solve_stage(lives, k, claimant, len(live), stages)
                stages[(k, claimant)] = result.value
                self._keep(lives, k, claimant, result)
        for starter in live:
            self.rounds[(lives, starter)] = stages[(-1, starter)]

    def _solve_stage(
        self, lives: Lives, k: int, claimant: int, live: int, stages: dict[tuple[int, int], Vector]
    ) -> StageResult:
        c_ = self.config
        receiver = _next_live(lives, claimant)
        held: list[Vector] = [()] * RANKS
        caught: list[Vector] = [()] * RANKS
        stands: list[Vector | None] = [None] * RANKS
        for c in range(k + 1, RANKS):
            mia = c == TOP
            held[c] = self._after(lives, receiver, c_.mia_penalty if mia else 1, True, receiver)
            caught[c] = self._after(
                lives, claimant, c_.false_mia_penalty if mia else 1, False, receiver
            )
            if not mia:
                stands[c] = stages[(c, receiver)]
            elif c_.fold_on_mia:
                stands[c] = self._after(lives, receiver, 1, True, receiver)
        involved = EXPERT in (claimant, receiver) and lives[EXPERT] > 0
        stage = StageInput(
            k=k,
            claimant=claimant,
            receiver=receiver,
            held=held,
            caught=caught,
            stands=stands,
            claim_model=[claim_model(self.key, k, r, live) for r in range(RANKS)],
            challenge_model=[challenge_model(self.key, k, c, live) for c in range(RANKS)],
            claimant_free=self._free(claimant, involved),
            receiver_free=self._free(receiver, involved),
        )
        return solve_stage(stage, c_.iterations)

    def _free(self, seat: int, involved: bool) -> float:
        """The expert plays its own strategy; a modelled seat mostly the model, and only the
        model when the expert is not in the stage (that keeps the solve cheap)."""
        if seat == EXPERT:
            return 1.0
        return self.config.free_share if involved else 0.0

    def _keep(self, lives: Lives, k: int, claimant: int, result: StageResult) -> None:
        """Record the expert's strategy, by its abstract position (its lives first)."""
        if lives[EXPERT] == 0:
            return
        position = tuple(lives[seat] for seat in range(SEATS) if lives[seat] > 0)
        if claimant == EXPERT:
            for r in range(RANKS):
                self.strategies.claims[(position, k, r)] = result.claims[r]
        elif _next_live(lives, claimant) == EXPERT:
            for i, q in enumerate(result.challenges):
                self.strategies.challenges[(position, k, k + 1 + i)] = q


def solve(config: Config) -> expert_table.RuleTable:
    """The expert's strategy at every abstract position of ``config``'s rules."""
    solver = Solver(config)
    top = config.max_lives
    for lives in itertools.product(range(1, top + 1), range(top + 1), range(top + 1)):
        if sum(1 for value in lives if value > 0) >= 2:
            solver.round_value(lives, EXPERT)
    table = solver.strategies
    table.max_lives = top
    return table


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", nargs="+", default=["standard", "classic"])
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--out", type=Path, default=expert_table.TABLE_PATH)
    args = parser.parse_args(argv)
    tables = {}
    for name in args.presets:
        config = Config.of_preset(name, iterations=args.iterations)
        tables[config.rules_key] = solve(config)
        print(f"solved {name}: {config.rules_key}", flush=True)
    data = expert_table.encode(tables)
    args.out.write_bytes(data)
    print(f"wrote {args.out} ({len(data)} bytes)")


if __name__ == "__main__":
    main()
