"""Mia complete, through the real bot: solo practice against CPUs to the end, stats, /log,
/verify and a rematch; the tutorial's tips; turn timers fired by two bot processes."""

from __future__ import annotations

import re

import pytest
import redis

from games.registry import BUILT_IN
from tables.table import lobby
from tables.table.model import ChatRef
from tables.table.store import TableStore
from tests.support.bot_process import BotProcess, bot_env
from tests.telegram_bot.group_chat import GroupChat, acting_name, labels, table_version
from translations import tr

ALICE, BOB = 1, 2
GROUP = -100900
CLAIMS = [
    "31",
    "32",
    "41",
    "42",
    "43",
    "51",
    "52",
    "53",
    "54",
    "61",
    "62",
    "63",
    "64",
    "65",
    "11",
    "22",
    "33",
    "44",
    "55",
    "66",
    "Mia",
]


def in_game(message) -> bool:
    return re.search(r"· round \d+\n", message["text"]) is not None


def replies(api, chat_id: int, contains: str) -> list[str]:
    return [
        m["text"]
        for m in api.messages(chat_id)
        if not m["deleted"] and contains in (m["text"] or "")
    ]


def wait_reply(api, chat_id: int, contains: str, timeout: float = 15) -> str:
    return api.wait_for(lambda: (replies(api, chat_id, contains) or [None])[-1], timeout=timeout)


def alice_plays_until_the_end(chat: GroupChat, name: str = "Alice") -> None:
    """Alice claims the lowest legal claim at or above her roll, and challenges every claim."""
    for _ in range(300):

        def ready():
            if any("wins the game" in text for text in chat.story()):
                return {"over": True}
            message = chat.table_message()
            if message and in_game(message) and acting_name(message) == name:
                return message
            return None

        message = chat.api.wait_for(ready, timeout=30)
        if message.get("over"):
            return
        buttons = labels(message)
        if "❗ Challenge" in buttons:
            chat.press(ALICE, "❗ Challenge", message)
        else:
            roll = re.search(r"\n(\d\d)", chat.press(ALICE, "👀 My dice", message)["text"])[1]
            legal = [b for b in buttons if b in CLAIMS]
            want = "Mia" if roll == "21" else roll
            choice = want if want in legal else legal[0]
            chat.press(ALICE, choice, message)
        chat.wait_newer_than(table_version(message), timeout=30)
    raise AssertionError("the game did not end")


def test_solo_practice_against_cpus_then_stats_log_verify_and_rematch(bot, bot_api):
    bot_api.add_user(ALICE, "Alice")
    chat = GroupChat(bot_api, ALICE)
    bot_api.send_message(ALICE, ALICE, "/mia")
    lobby_message = chat.wait_table(lambda m: "2. 🤖 Ada (normal)" in m["text"])
    chat.press(ALICE, "⚙️ Settings", lobby_message)
    chat.wait_table(lambda m: "🤖 + hard" in labels(m))
    chat.press(ALICE, "🤖 + hard")
    chat.wait_table(lambda m: "Lives: 3" in labels(m) and "3. 🤖 Grace" in m["text"])
    chat.press(ALICE, "Lives: 3")  # 3 -> 5
    chat.wait_table(lambda m: "Lives: 5" in labels(m))
    chat.press(ALICE, "Lives: 5")  # 5 -> 6
    chat.wait_table(lambda m: "Lives: 6" in labels(m))
    chat.press(ALICE, "Lives: 6")  # 6 -> 2: a short game
    chat.wait_table(lambda m: "Lives: 2" in labels(m))
    chat.press(ALICE, "CPU pace: normal")  # -> fast
    chat.wait_table(lambda m: "CPU pace: fast" in labels(m))
    chat.press(ALICE, "⬅️ Back")
    chat.wait_table(lambda m: "▶️ Start" in labels(m))
    chat.press(ALICE, "▶️ Start")
    chat.wait_table(in_game)  # CPUs may already have played a round

    alice_plays_until_the_end(chat)
    story = "\n".join(chat.story())
    assert re.search(r"🏆 .+ wins the game!", story)
    final = chat.wait_table(lambda m: labels(m) == ["🔁 Rematch"])

    bot_api.send_message(ALICE, ALICE, "/stats")
    assert "games 1," in wait_reply(bot_api, ALICE, "📊 Alice")

    bot_api.send_message(ALICE, ALICE, "/log")
    document = bot_api.wait_for(lambda: bot_api.documents[-1] if bot_api.documents else None)
    log = document["bytes"].decode()
    assert "Round 1" in log and "claims" in log and "🏆" in log and "SHA-256(" in log

    assert "SHA-256(" not in story  # the chat shows a short mark; the proofs are /log's
    proof = re.search(r"🔐 SHA-256\((\S+)\) = ([0-9a-f]{64})", log)
    assert proof, log
    bot_api.send_message(ALICE, ALICE, f"/verify {proof[2]} {proof[1]}")
    assert wait_reply(bot_api, ALICE, "✅ It matches")
    tampered = proof[1][:-1] + ("0" if proof[1][-1] != "0" else "1")
    bot_api.send_message(ALICE, ALICE, f"/verify {proof[2]} {tampered}")
    assert wait_reply(bot_api, ALICE, "❌ It does not match")

    chat.press(ALICE, "🔁 Rematch", final)
    assert "Rematch!" in wait_reply(bot_api, ALICE, "Rematch!")
    chat.wait_table(lambda m: in_game(m) and table_version(m) > table_version(final))


