"""Mia's scenes for the page's tests, bench and screenshots (tests.support.scenes): hard CPUs
and two lives, so a game reaches every scene quickly; you are out by losing every life."""

from __future__ import annotations

from typing import Any

from tests.support.scenes import Script, like_a_cpu, you_are_out

SET_UP: dict[str, Any] = {"cpus": ("hard", "hard"), "settings": {"lives": 2}}


def concerns(event: dict[str, Any], seat: int) -> bool:
    """A life of yours lost."""
    return event["type"] == "lost_lives" and event["seat"] == seat and bool(event["lost"])


def out(script: Script) -> bool:
    """Out by losing every life: play badly."""
    return script.play_until(you_are_out, like_a_cpu("easy"))
