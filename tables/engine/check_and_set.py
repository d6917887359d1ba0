"""One table change as the check-and-set script takes it: a request with named parts.

The Lua script (tables.engine.commit) reads its keys and arguments by position.
The request names each part once, here, and lays them out in the script's order.
Its answer is named too: the new version, or why there is none.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

NO_TABLE = -1  # the script's answer: the table's key is gone
MOVED_ON = -2  # the script's answer: the version is not the one the change was made on


@dataclass(frozen=True)
class CheckAndSet:
    """Everything one change writes in the table's slot, atomically."""

    table_key: str  # the table's hash: its version, document and recent change ids
    log_key: str  # the game's log
    version: int  # the version the change was made on
    doc: bytes  # the new table document
    ttl: int  # the table key's expiry to set, 0 to leave it
    log_entry: bytes | str  # the packed events to append to the log, "" for none
    channel: str  # where the new version is announced
    table_id: str
    publish: str  # PUBLISH or SPUBLISH (tables.engine.keys.Layout)
    change_id: str  # this change's random id, to settle a lost reply
    ids_width: int  # how many characters of change ids the table keeps
    seal_key: str | None = None  # the game's sealed record, when the change has it
    sealed_entry: bytes | str = ""  # the packed calls into the rules, "" for none
    replay_key: str | None = None  # the kept final table, when the change finishes the game
    log_ttl: int = 0  # the log's and the sealed record's expiry, 0 to leave them

    def keys(self) -> list[str]:
        """KEYS[1..4] in the script's order (a key the change does not have is left out)."""
        found = [self.table_key, self.log_key]
        if self.seal_key is not None:
            found.append(self.seal_key)
            if self.replay_key is not None:
                found.append(self.replay_key)
        return found

    def args(self) -> list[Any]:
        """ARGV[1..11] in the script's order."""
        return [
            self.version,
            self.doc,
            self.ttl,
            self.log_entry,
            self.channel,
            self.table_id,
            self.publish,
            self.change_id,
            self.ids_width,
            self.sealed_entry,
            self.log_ttl,
        ]


@dataclass(frozen=True)
class Committed:
    """The check-and-set's answer: the new version, or no table, or moved on."""

    version: int = 0

    @property
    def done(self) -> bool:
        return self.version > 0

    @property
    def no_table(self) -> bool:
        return self.version == NO_TABLE

    @property
    def moved_on(self) -> bool:
        return self.version == MOVED_ON
