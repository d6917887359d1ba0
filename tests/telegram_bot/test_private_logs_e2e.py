"""The real bot at ``LOG_LEVEL=DEBUG`` and ``LOG_FORMAT=json``: its log shows which Bot API
methods it called and what it received, never a player's secret or who sent an update.

A player looks at their dice (a private answer to a button press) and writes to the bot in
private (a private message back); the log holds neither the dice nor the private text, and
none of the people's ids that arrived in the updates.
"""

from __future__ import annotations

import json

import pytest

from tests.telegram_bot.group_chat import DICE_FACES, GroupChat, acting_name, labels

ANN, BEN = 730001234, 730005678  # ids no other number in the log could be mistaken for
GROUP = -100731
PEOPLE = {"Annika": ANN, "Benedikt": BEN}


@pytest.fixture
def bot_extra_env():
    return {"LOG_LEVEL": "DEBUG", "LOG_FORMAT": "json"}


def test_a_debug_log_holds_no_dice_no_private_text_and_no_user_ids(bot, bot_api):
    for name, user in PEOPLE.items():
        bot_api.add_user(user, name)
    bot_api.add_chat(GROUP, admins=[ANN], members=[BEN])
    chat = GroupChat(bot_api, GROUP)
    bot_api.send_message(ANN, GROUP, "/mia")
    chat.wait_table(lambda m: "a new table is open" in m["text"])
    chat.press(BEN, "✋ Join")
    chat.wait_table(lambda m: "2. Benedikt" in m["text"])
    chat.press(ANN, "▶️ Start")
    turn = chat.wait_table(lambda m: "👀 My dice" in labels(m))
    dice = chat.press(PEOPLE[acting_name(turn)], "👀 My dice", turn)
    assert dice["text"].startswith("Your dice") and dice["show_alert"] is True
    bot_api.send_message(BEN, BEN, "/start")
    bot_api.wait_for(lambda: [m for m in bot_api.messages(BEN) if m.get("from_bot", True)])
    replies = [m["text"] for m in bot_api.messages(BEN) if m.get("from_bot", True)]
    bot_api.wait_for(lambda: "answerCallbackQuery" in bot.log and "sendMessage" in bot.log)

    lines = [json.loads(line) for line in bot.log.splitlines() if line.startswith("{")]
    log = "\n".join(json.dumps(line, ensure_ascii=False) for line in lines)
    calls = [line["event"] for line in lines if "Bot API endpoint" in line["event"]]
    assert any("answerCallbackQuery" in event and "text" in event for event in calls), calls
    assert any("getUpdates" in event for event in calls), calls  # the updates' shape is logged
    assert dice["text"] not in log and "Your dice" not in log
    assert not any(face in log for face in DICE_FACES)
    for reply in replies:
        assert reply[:40] not in log
    for name, user in PEOPLE.items():
        assert str(user) not in log and name not in log
