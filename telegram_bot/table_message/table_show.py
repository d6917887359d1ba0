"""One table change in its chat, in as few calls as it takes (usually one).

The table message is edited in place, with the change's story told once on top. Once
players' inline posts (or commands) have pushed it up the chat, it is sent anew at the
bottom and the old message deleted (Telegram's flood limits do not count deletes). The story
told is kept: at the end of a chapter (a round's result, a hand's scores, the game's end),
when the table has a call to spare, the table message becomes the record of that story and
the table goes on in a new message below it. Where the bot may delete others' messages,
players' inline posts go once the table shows their moves. docs/group-chat.md tells it all.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from telegram import InlineKeyboardMarkup

from games.base import Event
from tables.table.model import FINISHED, Table
from telegram_bot.chat_messages import ChatMessages, ChatState
from telegram_bot.table_message.chat_calls import ChatCalls
from telegram_bot.table_message.render import (
    record_is_full,
    story_messages,
    table_message,
    with_news,
)
from telegram_bot.table_message.text import commitments_in

RECORD_CREDIT = 2  # a record costs a call: only when the table has that to spare
POSTS_LATE = 3.0  # seconds after a game's end to look once more for posts to delete


class TableShow:
    def __init__(
        self,
        calls: ChatCalls,
        messages: ChatMessages,
        miniapp_link: Callable[[Table], str | None],
        inline_mode: bool,
        bury_limit: int,
        panels: bool = False,
    ) -> None:
        self.panels = panels  # players open their hands as panels (ephemeral messages)
        self.calls = calls
        self.messages = messages
        self.miniapp_link = miniapp_link
        self.inline_mode = inline_mode
        self.bury_limit = bury_limit
        self._later: set[asyncio.Task[None]] = set()

    def table_message(
        self, table: Table, chat: ChatState
    ) -> tuple[str, InlineKeyboardMarkup | None]:
        panels = self.panels and not chat.panels_refused
        return table_message(
            table, self.miniapp_link(table), self.inline_mode, chat.seen, chat.step, panels
        )

    async def show_step(self, table: Table, chat: ChatState) -> None:
        """A step of a large choice opened or closed: the table message's keyboard redrawn,
        its text as it is (one edit, counted like any)."""
        if chat.message_id is not None and table.is_open:
            _, keyboard = self.table_message(table, chat)
            await self.calls.edit_keyboard(table, chat.message_id, keyboard)

    async def show(
        self, table: Table, chat: ChatState, news: list[str], events: list[Event]
    ) -> None:
        """One change in the chat: an edit in place; or the table sent anew below the
        message it leaves, which becomes the record of the story told (or is deleted)."""
        text, keyboard = self.table_message(table, chat)
        told = await asyncio.to_thread(self.messages.story, table.id) if news or events else []
        game = table.match().game
        ended = not table.is_open or any(event["type"] == "game_over" for event in events)
        chapter = any(event["type"] in game.presentation.story_breaks for event in events)
        spare = table.version - chat.calls >= RECORD_CREDIT
        old = chat.message_id
        if old is not None and chat.finished and table.status != FINISHED:
            # A new game at the table (a rematch): the last one's table stays as it ended.
            await self.calls.drop_buttons(table, old)
            old = None
        story = [*told, *news]
        buried = old is not None and chat.below >= self.bury_limit
        if buried:  # where the bot may delete them, the posts that buried it go, in one call
            buried = chat.below - await self._drop_posts(table) >= self.bury_limit
        if old is None:
            await self.send_table(table, with_news(text, news), keyboard)
            await self._keep(table, told, news)
        elif story and spare and (ended or chapter or record_is_full(story)):
            await self._record(table, old, story)
            await self.send_table(table, text, keyboard)
        elif ended:
            # No call to spare for a record: the last message tells the story on top.
            if not await self.calls.edit(table, old, with_news(text, story), keyboard):
                await self.send_table(table, with_news(text, story), keyboard)
            await asyncio.to_thread(self.messages.take_story, table.id)
        elif buried:
            await self.send_table(table, with_news(text, news), keyboard)
            await self.calls.delete(table, old)
            await self._keep(table, told, news)
        else:
            if not await self.calls.edit(table, old, with_news(text, news), keyboard):
                await self.send_table(table, with_news(text, news), keyboard)
            await self._keep(table, told, news)
        if ended:  # no post outlives its game (the last may be noted just after it ends)
            await self._drop_posts(table)
            self._later.add(asyncio.create_task(self._drop_posts(table, after=POSTS_LATE)))
            self._later = {task for task in self._later if not task.done()}
        if table.status == FINISHED:
            await asyncio.to_thread(self.messages.mark_finished, table.id)
        await asyncio.to_thread(
            self.messages.remember_shown, table.id, chat.seen, commitments_in(text)
        )

    async def _drop_posts(self, table: Table, after: float = 0.0) -> int:
        """Players' inline posts have done their job once the table shows their moves: where
        the bot may delete messages, they go — all at once, when they have buried the table
        or the game is over, so a few moves cost one call — and the table stays at the
        bottom without being sent anew. Returns how many went."""
        if after:
            await asyncio.sleep(after)
        posts = await asyncio.to_thread(self.messages.take_posts, table.id)
        may = bool(posts) and await self.calls.may_delete_posts(table.chat_id)
        if may and await self.calls.delete_posts(table, posts):
            await asyncio.to_thread(self.messages.mark_below, table.id, -len(posts))
            return len(posts)
        return 0

    async def _keep(self, table: Table, told: list[str], news: list[str]) -> None:
        """Keep this change's story for the record. When no record could be afforded for
        long, the oldest story is let go (it was told on the table, and /log keeps it)."""
        if record_is_full([*told, *news]):
            kept = [*told, *news]
            while len(kept) > 1 and record_is_full(kept):
                kept.pop(0)
            await asyncio.to_thread(self.messages.take_story, table.id)
            news = kept
        await asyncio.to_thread(self.messages.add_story, table.id, news)

    async def _record(self, table: Table, old: int, story: list[str]) -> None:
        """The table message becomes the record of the story it told (and of this change's);
        what does not fit one message follows in more."""
        await asyncio.to_thread(self.messages.take_story, table.id)
        first, *more = story_messages(story)
        if not await self.calls.edit(table, old, first, None):
            more = [first, *more]  # the old message is gone: the record goes out anew
        for chunk in more:
            await self.calls.send(table, chunk, None)

    async def send_table(
        self, table: Table, text: str, keyboard: InlineKeyboardMarkup | None
    ) -> None:
        """The table in a new message, at the bottom of the chat."""
        new_id = await self.calls.send(table, text, keyboard)
        if new_id is not None:
            await asyncio.to_thread(self.messages.set_message_id, table.id, new_id)
