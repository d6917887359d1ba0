"""Buttons: the keyboards under the table message, their callback data (short, typed,
stamped with the decision), and what a press does (lobby and game)."""
