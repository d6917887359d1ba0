"""Typed table errors, each with a stable ``code`` (see games.errors for why)."""

from __future__ import annotations


class TableError(Exception):
    code = "table_error"


class NoSuchTable(TableError):
    code = "no_such_table"


class TableExists(TableError):
    """A chat (or forum topic) already has an open table; ``table_id`` names it."""

    code = "table_exists"

    def __init__(self, table_id: str) -> None:
        super().__init__(f"this chat already has table {table_id}")
        self.table_id = table_id


class AlreadySeated(TableError):
    code = "already_seated"


class NotSeated(TableError):
    code = "not_seated"


class TableFull(TableError):
    code = "table_full"


class NotAllowed(TableError):
    """Only the table's creator (or a chat admin) may do this."""

    code = "not_allowed"


class NotEnoughPlayers(TableError):
    code = "not_enough_players"


class NotInLobby(TableError):
    code = "not_in_lobby"


class NotPlaying(TableError):
    code = "not_playing"


class StaleMove(TableError):
    """The table moved on since the button was drawn (a second click, an old message)."""

    code = "stale"


class Busy(TableError):
    """Too many concurrent writers kept winning the race; the caller may retry."""

    code = "busy"


class NotFinished(TableError):
    code = "not_finished"
