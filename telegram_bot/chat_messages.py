"""The bot's bookkeeping of each table's chat: which message shows the table, which version
the chat has seen, how far the table message has been pushed up, and the story waiting for
its record.

    table:{T}            hash fields beside the table's own, in its slot:
                           msg  the table message's id
                           rv   the version shown
                           bl   messages known to be below the table message (players' inline
                                posts, commands and their answers): how far it was pushed up
                           fc   calls that put something on the group's screen for this table
                                (sends and edits: what Telegram's flood limits count)
                           cm   the commitments (🔒) the chat was already shown
                           fin  the table message shows a finished game (kept on a rematch)
                           st   "<game>:<decision>:<path>:<seat>": the step of a large choice
                                open on its keyboard (games.steps), for that decision only,
                                until the seat that opened it has chosen
                           tap:<user>  "<decision>:<action>" of that person's last move
                           np   until when (Unix time) players' panels are off here, the
                                server having refused one (telegram_bot.panels)
    table:{T}:story      list: the story told since the last record (one entry per change),
                         kept until the table message becomes its record
    table:{T}:posts      list: players' inline posts not yet deleted (where the bot may)

Kept by the bot, not by ``tables/``: only the chat front door has messages. Every key carries
the table's hash tag, like the table itself.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import redis

from games.steps import Path, parse_path_key, path_key
from tables.engine import keys

_CLAIM_RENDER = """
local rendered = tonumber(redis.call('HGET', KEYS[1], 'rv') or '0')
local wanted = tonumber(ARGV[1])
if wanted <= rendered then return -1 end
redis.call('HSET', KEYS[1], 'rv', wanted)
return rendered
"""
STORY_TTL = 7 * 86400
POSTS_KEPT = 100  # deleteMessages takes at most 100 ids
SEEN_COMMITMENTS = 6  # the newest commitments remembered as shown


def story_key(table_id: str) -> str:
    return f"table:{{{table_id}}}:story"


def posts_key(table_id: str) -> str:
    return f"table:{{{table_id}}}:posts"


@dataclass(frozen=True)
class OpenStep:
    """The step of a large choice open on the table message's keyboard: shared by everyone
    (a group's keyboard is one), only for the game and decision it was opened on, and only
    until its opener (``seat``; None when kept before openers were) has chosen."""

    game_no: int
    decision: int
    path: Path
    seat: int | None = None

    def encode(self) -> str:
        seat = "" if self.seat is None else str(self.seat)
        return f"{self.game_no}:{self.decision}:{path_key(self.path)}:{seat}"

    @classmethod
    def decode(cls, value: Any) -> OpenStep | None:
        game_no, decision, key, seat = [*_text(value).split(":"), "", "", "", ""][:4]
        path = parse_path_key(key)
        if path is None or not game_no.isdigit() or not decision.lstrip("-").isdigit():
            return None
        opener = int(seat) if seat.isascii() and seat.isdigit() else None
        return cls(int(game_no), int(decision), path, opener)


@dataclass(frozen=True)
class ChatState:
    """Where a table stands in its chat, read in one round trip before it is shown."""

    message_id: int | None
    below: int
    calls: int
    seen: frozenset[str]
    finished: bool
    step: OpenStep | None = None
    panels_refused: bool = False  # the server would not send players' panels here, lately


class ChatMessages:
    def __init__(self, client: redis.Redis) -> None:
        self.redis = client
        self._claim_render = client.register_script(_CLAIM_RENDER)

    def state(self, table_id: str, now: float | None = None) -> ChatState:
        msg, below, calls, seen, fin, step, no_panels = self.redis.hmget(
            keys.table(table_id), "msg", "bl", "fc", "cm", "fin", "st", "np"
        )
        return ChatState(
            message_id=int(msg) if msg is not None else None,
            below=int(below or 0),
            calls=int(calls or 0),
            seen=frozenset(_text(seen).split()) if seen else frozenset(),
            finished=fin is not None,
            step=OpenStep.decode(step) if step is not None else None,
            panels_refused=_until(no_panels) > (time.time() if now is None else now),
        )

    def open_step(self, table_id: str, step: OpenStep) -> bool:
        """Remember the step open on the table message; False when it was open already (a
        double tap: nothing to redraw)."""
        before = self.redis.hget(keys.table(table_id), "st")
        if before is not None and OpenStep.decode(before) == step:
            return False
        self.redis.hset(keys.table(table_id), "st", step.encode())
        return True

    def set_message_id(self, table_id: str, message_id: int | None) -> None:
        """A new table message: nothing is below it yet."""
        if message_id is None:
            self.redis.hdel(keys.table(table_id), "msg", "bl", "fin")
        else:
            pipe = self.redis.pipeline(transaction=False)
            pipe.hset(keys.table(table_id), mapping={"msg": message_id, "bl": 0})
            pipe.hdel(keys.table(table_id), "fin")
            pipe.execute()

    def message_id(self, table_id: str) -> int | None:
        value = self.redis.hget(keys.table(table_id), "msg")
        return int(value) if value is not None else None

    def rendered_version(self, table_id: str) -> int:
        value = self.redis.hget(keys.table(table_id), "rv")
        return int(value) if value is not None else 0

    def mark_below(self, table_id: str, count: int = 1) -> None:
        """Messages went below the table message (an inline post, a command and its answer):
        once enough have, the table is sent anew at the bottom. (Negative: some went.)"""
        below = self.redis.hincrby(keys.table(table_id), "bl", count)
        if below < 0:
            self.redis.hset(keys.table(table_id), "bl", 0)

    def add_post(self, table_id: str, message_id: int) -> None:
        """A player's inline post, below the table message: deleted once its move is shown
        (where the bot may delete messages)."""
        pipe = self.redis.pipeline(transaction=True)
        pipe.rpush(posts_key(table_id), message_id)
        pipe.ltrim(posts_key(table_id), -POSTS_KEPT, -1)
        pipe.expire(posts_key(table_id), STORY_TTL)
        pipe.execute()

    def take_posts(self, table_id: str) -> list[int]:
        pipe = self.redis.pipeline(transaction=True)
        pipe.lrange(posts_key(table_id), 0, -1)
        pipe.delete(posts_key(table_id))
        posts, _ = pipe.execute()
        return [int(post) for post in posts]

    def count_calls(self, table_id: str, count: int = 1) -> None:
        self.redis.hincrby(keys.table(table_id), "fc", count)

    def mark_finished(self, table_id: str) -> None:
        self.redis.hset(keys.table(table_id), "fin", 1)

    def remember_shown(self, table_id: str, seen: frozenset[str], new: set[str]) -> None:
        """Commitments the chat has now been shown (the table shows each one once)."""
        if new - seen:
            kept = [*sorted(new - seen), *sorted(seen)][:SEEN_COMMITMENTS]
            self.redis.hset(keys.table(table_id), "cm", " ".join(kept))

    def remember_move(self, table_id: str, user_id: int, decision: int, action: str) -> None:
        """A person's move was taken: a second tap of it is then no error."""
        self.redis.hset(keys.table(table_id), f"tap:{user_id}", f"{decision}:{action}")

    def last_move(self, table_id: str, user_id: int) -> tuple[int, str] | None:
        value = self.redis.hget(keys.table(table_id), f"tap:{user_id}")
        if value is None:
            return None
        decision, _, action = _text(value).partition(":")
        return (int(decision), action) if decision.lstrip("-").isdigit() else None

    def add_story(self, table_id: str, entries: list[str]) -> None:
        """Story the chat was told, kept for the record the table message becomes."""
        if entries:
            pipe = self.redis.pipeline(transaction=True)
            pipe.rpush(story_key(table_id), *entries)
            pipe.expire(story_key(table_id), STORY_TTL)
            pipe.execute()

    def story(self, table_id: str) -> list[str]:
        return [_text(entry) for entry in self.redis.lrange(story_key(table_id), 0, -1)]

    def take_story(self, table_id: str) -> list[str]:
        """All the story kept, removed at once (so exactly one worker records it)."""
        pipe = self.redis.pipeline(transaction=True)
        pipe.lrange(story_key(table_id), 0, -1)
        pipe.delete(story_key(table_id))
        lines, _ = pipe.execute()
        return [_text(line) for line in lines]

    def claim_render(self, table_id: str, version: int) -> int | None:
        """Claim the right to show ``version`` in the chat, once across all bot processes.

        Returns the version shown before (whose later events are ours to tell), or None when
        someone already showed this version or a newer one.
        """
        previous = self._claim_render(keys=[keys.table(table_id)], args=[version])
        return None if int(previous) < 0 else int(previous)


def _until(value: Any) -> float:
    """A stored Unix time (0 for none, or for a flag written before it had one)."""
    try:
        return float(_text(value)) if value is not None else 0.0
    except ValueError:
        return 0.0


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)
