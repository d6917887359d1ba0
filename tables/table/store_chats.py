"""The store's hold on chats: a chat (or forum topic) claims its one open table, a rematch
claims it again, and a table that closes frees it.

A finished game also leaves its bookkeeping beside the table: its statistics, its rating
outcome, its place in its players' lists, and the chat's last game (what /log sends).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.rng import Rng
from tables.engine import keys
from tables.engine.commit import Command, Committer
from tables.engine.hints import IndexHints
from tables.fairness.replay_keys import played_commands
from tables.profiles import ratings, stats
from tables.table import lobby
from tables.table.change_request import Outcome
from tables.table.errors import Busy, NoSuchTable, NotFinished, NotSeated, TableExists
from tables.table.model import FINISHED, PLAYING, ChatRef, Table

RELEASE_IF_OWNED = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""
MAX_RACE_RETRIES = 20  # tries at a chat's claim, and at a change that keeps losing races


class ChatClaims:
    """Chat claims for TableStore, which gives it its Redis, config, committer and changes."""

    redis: Any
    config: Any
    rng: Rng
    committer: Committer
    hints: IndexHints
    _release_if_owned: Callable[..., Any]

    def load(self, table_id: str) -> Table:
        raise NotImplementedError  # TableStore's

    def change(self, table_id: str, change: Any, expected_version: int | None = None) -> Any:
        raise NotImplementedError  # TableStore's

    def rematch(self, table_id: str, user_id: int) -> Outcome:
        """The same seats and settings play again at the same table (a new game number).

        Any person seated at the finished game may ask; the chat must be free of other tables.
        """
        table = self.load(table_id)
        if table.status != FINISHED:
            raise NotFinished("the game is not over")
        if table.seat_of(user_id) is None:
            raise NotSeated("only players of this game can ask for a rematch")
        self._claim_chat(table.chat, table_id)
        try:
            return self.change(table_id, lambda t: lobby.restart(t, user_id, self.rng))
        except Exception:
            self._release_if_owned(keys=[keys.chat_table(table.chat)], args=[table_id])
            raise

    def _claim_chat(self, chat: ChatRef, table_id: str) -> None:
        chat_key = keys.chat_table(chat)
        for _ in range(MAX_RACE_RETRIES):
            if self.redis.set(chat_key, table_id, nx=True, ex=self.config.open_key_ttl):
                return
            existing = self.redis.get(chat_key)
            if existing is None:
                continue
            existing_id = _text(existing)
            try:
                if self.load(existing_id).is_open:
                    raise TableExists(existing_id)
            except NoSuchTable:
                pass
            self._release_if_owned(keys=[chat_key], args=[existing_id])
        raise Busy("could not open a table here, try again")

    def _closing_commands(self, table: Table, status_before: str) -> list[Command]:
        """What a change that closed the table also writes, in one packed write per node:
        the chat is free again, and a finished game is counted (once: only the commit that
        finished it gets here) and becomes the chat's last game (what /log sends)."""
        if table.is_open:
            return []
        chat_key = keys.chat_table(table.chat)
        commands: list[Command] = [("EVAL", RELEASE_IF_OWNED, 1, chat_key, table.id)]
        if status_before == PLAYING and table.status == FINISHED:
            commands += stats.finished_game_commands(table)
            commands += ratings.apply_commands(table)
            commands += played_commands(table, self.config.replay_ttl)
            last = keys.chat_last_game(table.chat)
            commands.append(("SET", last, table.id, "EX", self.config.closed_key_ttl))
        return commands

    def settle(self, table_id: str) -> None:
        """Write again what a finished game leaves beside its table, all of it safe to write
        twice (its statistics, its rating outcome, its place in its players' lists of
        games): for a process that died between the commit and this bookkeeping. The
        notifier calls it when it shows a finished game."""
        table = self.load(table_id)
        if table.status == FINISHED:
            self.committer.scatter(
                stats.finished_game_commands(table)
                + ratings.apply_commands(table)
                + played_commands(table, self.config.replay_ttl)
            )

    def _after_commit(self, table: Table) -> None:
        """Indexes outside the table's slot: hints that sweeps can rebuild, so not atomic."""
        self.committer.scatter(self.hints.collect(table, table.version, indexes_changed=True))
        if not table.is_open:
            self._release_if_owned(keys=[keys.chat_table(table.chat)], args=[table.id])


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)