def test_the_tutorial_shows_a_tip_at_each_decision_and_never_counts(bot, bot_api, redis_client):
    bot_api.add_user(ALICE, "Alice")
    chat = GroupChat(bot_api, ALICE)
    bot_api.send_message(ALICE, ALICE, "/tutorial")
    assert wait_reply(bot_api, ALICE, "Welcome to the Mia tutorial")
    tips = set()
    for _ in range(3):
        message = chat.wait_table(lambda m: in_game(m) and acting_name(m) == "Alice", timeout=20)
        tip = re.search(r"💡 .*", message["text"])
        assert tip, message["text"]
        tips.add(tip[0])
        buttons = labels(message)
        chat.press(ALICE, "❗ Challenge" if "❗ Challenge" in buttons else "31", message)
        chat.wait_newer_than(table_version(message), timeout=20)
    # Each tip names one move (and says why).
    assert all(re.match(r"💡 (Claim \S+|Challenge|Accept and roll)[,:]", tip) for tip in tips), tips
    bot_api.send_message(ALICE, ALICE, "/cancel")
    bot_api.wait_for(lambda: chat.table_message() is None)
    assert redis_client.hget("tutorial:{1}:mia", "started") == b"1"
    assert not redis_client.exists("stats:user:{1}:mia")


def test_turn_timers_fire_once_with_two_bot_processes(bot, bot_api, redis_server, tmp_path):
    """A second bot process (a worker: no polling) sweeps the same deadlines."""
    worker = BotProcess(
        bot_env(bot_api, redis_server.url, BOT_ROLE="worker"), tmp_path / "worker.log"
    ).start()
    try:
        # The worker sweeps from the start (else the polling bot alone fires every timer).
        bot_api.wait_for(lambda: "worker running" in worker.log, timeout=90)
        bot_api.add_user(ALICE, "Alice")
        bot_api.add_user(BOB, "Bob")
        bot_api.add_chat(GROUP, members=[ALICE, BOB])
        chat = GroupChat(bot_api, GROUP)
        bot_api.send_message(ALICE, GROUP, "/mia")
        chat.wait_table(lambda m: "a new table is open" in m["text"])
        chat.press(BOB, "✋ Join")
        chat.wait_table(lambda m: "2. Bob" in m["text"])
        store = TableStore(redis.Redis.from_url(redis_server.url))
        table = store.find_open(ChatRef(GROUP))
        # An operator shortens the timer (the lobby offers 30 s and up) to keep the test short.
        store.change(table.id, lambda t: lobby.change_setting(t, ALICE, "turn_timer", 2))
        store.change(table.id, lambda t: lobby.change_setting(t, ALICE, "cpu_delay", 1.0))
        chat.press(ALICE, "▶️ Start")
        chat.wait_table(lambda m: "· round 1\n" in m["text"])

        # Nobody moves: timeouts, then a CPU stands in for whoever missed two turns.
        bot_api.wait_for(lambda: replies(bot_api, GROUP, "missed two turns"), timeout=30)
        absent = re.search(r"🤖 (\w+) missed two turns", replies(bot_api, GROUP, "missed")[0])[1]
        user = {"Alice": ALICE, "Bob": BOB}[absent]
        message = chat.wait_table(lambda m: f"A CPU plays for {absent}" in m["text"])
        chat.press(user, "👀 My dice", message)  # any button brings them back
        chat.wait_table(lambda m: f"A CPU plays for {absent}" not in m["text"], timeout=10)
        bot_api.send_message(ALICE, GROUP, "/cancel")
        bot_api.wait_for(lambda: chat.table_message() is None)
        # With the table closed nothing fires any more: every timeout fired once, told once.
        log = [e for batch in store.log.game_log(store.load(table.id), 1) for e in batch]
        timeouts = [e for e in log if e["type"] == "timed_out"]

        def all_told():
            told = sum(len(re.findall("ran out of time", t)) for t in chat.story())
            return told if told == len(timeouts) else None

        assert bot_api.wait_for(all_told) >= 2
        lives_lost = sum(e["lost"] for e in log if e["type"] == "lost_lives")
        assert lives_lost == sum(len(re.findall("💔", t)) for t in chat.story()) >= 2
    finally:
        worker.stop()
    assert "Traceback" not in worker.log, worker.log


# The registry's games; the first is /tutorial's own, above.
@pytest.mark.parametrize("game", BUILT_IN[1:], ids=lambda game: game.name)
def test_every_game_has_a_guided_tutorial_with_a_tip_at_the_players_decision(
    bot, bot_api, redis_client, game
):
    bot_api.add_user(ALICE, "Alice")
    chat = GroupChat(bot_api, ALICE)
    bot_api.send_message(ALICE, ALICE, f"/tutorial {game.command}")
    heading = tr("en", game.presentation.title)
    assert wait_reply(bot_api, ALICE, f"Welcome to the {heading} tutorial")
    message = chat.wait_table(lambda m: "💡" in m["text"], timeout=30)
    assert re.search(r"💡 .+", message["text"])
    assert redis_client.hget(f"tutorial:{{{ALICE}}}:{game.name}", "started") == b"1"
