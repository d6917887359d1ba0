"""Mino Dice's scenes for the page's tests, bench and screenshots (tests.support.scenes): the
quick preset; nobody is out of Mino Dice, so "out" is a seat that left the game."""

from __future__ import annotations

from typing import Any

from tests.support.scenes import Script

SET_UP: dict[str, Any] = {"cpus": ("normal", "normal"), "preset": "quick"}


def concerns(event: dict[str, Any], seat: int) -> bool:
    """A hand's scores (everyone's), or a trick you took."""
    return event["type"] == "hand_scored" or (
        event["type"] == "trick_won" and event.get("winner") == seat
    )


def out(script: Script) -> bool:
    """You leave after the first hand, and the game goes on without you."""
    if not script.play_until(lambda s: s.state().hand >= 2):
        return False
    script.resign()
    return script.play_until(lambda s: bool(s.moment()) and s.table.status == "playing")
