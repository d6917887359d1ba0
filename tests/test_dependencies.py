"""Version floors that keep known-vulnerable releases out of an install."""

from __future__ import annotations

import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]

# The newest release each floor must exclude, and why.
VULNERABLE = {
    "gunicorn": "22.0.0",  # request smuggling (CVE-2024-1135, CVE-2024-6827), fixed in 23.0
    "orjson": "3.9.14",  # no limit on nesting when parsing (CVE-2024-27454), fixed in 3.9.15
    # safe_join let Windows device names through (CVE-2025-66221, fixed in 3.1.4; the
    # same with more path segments, CVE-2026-21860 and CVE-2026-27199, fixed in 3.1.6)
    "werkzeug": "3.1.5",
}


def requirements() -> dict[str, Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    parsed = [Requirement(text) for text in project["dependencies"]]
    return {requirement.name.lower(): requirement for requirement in parsed}


@pytest.mark.parametrize(("name", "vulnerable"), sorted(VULNERABLE.items()))
def test_the_floor_excludes_the_vulnerable_release(name, vulnerable):
    requirement = requirements()[name]  # a direct dependency, with a floor of its own
    assert not requirement.specifier.contains(vulnerable, prereleases=True), requirement
    assert requirement.specifier.contains(version(name), prereleases=True)  # what is installed
