"""bench.analysis prints what judging whole games costs, a line per game and its summary."""

from __future__ import annotations

import re

from bench import analysis

SUMMARY = re.compile(
    r"game=mia games=2 decisions=(\d+) per_game_s=\S+ max_game_s=\S+ per_decision_ms=\S+ "
    r"p95_decision_ms=\S+ marks=good:(\d+),dubious:(\d+),costly:(\d+)"
)


def test_the_bench_judges_every_decision_and_says_so(capsys):
    analysis.main(["--game", "mia", "--games", "2", "--seed", "7"])
    lines = capsys.readouterr().out.strip().splitlines()
    assert [line.startswith("game=mia #") for line in lines[:2]] == [True, True]
    found = SUMMARY.fullmatch(lines[2])
    assert found, lines
    decisions, *marks = map(int, found.groups())
    assert decisions > 10 and sum(marks) == decisions  # every Mia decision with a choice
    assert lines[-1].startswith("seconds=")
