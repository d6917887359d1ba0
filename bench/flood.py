"""``python -m bench.flood``: whole games in many groups through the real bot, at Telegram's
real limits, at a person's pace.

Starts the real bot process against the tests' Bot-API-speaking server with Telegram's flood
limits switched on (about 1 message a second per chat, 20 a minute per group, 30 a second
overall; 429 with retry_after beyond). For each game (``--game``, all three by default)
``--tables`` groups each open a table of ``--people`` people (and ``--cpus`` CPUs) and play a
full-length game with its standard rules, every person choosing what a normal CPU would
choose for them. A person acts once the group's table message shows their turn, after
thinking like a person on a phone: a button takes 1.5–4 s, a card or die chosen in inline
mode 2.5–6 s (tap the button, wait for the hand, pick), drawn at random but the same in every
run (``--seed``).

A move is any change a table goes through (opening it, a press, an inline choice, a CPU's
move). Per game it prints, last:
``game=… tables=… moves=… group_calls_per_move=… press_to_table_ms median=… p90=… max=…
messages_per_move=… http_429=…``, where group calls are those Telegram's flood limits count
(sendMessage, editMessageText, editMessageReplyMarkup, sendDocument to the groups; deletes,
which they do not count, are printed beside them, and all_calls_per_move counts both;
``--admin`` makes the bot an admin that may delete players' posts in every group),
press_to_table the time from a press (or inline choice) to the
group's table message showing its result, and messages_per_move the messages left in the
groups at the end (the bot's and the players' posts) per move.
Targets: group_calls_per_move <= 1.0, http_429 = 0, median <= 1000, p90 <= 3000.

People play from their panels (ephemeral messages, telegram_bot.panels) unless ``--inline``;
a second line per game then says
``game=… group_calls_per_move=… ephemeral_calls_per_move=… player_posts_per_move=…
deletes_per_move=… press_to_panel_ms median=… p90=…``: ephemeral calls are the panels'
sends, edits and deletes (one member sees each), player posts the messages left in a
player's name, press_to_panel the time from a press (the 👀 tap included) to the presser's
panel showing its result. Target: p90 <= 1000.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import redis

from games.registry import GAMES
from games.rng import DeterministicRng
from tables.engine.redis_server import RedisServer
from tables.table.store import TableStore
from tests.support import FakeBotApi
from tests.support.bot_process import TOKEN, BotProcess, bot_env
from tests.support.group_play import GroupTable, Person

FLOOD_METHODS = ("sendMessage", "editMessageText", "editMessageReplyMarkup", "sendDocument")
THINK = {"button": (1.5, 4.0), "inline": (2.5, 6.0)}  # seconds, low and high


def thinking(seed: str):  # type: ignore[no-untyped-def]
    """How long a person takes to act, by kind of choice: drawn from a seeded stream, so the
    same in every run."""
    draw = DeterministicRng(seed)

    def think(kind: str) -> float:
        low, high = THINK[kind]
        return low + (high - low) * draw.randbelow(1001) / 1000

    return think


def make_tables(api: FakeBotApi, store: TableStore, args: argparse.Namespace) -> list[GroupTable]:
    tables = []
    for game_index, game in enumerate(args.game):
        for index in range(args.tables):
            number = game_index * 1000 + index
            people = [
                Person(f"P{number}-{n}", 10_000_000 + number * 10 + n) for n in range(args.people)
            ]
            tables.append(
                GroupTable(
                    api,
                    store,
                    game,
                    -(10**12) - number,
                    people,
                    cpus=args.cpus,
                    think=thinking(f"{args.seed}:{game}:{index}"),
                    seed=f"{args.seed}:{game}:{index}",
                    bot_is_admin=args.admin,
                    panels=args.panels,
                )
            )
    return tables


def report(api: FakeBotApi, store: TableStore, game: str, tables: list[GroupTable]) -> None:
    mine = [t for t in tables if t.game == game]
    chats = {t.chat_id for t in mine}
    per_chat = api.stats["per_chat"]
    methods: dict[str, int] = {}
    for chat_id in chats:
        for method, count in per_chat.get(chat_id, {}).items():
            methods[method] = methods.get(method, 0) + count
    calls = sum(methods.get(method, 0) for method in FLOOD_METHODS)
    deletes = methods.get("deleteMessage", 0) + methods.get("deleteMessages", 0)
    ephemeral_chats = api.stats["ephemeral_per_chat"]
    ephemeral = sum(sum(ephemeral_chats.get(chat_id, {}).values()) for chat_id in chats)
    posts = sum(1 for chat_id in chats for m in api.messages(chat_id) if not m["from_bot"])
    panel = sorted(latency for t in mine for latency in t.panel_latencies)
    moves = sum(store.load(t.table_id).version for t in mine if t.table_id)
    kept = sum(1 for chat_id in chats for m in api.messages(chat_id) if not m["deleted"])
    latencies = sorted(latency for t in mine for latency in t.latencies)
    finished = sum(t.done for t in mine)
    print(
        f"{game}: calls by method {dict(sorted(methods.items()))}; finished {finished}/{len(mine)}"
    )
    if latencies:
        median = statistics.median(latencies) * 1000
        p90 = latencies[min(len(latencies) - 1, int(0.9 * len(latencies)))] * 1000
        slowest = latencies[-1] * 1000
    else:
        median = p90 = slowest = float("nan")
    print(
        f"game={game} tables={len(mine)} moves={moves} "
        f"group_calls_per_move={calls / max(1, moves):.2f} "
        f"deletes_per_move={deletes / max(1, moves):.2f} "
        f"all_calls_per_move={(calls + deletes) / max(1, moves):.2f} "
        f"press_to_table_ms median={median:.0f} p90={p90:.0f} max={slowest:.0f} "
        f"messages_per_move={kept / max(1, moves):.2f} http_429={api.stats['http_429']}"
    )
    panel_median = statistics.median(panel) * 1000 if panel else float("nan")
    panel_p90 = panel[min(len(panel) - 1, int(0.9 * len(panel)))] * 1000 if panel else float("nan")
    print(
        f"game={game} group_calls_per_move={calls / max(1, moves):.2f} "
        f"ephemeral_calls_per_move={ephemeral / max(1, moves):.2f} "
        f"player_posts_per_move={posts / max(1, moves):.2f} "
        f"deletes_per_move={deletes / max(1, moves):.2f} "
        f"press_to_panel_ms median={panel_median:.0f} p90={panel_p90:.0f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES))
    parser.add_argument("--tables", type=int, default=10, help="groups per game")
    parser.add_argument("--people", type=int, default=3)
    parser.add_argument("--cpus", type=int, default=0)
    parser.add_argument(
        "--admin", action="store_true", help="the bot may delete players' posts in every group"
    )
    parser.add_argument(
        "--inline", dest="panels", action="store_false",
        help="play through inline mode and the table's buttons, without panels",
    )  # fmt: skip
    parser.add_argument("--seed", default="bench.flood")
    parser.add_argument("--timeout", type=float, default=2400)
    args = parser.parse_args()
    args.game = args.game or sorted(GAMES)
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
            EPHEMERAL_PANELS="on" if args.panels else "off",
        )
        bot = BotProcess(env, Path(data) / "bot.log").start()
        store = TableStore(redis.Redis.from_url(server.url))
        started = time.monotonic()
        try:
            api.wait_for(lambda: api.is_polling, timeout=30)
            tables = make_tables(api, store, args)
            while time.monotonic() - started < args.timeout:
                if not any([table.step() for table in tables]):
                    break
                time.sleep(0.02)
        finally:
            bot.stop()
        print(
            f"seconds={time.monotonic() - started:.0f} violations={len(api.violations)} "
            f"unanswered={len(api.unanswered_queries())} people={args.people} cpus={args.cpus}"
        )
        for line in [*api.violations, *api.unanswered_presses()][:10]:
            print(f"  ! {line}")
        for game in args.game:
            report(api, store, game, tables)


if __name__ == "__main__":
    main()
