"""A game with no bench of its own is still measured: bench.cpu_strength plays it generically.

So the guide's promise holds: a new game needs no file in bench/ (docs/adding-a-game.md, §8).
"""

from __future__ import annotations

import re

from bench import cpu_strength
from tests.support import toy_game

LAST_LINE = re.compile(r"hard_wins_vs_random=(\S+) hard_wins_vs_easy=(\S+) fair=0\.333")


def test_a_game_without_a_bench_of_its_own_is_played_by_the_generic_one(monkeypatch, capsys):
    monkeypatch.setitem(cpu_strength.GAMES, "toy", toy_game.GAME)
    figures = cpu_strength.main(["--game", "toy", "--games", "12", "--seed", "3"])
    lines = capsys.readouterr().out.strip().splitlines()
    found = LAST_LINE.fullmatch(lines[-1])
    assert found, lines
    assert list(found.groups()) == [f"{share:.3f}" for share in figures.values()]
    assert all(0 <= share <= 1 for share in figures.values())
    assert "hard vs random: seats=3 games=12" in lines[0] and "stuck=0" in lines[0]


def test_the_same_seed_plays_the_same_games(monkeypatch, capsys):
    monkeypatch.setitem(cpu_strength.GAMES, "toy", toy_game.GAME)
    first = cpu_strength.main(["--game", "toy", "--games", "12", "--seed", "3"])
    again = cpu_strength.main(["--game", "toy", "--games", "12", "--seed", "3"])
    assert first == again
