"""Three friends play Mia to the end in a group, through the real bot process.

Reads like a transcript: who pressed what, and what the group saw. The Bot API server in
tests/support checks every call against Telegram's limits; the fixture fails the test on any
violation or unanswered button press.
"""

from __future__ import annotations

import re

from tests.telegram_bot.group_chat import (
    DICE_FACES,
    GroupChat,
    acting_name,
    button,
    labels,
    round_number,
    table_version,
)

ALICE, BOB, CAROL, DAVE = 1, 2, 3, 4
GROUP = -100500
NAMES = {"Alice": ALICE, "Bob": BOB, "Carol": CAROL}
CLAIM_ORDER = ["31", "32", "41", "42", "43", "51", "52", "53", "54", "61", "62", "63", "64",
               "65", "11", "22", "33", "44", "55", "66", "21"]  # fmt: skip
PLANS = ["mia", "truth", "bluff", "accept"]


def setup_group(api) -> GroupChat:
    api.add_user(ALICE, "Alice")
    api.add_user(BOB, "Bob")
    api.add_user(CAROL, "Carol")
    api.add_user(DAVE, "Dave")
    api.add_chat(GROUP, title="Dice night", admins=[ALICE], members=[BOB, CAROL, DAVE])
    return GroupChat(api, GROUP)


def open_lobby_with_three(chat: GroupChat) -> dict:
    chat.api.send_message(ALICE, GROUP, "/mia")
    lobby = chat.wait_table(lambda m: "a new table is open" in m["text"])
    assert "1. Alice 👑" in lobby["text"]
    assert chat.press(BOB, "Join") == {}  # a silent answer: the table message shows the seat
    assert chat.press(BOB, "Join")["text"] == "You already have a seat."
    chat.press(CAROL, "Join")
    return chat.wait_table(lambda m: "Players (3/10)" in m["text"])


def play_to_the_end(chat: GroupChat) -> list[str]:
    """Play every turn by a plan per round; returns what each claimant's dice were."""
    seen_rolls: list[str] = []
    accepted_round = 0
    message = chat.table_message()
    for _turn in range(200):
        if message is None:
            return seen_rolls
        actor = NAMES[acting_name(message)]
        plan = PLANS[(round_number(message) - 1) % len(PLANS)]
        version = table_version(message)
        buttons = labels(message)
        if "❗ Challenge" in buttons:
            if plan == "accept" and accepted_round != round_number(message):
                accepted_round = round_number(message)
                chat.press(actor, "🎲 Accept & roll", message)
            else:
                chat.press(actor, "❗ Challenge", message)
        else:
            dice = chat.press(actor, "👀 My dice", message)
            assert dice["show_alert"] is True
            roll = re.search(r"\n(\d\d)", dice["text"]).group(1)  # the caption line
            seen_rolls.append(roll)
            legal = [b if b != "Mia" else "21" for b in buttons if b in CLAIM_ORDER or b == "Mia"]
            if plan == "mia":
                claim = "21"
            elif plan == "bluff" and roll != "21":
                claim = CLAIM_ORDER[CLAIM_ORDER.index(roll) + 1]
            else:
                claim = legal[0]
            chat.press(actor, "Mia" if claim == "21" else claim, message)
        message = chat.wait_newer_than(version)
    raise AssertionError("the game did not end")


