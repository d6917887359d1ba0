"""A choice too large for one keyboard, made in steps in a group through the real bot, at
Telegram's real limits (the local Bot API server answers 429 beyond them).

The toy game offers 108 calls (quantity × rank) in two steps: the table message shows the
twelve quantities, a quantity its ranks, a rank makes the call.

- Open calls (one seat at a time, each call shown as made): the steps open on the group's
  keyboard, one for everyone. Only the seat to act opens one, a step of an older decision is
  stale, forged step data is refused, each step costs exactly one edit of the keyboard, and
  the step closes once its opener has called.
- Hidden calls (everyone at once, shown when all are in): a step opened on the group's
  keyboard would show everyone what its opener is calling, so it never opens there. Each
  quantity writes ``@bot <table> <quantity>`` in its presser's own input box, and the ranks
  come as their own inline results; the line a call leaves names no call.

The group's transcripts (every call the bot made, and who pressed what) are written to
test-artifacts/transcripts/toy_steps*.txt for a person to read.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import redis

from tables.table.model import ChatRef
from tables.table.store import TableStore
from tests.support import FakeBotApi
from tests.support.bot_process import TOKEN, BotProcess, bot_env
from tests.telegram_bot.group_chat import GroupChat, button, labels

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "transcripts"
ANN, BEN, DAN = 21, 22, 24
GROUP = -100777
QUANTITIES = [f"{q} × …" for q in range(1, 13)]
CALL_LABEL = re.compile(r"\d+ × \d\+")  # a call on a button: "7 × 2+"
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


def open_table(api: FakeBotApi, chat: GroupChat, seen: Transcript, presses: int) -> None:
    """Ann opens a toy table, picks its rules (``presses`` of the Rules button), Ben joins,
    Ann starts."""
    for name, user in (("Ann", ANN), ("Ben", BEN), ("Dan", DAN)):
        api.add_user(user, name)
    api.add_chat(GROUP, members=[ANN, BEN, DAN])
    api.send_message(ANN, GROUP, "/toy")
    chat.wait_table(lambda m: "Toy: a new table is open" in m["text"])
    seen.press(chat, "Ann", ANN, "⚙️ Settings")
    for _ in range(presses):
        panel = chat.wait_table(lambda m: any(label.startswith("Rules") for label in labels(m)))
        rules = next(label for label in labels(panel) if label.startswith("Rules"))
        seen.press(chat, "Ann", ANN, rules)
        chat.wait_table(lambda m, r=rules: r not in labels(m))
    seen.press(chat, "Ann", ANN, "⬅️ Back")
    chat.wait_table(lambda m: "✋ Join" in labels(m))
    seen.press(chat, "Ben", BEN, "✋ Join")
    chat.wait_table(lambda m: "2. Ben" in m["text"])
    seen.press(chat, "Ann", ANN, "▶️ Start")


def write(seen: Transcript, name: str) -> None:
    seen.catch_up()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / name).write_text("\n".join(seen.lines) + "\n", encoding="utf-8")


def test_open_calls_in_two_steps_on_the_group_keyboard(bot, limited_api, redis_server):
    api = limited_api
    chat = GroupChat(api, GROUP)
    seen = Transcript(api)
    store = TableStore(redis.Redis.from_url(redis_server.url))
    open_table(api, chat, seen, presses=2)  # standard → calls → open calls
    first = chat.wait_table(lambda m: "📣 Ann" in m["text"])
    assert labels(first) == ["🃏 My hand", *QUANTITIES]
    table_id = store.find_open(ChatRef(GROUP)).id
    steps_before = len(api.calls_to("editMessageReplyMarkup"))

    # Ann opens 5: everyone's keyboard shows the ranks of 5, and Back.
    opened = seen.press(chat, "Ann", ANN, "5 × …")
    assert not opened.get("text")  # no alert, no toast: the keyboard says it
    five = chat.wait_table(lambda m: "5 × 3+" in labels(m))
    assert labels(five) == ["🃏 My hand", *[f"5 × {r}+" for r in range(1, 10)], "⬅️ Back"]
    # Dan, watching, may not turn the group's keyboard; nor Ben, whose call comes next.
    refused = seen.press(chat, "Dan", DAN, "⬅️ Back")
    assert refused["text"] == "You are not playing at this table."
    refused = seen.press(chat, "Ben", BEN, "⬅️ Back")
    assert refused["text"] == "It's not your turn: waiting for Ann."
    # Back, another quantity, and the call.
    seen.press(chat, "Ann", ANN, "⬅️ Back")
    chat.wait_table(lambda m: labels(m) == ["🃏 My hand", *QUANTITIES])
    seen.press(chat, "Ann", ANN, "7 × …")
    seven = chat.wait_table(lambda m: "7 × 2+" in labels(m))
    done = seen.press(chat, "Ann", ANN, "7 × 2+", seven)
    assert done["text"] == "✓ 7 × 2+"
    # The step closes once its opener has called: Ben starts from the quantities.
    bens = chat.wait_table(lambda m: "📣 Ben" in m["text"])
    assert labels(bens) == ["🃏 My hand", *QUANTITIES] and "7×2+" in bens["text"]
    refused = seen.press(chat, "Ann", ANN, "3 × …")
    assert refused["text"] == "It's not your turn: waiting for Ben."
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

    # Each step opened cost one edit of the keyboard (5, Back, 7; Ben's 3), and the group
    # never met Telegram's flood control.
    assert len(api.calls_to("editMessageReplyMarkup")) - steps_before == 4
    assert api.stats["http_429"] == 0, api.stats
    write(seen, "toy_steps.txt")


def keyboards_shown(api: FakeBotApi, since: int) -> list[list[str]]:
    """The labels of every keyboard the bot sent or edited into the group (from call
    ``since`` on)."""
    shown = []
    for method, params in api.calls[since:]:
        if method in FLOOD_METHODS and str(params.get("chat_id")) == str(GROUP):
            markup = params.get("reply_markup") or {}
            markup = json.loads(markup) if isinstance(markup, str) else markup
            shown.append([b["text"] for row in markup.get("inline_keyboard", []) for b in row])
    return shown


def call_privately(seen: Transcript, who: str, user: int, query_text: str, call: str) -> dict:
    """``user`` opens a step in their own inline results and makes the call there; the line
    posted to the group."""
    api = seen.api
    seen.catch_up()
    seen.lines.append(f"{who} types @bot {query_text!r} (a quantity's button) and picks {call!r}")
    query = api.inline_query(user, query_text, chat_id=GROUP)
    answer = api.wait_inline_answer(query)
    assert answer["is_personal"] is True and answer["cache_time"] == 0
    quantity = query_text.split()[1]
    assert [r["title"] for r in answer["results"]] == [f"{quantity} × {r}+" for r in range(1, 10)]
    chosen = next(result for result in answer["results"] if result["title"] == call)
    return api.choose_inline_result(user, query, chosen["id"], GROUP)


def test_a_hidden_call_opens_its_steps_only_in_the_callers_own_inline_results(
    bot, limited_api, redis_server
):
    api = limited_api
    chat = GroupChat(api, GROUP)
    seen = Transcript(api)
    store = TableStore(redis.Redis.from_url(redis_server.url))
    open_table(api, chat, seen, presses=1)  # standard → calls
    started = len(api.calls)
    first = chat.wait_table(lambda m: "Everyone calls at once." in m["text"])
    assert labels(first) == ["🃏 My hand", *QUANTITIES]
    table_id = store.find_open(ChatRef(GROUP)).id
    token = store.load(table_id).state["step"]
    # A quantity is no press on the group's keyboard: it writes a query in one's own box.
    seven = api.inline_button_query(GROUP, first["message_id"], "7 × …")
    assert seven == f"{table_id} 7"
    # Dan, watching, has nothing to call; a step pressed the old way opens nothing.
    nothing = api.wait_inline_answer(api.inline_query(DAN, seven, chat_id=GROUP))
    assert nothing["results"] == [] and "not playing" in nothing["button"]["text"]
    refused = seen.press_data(chat, "Ann", ANN, first["message_id"], f"{table_id}:{token}:s:7")
    assert refused["text"] == "This button is not valid."

    posted = call_privately(seen, "Ann", ANN, seven, "7 × 2+")
    assert posted["text"] == "🤫 I have made my choice."  # names no call
    called = chat.wait_table(lambda m: "🃏3 · ✓" in m["text"])  # Ann's seat: called
    assert labels(called) == ["🃏 My hand", *QUANTITIES]
    # Ann has called: her own results are empty now.
    again = api.wait_inline_answer(api.inline_query(ANN, seven, chat_id=GROUP))
    assert again["results"] == []
    three = api.inline_button_query(GROUP, called["message_id"], "3 × …")
    call_privately(seen, "Ben", BEN, three, "3 × 9+")
    playing = chat.wait_table(lambda m: "🃏 Play a card" in labels(m))
    assert "Ann 7×2+, Ben 3×9+" in playing["text"]
    assert store.load(table_id).state["bids"] == [72, 39]

    # The group's keyboard was never narrowed: no call, no Back, on any keyboard it saw.
    shown = [label for keyboard in keyboards_shown(api, started) for label in keyboard]
    assert "7 × …" in shown
    assert not any(CALL_LABEL.fullmatch(label) or label == "⬅️ Back" for label in shown)
    assert api.stats["http_429"] == 0, api.stats
    write(seen, "toy_steps_hidden.txt")
