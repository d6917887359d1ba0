"""Day-long games, as players meet them: one private reminder of a slow turn ("⏰ Your turn in
«Friday dice» — Mino Dice", a link to the table) for whoever opened a chat with the bot and
wants it, never twice for a turn, within Telegram's limits; /reminders and the reminder's
own button switch them off; /mygames lists every table with whose turn it is."""

from __future__ import annotations

import time

import pytest

from tables.table import lobby
from tables.table.model import ChatRef
from tables.table.store import TableStore
from tests.support.clock import Clock
from tests.telegram_bot.group_chat import GroupChat, labels
from tests.telegram_bot.test_commands_e2e import wait_reply

GROUP = -1001234567890
ALICE, BOB, CAROL = 701, 702, 703
DAY = 86400


@pytest.fixture
def bot_extra_env():
    # Telegram's own limits (the fake server enforces them below), and the Mini App's link.
    return {
        "MINIAPP_SHORT_NAME": "play",
        "CHAT_MESSAGES_PER_SECOND": "1",
        "GROUP_MESSAGES_PER_MINUTE": "20",
    }


def private_texts(api, user: int) -> list[dict]:
    return [m for m in api.messages(user) if m.get("from_bot", True) and not m["deleted"]]


def test_one_private_reminder_per_slow_turn_and_mygames(bot, bot_api, redis_client):
    bot_api.flood_limits_enabled = True
    bot_api.add_user(ALICE, "Alice", started_bot=True)
    bot_api.add_user(BOB, "Bob")  # never wrote to the bot: it may not write first
    bot_api.add_user(CAROL, "Carol", started_bot=True)
    bot_api.add_chat(GROUP, title="Friday dice", members=[ALICE, BOB, CAROL])
    bot_api.send_message(ALICE, ALICE, "/start")
    wait_reply(bot_api, ALICE, "I host table games")
    bot_api.send_message(CAROL, CAROL, "/reminders")
    wait_reply(bot_api, CAROL, "I remind you privately")
    switch = private_texts(bot_api, CAROL)[-1]
    GroupChat(bot_api, CAROL).press(CAROL, "🔕 Turn reminders off", switch)
    bot_api.wait_for(
        lambda: "🔔 Turn reminders on" in labels(bot_api.message(CAROL, switch["message_id"]))
    )

    chat = GroupChat(bot_api, GROUP)
    bot_api.send_message(ALICE, GROUP, "/minodice")
    chat.wait_table(lambda m: "✋ Join" in labels(m))
    clock = Clock()
    clock.now = time.time()
    store = TableStore(redis_client, clock=clock)
    table = bot_api.wait_for(lambda: store.find_open(ChatRef(GROUP)))
    for user, name in ((BOB, "Bob"), (CAROL, "Carol")):
        store.change(table.id, lambda t, u=user, n=name: lobby.join(t, u, n))
    store.change(table.id, lambda t: lobby.change_setting(t, ALICE, "turn_timer", DAY))
    table = store.change(table.id, lambda t: lobby.start(t, ALICE, store.rng)).table
    assert sorted(table.turns) == ["0", "1", "2"]  # everyone bids at once
    chat.wait_table(lambda m: "Hand 1" in m["text"] or "hand 1" in m["text"])

    # Ten minutes on (the test's clock; the bot's own sweeper keeps real time): the nudges.
    clock.now = time.time() + 601
    assert store.fire_deadline(table.id) is not None
    reminder = bot_api.wait_for(
        lambda: next((m for m in private_texts(bot_api, ALICE) if "⏰" in m["text"]), None)
    )
    assert reminder["text"].startswith("⏰ Your turn in «Friday dice» — Mino Dice")
    assert (
        "23 h" in reminder["text"] or "24 h" in reminder["text"] or "1440 min" in reminder["text"]
    )
    buttons = [b for row in reminder["reply_markup"]["inline_keyboard"] for b in row]
    assert buttons[0]["text"] == "🎲 Open the table"
    assert buttons[0]["url"] == f"https://t.me/mia_test_bot/play?startapp={table.id}"
    # Later deadlines of the same turn never remind again.
    clock.now += 3600
    store.fire_deadline(table.id)
    bot_api.send_message(ALICE, ALICE, "/mygames")
    listing = wait_reply(bot_api, ALICE, "🎲 Your tables")
    assert "1. Mino Dice in «Friday dice»" in listing and "▶️ your turn (" in listing
    assert "🔔" in listing
    links = private_texts(bot_api, ALICE)[-1]["reply_markup"]["inline_keyboard"]
    assert links[0][0]["url"] == f"https://t.me/mia_test_bot/play?startapp={table.id}"
    reminders = [m for m in private_texts(bot_api, ALICE) if "⏰" in m["text"]]
    assert len(reminders) == 1  # one per turn per person
    assert not any("⏰" in m["text"] for m in private_texts(bot_api, CAROL))  # she said no
    assert bot_api.messages(BOB) == []  # no chat with the bot: nothing
    # The reminder's own button switches them off.
    GroupChat(bot_api, ALICE).press(ALICE, "🔕 No more reminders", reminder)
    bot_api.wait_for(
        lambda: "🔔 Turn reminders on" in labels(bot_api.message(ALICE, reminder["message_id"]))
    )
    assert "🎲 Open the table" in labels(bot_api.message(ALICE, reminder["message_id"]))
    bot_api.send_message(BOB, GROUP, "/mygames")
    wait_reply(bot_api, GROUP, "Send /mygames in a private chat with me.")
    assert bot_api.take_violations() == []  # Telegram's limits were kept
