"""Myllymatti's scenes for the page's tests, bench and screenshots (tests.support.scenes): you
are out by shedding every card, which a hard CPU's play gets to soonest."""

from __future__ import annotations

from typing import Any

from tests.support.scenes import Script, like_a_cpu, you_are_out

SET_UP: dict[str, Any] = {"cpus": ("normal", "normal")}


def concerns(event: dict[str, Any], seat: int) -> bool:
    """A trick you took."""
    return event["type"] == "trick_won" and event.get("seat") == seat


def out(script: Script) -> bool:
    """Out, and safe: every card shed."""
    return script.play_until(you_are_out, like_a_cpu("hard"))
