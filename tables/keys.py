"""Redis key names. Everything of one table shares the ``{table id}`` hash tag, so a move's
atomic script touches a single Redis Cluster slot.

    table:{T}            hash: v (version), doc (JSON table); the bot keeps its message
                         bookkeeping beside them (telegram_bot.chat_messages)
    table:{T}:log:<n>    list: [version, compact events] of game n (story, /log, Mini App)
    chat:{C:topic}:table id of the open table of a chat or forum topic
    tables:active        set of open table ids (for sweeps)
    tables:deadlines     sorted set: table id by its next deadline (hint; the doc decides)
    tables:updates       stream: (table id, version) after each change, for the notifiers
    tables:changed       pub/sub channel: "<table>:<version>" after each commit (wakes waiters)
    user:{U}:tables      set of open tables where user U sits (a hint, checked on read)
"""

from __future__ import annotations

from tables.model import ChatRef

ACTIVE = "tables:active"
DEADLINES = "tables:deadlines"
UPDATES = "tables:updates"
CHANGES_CHANNEL = "tables:changed"  # pub/sub: "<table id>:<version>" after each commit


def table(table_id: str) -> str:
    return f"table:{{{table_id}}}"


def game_log(table_id: str, game_no: int) -> str:
    return f"table:{{{table_id}}}:log:{game_no}"


def chat_table(chat: ChatRef) -> str:
    return f"chat:{{{chat.key_part}}}:table"


def user_tables(user_id: int) -> str:
    return f"user:{{{user_id}}}:tables"


def chat_last_game(chat: ChatRef) -> str:
    """Id of the table whose game finished last in a chat or topic (for /log)."""
    return f"chat:{{{chat.key_part}}}:last"
