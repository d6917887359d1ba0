"""A choice too large for one keyboard, made in steps in a group through the real bot, at
Telegram's real limits (the local Bot API server answers 429 beyond them).

The toy game's calls preset offers 108 calls (quantity × rank): the table message shows the
twelve quantities; a quantity opens its ranks, with Back; a rank makes the call. The keyboard
is the group's, one for everyone: only a seat that may act opens a step, a step of an older
decision is stale, forged step data is refused, and each step costs exactly one edit of the
keyboard. The group's transcript (every call the bot made, and who pressed what) is written
to test-artifacts/transcripts/toy_steps.txt for a person to read.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import redis

from tables.model import ChatRef
from tables.store import TableStore
from tests.support import FakeBotApi
from tests.support.bot_process import TOKEN, BotProcess, bot_env
from tests.telegram_bot.group_chat import GroupChat, button, labels

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "transcripts"
ANN, BEN, DAN = 21, 22, 24
GROUP = -100777
QUANTITIES = [f"{q} × …" for q in range(1, 13)]
FLOOD_METHODS = ("sendMessage", "editMessageText", "editMessageReplyMarkup")


@pytest.fixture
def limited_api():
    with FakeBotApi(TOKEN, flood_limits=True) as api:
        yield api


@pytest.fixture
def bot(limited_api, redis_server, tmp_path):
    redis.Redis.from_url(redis_server.url).flushall()
    env = bot_env(
        limited_api,
        redis_server.url,
        EXTRA_GAMES="tests.support.toy_game",
        GROUP_MESSAGES_PER_MINUTE="20",
        CHAT_MESSAGES_PER_SECOND="1",
        TABLE_EDIT_INTERVAL="1.0",
    )
    process = BotProcess(env, tmp_path / "bot.log").start()
    try:
        limited_api.wait_for(lambda: limited_api.is_polling, timeout=60)
        yield process
    finally:
        process.stop()
    assert "Traceback" not in process.log, process.log
    limited_api.assert_clean()


class Transcript:
    """What the group saw, in order: each press, its answer, and each call the bot made."""

    def __init__(self, api: FakeBotApi) -> None:
        self.api = api
        self.lines: list[str] = []
        self.calls_seen = 0

    def catch_up(self) -> None:
        calls = self.api.calls
        for method, params in calls[self.calls_seen :]:
            if method in (*FLOOD_METHODS, "answerCallbackQuery"):
                self.lines.append(f"  bot {method}: {describe(params)}")
        self.calls_seen = len(calls)

    def press(self, chat: GroupChat, who: str, user: int, label: str, message=None) -> dict:
        self.catch_up()
        answer = chat.press(user, label, message)
        self.lines.append(f"{who} presses {label!r}")
        return answer

    def press_data(self, chat: GroupChat, who: str, user: int, message_id: int, data: str):
        self.catch_up()
        answer = chat.press_data(user, message_id, data, check=False)
        self.lines.append(f"{who} presses a button with data {data!r}")
        return answer


def describe(params: dict) -> str:
    text = params.get("text")
    markup = params.get("reply_markup") or {}
    if isinstance(markup, str):
        markup = json.loads(markup)
    rows = [" ".join(b["text"] for b in row) for row in markup.get("inline_keyboard", [])]
    parts = [repr(" ⏎ ".join(text.splitlines()))] if text is not None else []
    if rows:
        parts.append("[" + " | ".join(rows) + "]")
    return " ".join(parts) or "(silent)"


def test_a_call_in_two_steps_on_the_group_keyboard(bot, limited_api, redis_server):
    api = limited_api
    for name, user in (("Ann", ANN), ("Ben", BEN), ("Dan", DAN)):
        api.add_user(user, name)
    api.add_chat(GROUP, members=[ANN, BEN, DAN])
    chat = GroupChat(api, GROUP)
    seen = Transcript(api)
    store = TableStore(redis.Redis.from_url(redis_server.url))
    api.send_message(ANN, GROUP, "/toy")
    chat.wait_table(lambda m: "Toy: a new table is open" in m["text"])
    seen.press(chat, "Ann", ANN, "⚙️ Settings")
    chat.wait_table(lambda m: "Rules: standard" in labels(m))
    seen.press(chat, "Ann", ANN, "Rules: standard")
    chat.wait_table(lambda m: "Rules: calls" in labels(m))
    seen.press(chat, "Ann", ANN, "⬅️ Back")
    chat.wait_table(lambda m: "✋ Join" in labels(m))
    seen.press(chat, "Ben", BEN, "✋ Join")
    chat.wait_table(lambda m: "2. Ben" in m["text"])
    seen.press(chat, "Ann", ANN, "▶️ Start")
    first = chat.wait_table(lambda m: "Everyone calls at once." in m["text"])
    assert labels(first) == ["🃏 My hand", *QUANTITIES]
    table_id = store.find_open(ChatRef(GROUP)).id
    steps_before = len(api.calls_to("editMessageReplyMarkup"))

    # Ann opens 5: everyone's keyboard shows the ranks of 5, and Back.
    opened = seen.press(chat, "Ann", ANN, "5 × …")
    assert not opened.get("text")  # no alert, no toast: the keyboard says it
    five = chat.wait_table(lambda m: "5 × 3+" in labels(m))
    assert labels(five) == ["🃏 My hand", *[f"5 × {r}+" for r in range(1, 10)], "⬅️ Back"]
    # Dan, watching, may not turn the group's keyboard.
    refused = seen.press(chat, "Dan", DAN, "⬅️ Back")
    assert refused["text"] == "You are not playing at this table."
    # Back, another quantity, and the call.
    seen.press(chat, "Ann", ANN, "⬅️ Back")
    chat.wait_table(lambda m: labels(m) == ["🃏 My hand", *QUANTITIES])
    seen.press(chat, "Ann", ANN, "7 × …")
    seven = chat.wait_table(lambda m: "7 × 2+" in labels(m))
    done = seen.press(chat, "Ann", ANN, "7 × 2+", seven)
    assert done["text"] == "✓ 7 × 2+"
    shown = chat.wait_table(lambda m: "🃏3 · ✓" in m["text"])  # Ann's seat: called
    # The step stays open for Ben, who decides the same question; Ann has called.
    assert "7 × 2+" in labels(shown)
    refused = seen.press(chat, "Ann", ANN, "⬅️ Back")
    assert refused["text"] == "It's not your turn: waiting for Ben."
    seen.press(chat, "Ben", BEN, "⬅️ Back")
    chat.wait_table(lambda m: labels(m) == ["🃏 My hand", *QUANTITIES])
    seen.press(chat, "Ben", BEN, "3 × …")
    three = chat.wait_table(lambda m: "3 × 9+" in labels(m))
    assert seen.press(chat, "Ben", BEN, "3 × 9+", three)["text"] == "✓ 3 × 9+"
    playing = chat.wait_table(lambda m: "🃏 Play a card" in labels(m))
    assert "Ann 7×2+, Ben 3×9+" in playing["text"]
    assert not any("×" in label for label in labels(playing))

    # A step of the calling decision, pressed on an old copy of the message: stale.
    old = button(first, "5 × …")
    stale = seen.press_data(chat, "Ann", ANN, first["message_id"], old)
    assert stale["text"] == "Too late: the table has moved on."
    # Forged step data: no such step, or no step at all.
    token = store.load(table_id).state["step"]
    assert token != int(old.split(":")[1])  # the calling decision is over
    for forged in (f"{table_id}:{token}:s:99", f"{table_id}:{token}:s:A.b"):
        answer = seen.press_data(chat, "Ann", ANN, playing["message_id"], forged)
        assert answer["text"] == "This button is not valid."
    assert store.load(table_id).state["bids"] == [72, 39]  # the calls, and nothing else

    # Each step opened cost one edit of the keyboard (5, Back, 7; Ben's Back, 3), and the
    # group never met Telegram's flood control.
    assert len(api.calls_to("editMessageReplyMarkup")) - steps_before == 5
    assert api.stats["http_429"] == 0, api.stats
    seen.catch_up()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "toy_steps.txt").write_text("\n".join(seen.lines) + "\n", encoding="utf-8")
