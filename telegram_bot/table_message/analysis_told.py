"""At a game's end, the group hears how each person played, by the game's engine.

The analysis (tables.fairness.analysis) takes a few seconds of one core, so it is made on a
thread of its own, never the event loop's nor the pool every press waits for. Then one
message goes to the group: a line per person, in the game's own words
(``Presentation.describe_analysis``), with the replay, where each decision is shown. Only
one bot process tells it
(a claim in Redis), and a guided game or a game with no person's decision tells nothing.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from tables.fairness import analysis
from tables.fairness.analysis import Verdict
from tables.table.model import Table
from tables.table.store import TableStore
from telegram_bot.links import replay_link
from telegram_bot.table_message.chat_calls import ChatCalls
from translations import render, tr

log = logging.getLogger(__name__)


class AnalysisTeller:
    def __init__(
        self, store: TableStore, calls: ChatCalls, miniapp_link: Callable[[Table], str | None]
    ) -> None:
        self.store = store
        self.calls = calls
        self.miniapp_link = miniapp_link
        self._worker = ThreadPoolExecutor(1, thread_name_prefix="analysis")
        self._tasks: set[asyncio.Task[None]] = set()

    def later(self, table: Table) -> None:
        """Analyse the finished game and tell the group, in the background."""
        if table.tutorial or not any(not seat.is_cpu for seat in table.seats):
            return
        task = asyncio.create_task(self._tell(table))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _tell(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        try:
            verdicts = await loop.run_in_executor(
                self._worker, analysis.ensure, self.store, table.id, table.game_no
            )
            if not verdicts:
                return
            claimed = await asyncio.to_thread(
                analysis.claim_telling, self.store, table.id, table.game_no
            )
            if claimed:
                await self.calls.send(table, analysis_text(table, verdicts), self._keyboard(table))
        except Exception:  # the game is over and kept whatever happens here
            log.exception("could not tell the analysis of table %s", table.id)

    def _keyboard(self, table: Table) -> InlineKeyboardMarkup | None:
        link = replay_link(self.miniapp_link(table), table)
        if link is None:
            return None
        label = tr(table.language, "🎬 Replay")
        return InlineKeyboardMarkup([[InlineKeyboardButton(label, url=link)]])

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._worker.shutdown(wait=False, cancel_futures=True)

    async def idle(self) -> None:
        """Wait until every analysis under way is told (tests)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)


def analysis_text(table: Table, verdicts: list[Verdict]) -> str:
    """A header, then one line per person who decided something, in seat order."""
    presentation = table.match().game.presentation
    names = table.display_names()
    lines = [tr(table.language, "🧠 How each of you played, by the engine")]
    for seat in sorted({v.seat for v in verdicts}):
        judged = [v.judgement for v in verdicts if v.seat == seat]
        line = render(presentation.describe_analysis(judged), table.language)
        lines.append(f"🧠 {names[seat]}: {line}")
    lines.append(tr(table.language, "Each decision, and the engine's choice, in the replay."))
    return "\n".join(lines)
