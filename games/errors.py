"""Typed rule errors. Front doors map each type to words in one place (never by message text).

Every error carries a stable ``code`` that the web API returns and the bot looks up in its
translation table, so a new error type cannot silently fall through as "something failed".
"""

from __future__ import annotations


class GameError(Exception):
    """A move or setting the rules refuse. Nothing has changed when this is raised."""

    code = "illegal_move"


class NotYourTurn(GameError):
    code = "not_your_turn"


class IllegalAction(GameError):
    code = "illegal_move"


class SeatOut(GameError):
    code = "seat_out"


class GameOver(GameError):
    code = "game_over"


class InvalidSettings(GameError):
    code = "invalid_settings"