def test_three_friends_play_a_whole_game(bot, bot_api):
    chat = setup_group(bot_api)
    lobby = open_lobby_with_three(chat)

    # Only the creator may start; a stranger's forged button changes nothing.
    assert chat.press(BOB, "▶️ Start")["text"].startswith("Only the table's creator")
    forged = chat.press_data(DAVE, lobby["message_id"], "x:1:g:claim:53';--", check=False)
    assert forged == {"text": "This button is not valid.", "show_alert": True}
    unknown = chat.press_data(DAVE, lobby["message_id"], "zzzzzzzzzz:1:g:claim:53", check=False)
    assert unknown["text"] == "This table is closed."

    # The creator looks at the settings and starts.
    chat.press(ALICE, "⚙️ Settings")
    settings = chat.wait_table(lambda m: "Lives: 3" in labels(m))
    assert "✖ Bob" in labels(settings) and "🚫 Cancel table" in labels(settings)
    chat.press(ALICE, "⬅️ Back")
    chat.wait_table(lambda m: "▶️ Start" in labels(m))
    chat.press(ALICE, "▶️ Start")
    first = chat.wait_table(lambda m: "round 1" in m["text"])

    # Out of turn, not seated, and stale presses get an alert and change nothing.
    actor = NAMES[acting_name(first)]
    other = next(uid for uid in NAMES.values() if uid != actor)
    refusal = chat.press(other, "Mia", first)["text"]
    assert refusal == f"It's not your turn: waiting for {acting_name(first)}."
    assert chat.press(DAVE, "👀 My dice", first)["text"] == "You are not playing at this table."
    assert (
        chat.press(other, "👀 My dice", first)["text"]
        == "You have nothing under the cup right now."
    )
    old_32 = button(first, "32")
    chat.press(actor, "31", first)
    second = chat.wait_newer_than(table_version(first))
    # A second tap on the message as it was (a slow phone): refused, nothing changes.
    stale = chat.press_data(actor, first["message_id"], old_32, check=False)
    assert stale["text"] == "Too late: the table has moved on."
    assert table_version(chat.table_message()) == table_version(second)
    receiver = NAMES[acting_name(second)]
    chat.press(receiver, "❗ Challenge", second)  # 31 always holds: a wrong challenge
    chat.wait_newer_than(table_version(second))

    play_to_the_end(chat)

    story = "\n".join(chat.story())
    assert "The claim holds!" in story  # a wrong challenge
    assert "Caught bluffing!" in story  # a failed bluff
    assert "challenges" in story and "Mia" in story  # a Mia claim was challenged
    assert re.search(r"💀 \w+ is out!", story)  # an elimination
    assert re.search(r"🏆 \w+ wins the game!", story)
    final = chat.wait_table(lambda m: labels(m) == ["🔁 Rematch"])  # only a rematch is left
    assert "/log" in final["text"] and "wins the game" in final["text"]  # it names the winner
    assert story.count("wins the game") == 1  # told once: by the final table, not its story

    # Nobody's dice reached the group before a challenge revealed them.
    for message in bot_api.messages(GROUP):
        for text in [message["text"], *message.get("edits", [])]:
            if any(face in text for face in DICE_FACES):
                assert "The dice:" in text, text
    assert "Your dice" not in bot.log


def test_the_end_of_a_game_tells_the_group_how_each_person_played(bot, bot_api):
    """After the game, the engine's analysis: one message, a line per person (issue 28)."""
    chat = setup_group(bot_api)
    open_lobby_with_three(chat)
    chat.press(ALICE, "▶️ Start")
    chat.wait_table(lambda m: "round 1" in m["text"])
    play_to_the_end(chat)
    chat.wait_table(lambda m: labels(m) == ["🔁 Rematch"])

    def told() -> dict | None:
        return next(
            (m for m in chat.bot_messages() if m["text"].startswith("🧠 How each of you played")),
            None,
        )

    message = bot_api.wait_for(told, timeout=120)
    lines = message["text"].splitlines()
    assert [line.split(":")[0] for line in lines[1:4]] == ["🧠 Alice", "🧠 Bob", "🧠 Carol"]
    assert all(
        re.search(r"\d+ calls?, \d+ sound · \d+ bluffs?, \d+ costly", line) for line in lines[1:4]
    )
    assert "replay" in lines[-1]
    assert sum(m["text"].startswith("🧠") for m in chat.bot_messages()) == 1  # told once
    for text in lines:  # nobody's dice in it: the dice stay in the replay
        assert not any(face in text for face in DICE_FACES)
