"""``python -m bench.flood``: many tables at full speed through the real bot, within limits.

Starts the real bot process against the tests' Bot-API-speaking server with Telegram's flood
limits switched on (about 1 message a second per chat, 20 a minute per group, 30 a second
overall; 429 with retry_after beyond). Fifty groups each open a table (two people and a hard
CPU) and play it to the end, every person acting the moment the table message shows their
turn. An action is any change a table goes through (a command, a press, a CPU's move).
Prints the time from each press to the group's table message showing its result
(``press_to_table_ms`` median and p90), and, last:
``tables=50 actions=… group_calls_per_action=… http_429=…``.
Targets: group_calls_per_action <= 1.0, http_429 = 0, every table finished.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import redis

from tables.engine.redis_server import RedisServer
from tables.store import TableStore
from tests.support import FakeBotApi
from tests.support.bot_process import TOKEN, BotProcess, bot_env
from tests.telegram_bot.group_chat import GroupChat, acting_name, keyboard, labels

GROUP_METHODS = ("sendMessage", "editMessageText", "editMessageReplyMarkup", "sendDocument")


class Table:
    """One group: its chat, its two people, and how far it got."""

    def __init__(self, api: FakeBotApi, index: int) -> None:
        self.chat_id = -(10**12) - index
        self.people = {f"Ann{index}": 10_000 + 2 * index, f"Ben{index}": 10_001 + 2 * index}
        for name, user in self.people.items():
            api.add_user(user, name)
        api.add_chat(self.chat_id, members=list(self.people.values()))
        self.chat = GroupChat(api, self.chat_id)
        self.step = "open"
        self.last_pressed: tuple[str, int] | None = None
        self.pressed_at: float | None = None
        self.actions = 0
        self.table_id: str | None = None

    @property
    def creator(self) -> int:
        return next(iter(self.people.values()))

    @property
    def guest(self) -> int:
        return list(self.people.values())[1]


def drive(table: Table, api: FakeBotApi, store: TableStore) -> bool:
    """Do the next thing this table's people would do now; False when it is finished."""
    if table.step == "open":
        api.send_message(table.creator, table.chat_id, "/mia")
        table.actions += 1
        table.step = "lobby"
        return True
    message = table.chat.table_message()
    if message is None:
        return table.step != "done"
    shown = stamp(message)
    if table.pressed_at is not None and shown != table.last_pressed:
        LATENCIES.append(time.monotonic() - table.pressed_at)  # the group sees the result
        table.pressed_at = None
    if table.table_id is None:
        table.table_id = message["reply_markup"]["inline_keyboard"][0][0]["callback_data"][:10]
    current = store.load(table.table_id)
    if current.status == "finished":
        table.step = "done"
        return False
    expected = ("l", current.version) if current.state is None else ("g", current.state["step"])
    if shown is None or shown != expected or shown == table.last_pressed:
        return True  # wait until the group shows the table as it is
    buttons = labels(message)
    if table.step == "lobby":
        press = {
            "join": (table.guest, "✋ Join"),
            "settings": (table.creator, "⚙️ Settings"),
            "cpu": (table.creator, "🤖 + hard"),
            "pace": (table.creator, "CPU pace: normal"),
            "back": (table.creator, "⬅️ Back"),
            "start": (table.creator, "▶️ Start"),
        }
        order = list(press)
        stage = getattr(table, "stage", "join")
        user, label = press[stage]
        if label not in buttons:
            return True
        _press(api, table, message, user, label)
        next_index = order.index(stage) + 1
        if next_index < len(order):
            table.stage = order[next_index]
        else:
            table.step = "play"
        return True
    if "▶️" not in message["text"]:
        return True
    name = acting_name(message)
    if name not in table.people:
        return True  # the CPU's turn
    label = (
        "❗ Challenge"
        if "❗ Challenge" in buttons
        else next((b for b in buttons if b[:1].isdigit() or b == "Mia"), None)
    )
    if label is None:
        return True
    _press(api, table, message, table.people[name], label)
    return True


LATENCIES: list[float] = []  # seconds from a press to the table message showing its result


def stamp(message: dict) -> tuple[str, int] | None:
    """(kind, stamp) of the table message's first game or lobby button: the decision token a
    game button carries, the table version a lobby button carries."""
    for row in keyboard(message):
        for button in row:
            parts = button.get("callback_data", "").split(":")
            if len(parts) >= 4 and parts[2] in ("g", "l"):
                return parts[2], int(parts[1])
    return None


def _press(api: FakeBotApi, table: Table, message: dict, user: int, label: str) -> None:
    data = api.button_data(table.chat_id, message["message_id"], label)
    api.press(user, message["message_id"], table.chat_id, data)
    table.actions += 1
    table.last_pressed = stamp(message)
    table.pressed_at = time.monotonic()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--timeout", type=float, default=900)
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory() as data,
        RedisServer(Path(data) / "redis") as server,
        FakeBotApi(TOKEN, flood_limits=True) as api,
    ):
        env = bot_env(
            api,
            server.url,
            GROUP_MESSAGES_PER_MINUTE="20",
            CHAT_MESSAGES_PER_SECOND="1",
            TABLE_EDIT_INTERVAL="1.0",
            LOG_LEVEL="WARNING",
        )
        bot = BotProcess(env, Path(data) / "bot.log").start()
        store = TableStore(redis.Redis.from_url(server.url))
        started = time.monotonic()
        try:
            api.wait_for(lambda: api.is_polling, timeout=30)
            tables = [Table(api, index) for index in range(args.tables)]
            while time.monotonic() - started < args.timeout:
                active = [drive(table, api, store) for table in tables]
                if not any(active):
                    break
                time.sleep(0.05)
        finally:
            bot.stop()
        finished = sum(table.step == "done" for table in tables)
        presses = sum(table.actions for table in tables)
        # Every change a table went through is an action: /mia, each press, each CPU move.
        actions = sum(store.load(t.table_id).version for t in tables if t.table_id)
        group_calls = sum(
            count
            for chat_id, methods in api.stats["per_chat"].items()
            if int(chat_id) < 0
            for method, count in methods.items()
            if method in GROUP_METHODS
        )
        per_method: dict[str, int] = {}
        for chat_id, methods in api.stats["per_chat"].items():
            if int(chat_id) < 0:
                for method, count in methods.items():
                    per_method[method] = per_method.get(method, 0) + count
        print(
            f"calls to the groups by method: {per_method}; "
            f"not modified: {api.stats.get('not_modified')}"
        )
        print(
            f"finished={finished}/{args.tables} seconds={time.monotonic() - started:.0f} "
            f"presses={presses} violations={len(api.violations)} "
            f"unanswered={len(api.unanswered_queries())}"
        )
        if LATENCIES:
            ordered = sorted(LATENCIES)
            p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
            print(
                f"press_to_table_ms median={statistics.median(ordered) * 1000:.0f} "
                f"p90={p90 * 1000:.0f} presses_timed={len(ordered)}"
            )
        print(
            f"tables={args.tables} actions={actions} "
            f"group_calls_per_action={group_calls / max(1, actions):.2f} "
            f"http_429={api.stats['http_429']}"
        )


if __name__ == "__main__":
    main()
