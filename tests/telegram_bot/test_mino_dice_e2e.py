"""Mino Dice in a group, through the real bot: three friends and a CPU play a whole (quick)
game. Bids on the group's buttons, all at once and hidden until the last one; every die
chosen privately through inline mode and rolled in the open; a score story after each hand.

Reads like a transcript: who pressed what, what the group saw, what each player's inline
results held (their own dice only).
"""

from __future__ import annotations

import re

import redis

from tables.table import lobby
from tables.table.model import ChatRef
from tables.table.store import TableStore
from tests.telegram_bot.group_chat import GroupChat, labels, table_version

ANN, BEN, CAT = 21, 22, 23
GROUP = -100910
PEOPLE = {"Ann": ANN, "Ben": BEN, "Cat": CAT}
BIDS = {str(n) for n in range(9)}


def setup(api) -> GroupChat:
    for name, user in PEOPLE.items():
        api.add_user(user, name)
    api.add_chat(GROUP, members=list(PEOPLE.values()))
    return GroupChat(api, GROUP)


def acting_people(message: dict) -> list[int]:
    names = re.findall(r"^▶️ (\w+)", message["text"], re.MULTILINE)
    return [PEOPLE[name] for name in names if name in PEOPLE]


def is_to_act(store: TableStore, table_id: str, user: int) -> bool:
    table = store.load(table_id)
    return table.status == "playing" and table.state["turn"] == table.seat_of(user)


def held_dice(store: TableStore, table_id: str, user: int) -> list[str]:
    table = store.load(table_id)
    return [f"d{die}" for die in table.state["held"][table.seat_of(user)]]


def test_three_friends_and_a_cpu_play_mino_dice_with_bids_and_inline_rolls(
    bot, bot_api, redis_server
):
    chat = setup(bot_api)
    store = TableStore(redis.Redis.from_url(redis_server.url))
    bot_api.send_message(ANN, GROUP, "/minodice")
    chat.wait_table(lambda m: "Mino Dice: a new table is open" in m["text"])
    chat.press(BEN, "✋ Join")
    chat.wait_table(lambda m: "2. Ben" in m["text"])
    chat.press(CAT, "✋ Join")
    chat.wait_table(lambda m: "3. Cat" in m["text"])
    chat.press(ANN, "⚙️ Settings")
    chat.wait_table(lambda m: "Rules: standard" in labels(m))
    chat.press(ANN, "Rules: standard")  # -> quick: 4 hands
    chat.wait_table(lambda m: "Rules: quick" in labels(m))
    chat.press(ANN, "🤖 + normal")
    chat.wait_table(lambda m: "4. 🤖 Ada" in m["text"])
    table_id = store.find_open(ChatRef(GROUP)).id
    # An operator's quicker CPU (the lobby offers 1 s and up) keeps the test short.
    store.change(table_id, lambda t: lobby.change_setting(t, ANN, "cpu_delay", 0.3))
    chat.press(ANN, "⬅️ Back")
    chat.wait_table(lambda m: "▶️ Start" in labels(m))
    chat.press(ANN, "▶️ Start")
    first = chat.wait_table(lambda m: "hand 1 of 4" in m["text"])
    assert "bid how many tricks you will win" in first["text"]

    rolls = bids = 0
    for _step in range(200):
        message = chat.table_message()
        if message is None or "🔁 Rematch" in labels(message):
            break
        buttons = labels(message)
        if BIDS & set(buttons):
            # Everyone still to bid bids at once; the group sees who has bid, never what.
            waiting = acting_people(message)
            answers = [chat.press(user, "0" if user != BEN else "1", message) for user in waiting]
            assert all("Nobody sees it until everyone has bid" in a["text"] for a in answers)
            bids += len(waiting)
            after = chat.wait_newer_than(table_version(message), timeout=20)
            if after is not None and "has bid" in after["text"]:
                assert "🎯 The bids" not in after["text"]
            continue
        if "🎲 Roll a die" in buttons and acting_people(message):
            (user,) = acting_people(message)
            if not is_to_act(store, table_id, user):  # the chat is a moment behind: look again
                chat.wait_newer_than(table_version(message), timeout=20)
                continue
            query_text = bot_api.inline_button_query(GROUP, message["message_id"], "Roll a die")
            query = bot_api.inline_query(user, query_text, chat_id=GROUP)
            answer = bot_api.wait_inline_answer(query)
            assert answer["is_personal"] is True and answer["cache_time"] == 0
            shown = {r["id"].split(":")[2] for r in answer["results"]}
            assert shown <= set(held_dice(store, table_id, user))  # their dice, nobody else's
            playable = [r for r in answer["results"] if r.get("description") == "Tap to play it."]
            assert playable == answer["results"]  # a die that may not be rolled is no result
            # They never wrote to the bot: the button above asks them to, to hear refusals.
            assert answer["button"]["text"].startswith("💬 Open a chat with me")
            before = store.load(table_id).version
            bot_api.choose_inline_result(user, query, playable[0]["id"], GROUP)
            bot_api.wait_for(lambda b=before: store.load(table_id).version > b, timeout=20)
            rolls += 1
        chat.wait_newer_than(table_version(message), timeout=20)
    else:
        raise AssertionError("the game did not end")

    assert bids == 3 * 4 and rolls >= 3 * (1 + 2 + 3 + 4) - 2  # (ties may end a trick early)
    story = "\n".join(chat.story())
    assert story.count("🎯 The bids:") == 4  # all at once, once per hand
    assert story.count("📊 Hand") == 4  # a score story after each hand
    assert story.count("🎲 Trick") >= 10  # every trick, with its dice and who took it
    assert re.search(r"(bid \d and won exactly that|won no trick)", story)
    assert re.search(r"🏆 .+ (wins the game|share the win)!", story)
    assert len(re.findall(r"wins the game|share the win", story)) == 1  # told once
    assert "SHA-256(" not in story and "secrets were revealed" not in story  # /log's
    via_bot = [m for m in bot_api.messages(GROUP) if m.get("via_bot")]
    line = re.compile(r"🎲 I (lead trick \d|roll for trick \d( \(colour to follow: .+\))?)\.")
    assert via_bot and all(line.fullmatch(m["text"]) for m in via_bot)  # never the die
    bot_api.assert_clean()
