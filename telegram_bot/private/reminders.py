"""Private reminders of a slow game's turn: "⏰ Your turn in «Friday games» — <game>", with
a link to the table, sent once per turn to a person who has opened a chat with the bot and
not switched reminders off (/reminders), never for a game they left.

The table decides *when* (a ``nudge`` event, once per turn through its check-and-set: see
tables.table.deadlines); the notifier, which sees each change once across bot workers, hands the
events here. A key per person, table and decision makes sure that even a change shown twice
never reminds twice. Messages go through the chat budget (a private chat's second, the
bot's overall rate), like every other message.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

import redis
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup
from telegram.error import Forbidden, TelegramError

from games.base import Event
from tables.profiles import prefs
from tables.table.deadlines import acting_seats
from tables.table.errors import NoSuchTable
from tables.table.model import Table
from tables.table.store import TableStore
from telegram_bot.private import private_chats
from telegram_bot.table_message.budget import ChatBudget
from telegram_bot.table_message.text import duration
from telegram_bot.texts import game_title
from translations import SUPPORTED_LANGUAGES, best_language, tr

log = logging.getLogger(__name__)
CALLBACK_PREFIX = "remind:"  # remind:on / remind:off
SENT_TTL = 7 * 86400  # how long "this turn was reminded" is remembered


def hours(seconds: float, language: str) -> str:
    """A slow game's time left: "23 h", or in minutes and seconds when it is short."""
    if seconds >= 2 * 3600:
        return tr(language, "{n} h", n=round(seconds / 3600))
    return duration(max(0.0, seconds), language)


def sent_key(user_id: int, table_id: str, decision: int) -> str:
    return f"nudge:{{{user_id}}}:{table_id}:{decision}"


class Reminders:
    def __init__(
        self,
        bot: Bot,
        store: TableStore,
        budget: ChatBudget,
        table_link: Callable[[Table], str | None],
    ) -> None:
        self.bot = bot
        self.store = store
        self.budget = budget
        self.table_link = table_link
        self._tasks: set[asyncio.Task[None]] = set()

    def take(self, table: Table, batches: list[tuple[int, list[Event]]]) -> None:
        """The nudges among a change's events: each becomes one private reminder."""
        for _version, events in batches:
            for event in events:
                if event.get("type") == "nudge":
                    task = asyncio.create_task(self.remind(table.id, event["seat"], event["d"]))
                    self._tasks.add(task)
                    task.add_done_callback(self._tasks.discard)

    async def remind(self, table_id: str, seat: int, decision: int) -> bool:
        """Remind the person at ``seat`` of their turn (the decision ``decision``), if it is
        still theirs and they want it; True when a message went out."""
        try:
            return await self._remind(table_id, seat, decision)
        except (redis.RedisError, NoSuchTable) as error:
            log.warning("no reminder for table %s: %s", table_id, error)
            return False

    async def _remind(self, table_id: str, seat: int, decision: int) -> bool:
        client = self.store.redis
        table = await asyncio.to_thread(self.store.load, table_id)
        person = table.seats[seat].user_id if seat < len(table.seats) else None
        if person is None or table.played_by_cpu(seat):
            return False  # a CPU, a stand-in, or someone who left this game
        turn = table.turns.get(str(seat))
        if seat not in acting_seats(table) or turn is None or turn.get("d") != decision:
            return False  # they already moved
        wanted = await asyncio.to_thread(prefs.wants_reminders, client, person)
        opened = await asyncio.to_thread(private_chats.is_open, client, person)
        if not wanted or not opened:
            return False
        first = await asyncio.to_thread(
            client.set, sent_key(person, table_id, decision), 1, nx=True, ex=SENT_TTL
        )
        if not first:
            return False  # this turn was reminded already
        language = await asyncio.to_thread(self._language, person, table, seat)
        text, keyboard = await self._message(table, seat, language)
        await self.budget.take(person)
        try:
            await self.bot.send_message(chat_id=person, text=text, reply_markup=keyboard)
        except Forbidden:  # they blocked the bot: no more until they write again
            await asyncio.to_thread(private_chats.mark_closed, client, person)
            return False
        except TelegramError as error:
            log.warning("could not send a reminder for table %s: %s", table_id, error)
            return False
        return True

    def _language(self, person: int, table: Table, seat: int) -> str:
        chosen = prefs.user_language(self.store.redis, person)
        if chosen in SUPPORTED_LANGUAGES:
            return chosen
        return best_language(table.seats[seat].language)

    async def _message(
        self, table: Table, seat: int, language: str
    ) -> tuple[str, InlineKeyboardMarkup]:
        group = await self.group_title(table.chat_id)
        game = game_title(table.match().game, language)
        lines = [tr(language, "⏰ Your turn in «{group}» — {game}", group=group, game=game)]
        turn = table.turns[str(seat)]
        left = float(turn["t"]) + float(table.option("turn_timer")) - table.updated_at
        lines.append(tr(language, "The turn timer has {left} left.", left=hours(left, language)))
        rows = []
        link = await asyncio.to_thread(self.table_link, table)
        if link:
            rows.append([InlineKeyboardButton(tr(language, "🎲 Open the table"), url=link)])
        rows.append(
            [
                InlineKeyboardButton(
                    tr(language, "🔕 No more reminders"), callback_data=f"{CALLBACK_PREFIX}off"
                )
            ]
        )
        return "\n".join(lines), InlineKeyboardMarkup(rows)

    async def group_title(self, chat_id: int) -> str:
        """The group's title as kept when a table opened there (else asked of Telegram)."""
        client = self.store.redis
        known = await asyncio.to_thread(prefs.chat_titles, client, [chat_id])
        if chat_id in known:
            return known[chat_id]
        with contextlib.suppress(TelegramError):
            chat = await self.bot.get_chat(chat_id)
            if chat.title:
                await asyncio.to_thread(prefs.set_chat_title, client, chat_id, chat.title)
                return chat.title
        return "…"

    async def idle(self) -> None:
        """Wait until every reminder under way has gone out (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
