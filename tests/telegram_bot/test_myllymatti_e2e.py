"""Myllymatti in a group, through the real bot: three friends and a CPU play a whole game.
Cards come from each player's hidden hand through inline mode; taking a chance and picking
up are public buttons on the table message. Phase 1 collects, phase 2 sheds, and the last
one holding cards is the Myllymatti.

The players choose what a "normal" CPU would choose for them (from their own view), and
make that choice the way a person does: inline for a card, a button for the rest.
"""

from __future__ import annotations

import re

import redis

from games.registry import get_game
from games.rng import DeterministicRng
from tables.table import lobby
from tables.table.model import ChatRef
from tables.table.store import TableStore
from tests.telegram_bot.group_chat import GroupChat, decision, labels

ANN, BEN, CAT = 31, 32, 33
GROUP = -100920
PEOPLE = (ANN, BEN, CAT)
GAME = get_game("myllymatti")
BUTTONS = {"chance": "🎲 Take a chance", "pickup": "⬆️ Pick up"}


def setup(api) -> GroupChat:
    for user, name in zip(PEOPLE, ("Ann", "Ben", "Cat"), strict=True):
        api.add_user(user, name)
    api.add_chat(GROUP, members=list(PEOPLE))
    return GroupChat(api, GROUP)


def test_three_friends_and_a_cpu_play_myllymatti_from_inline_hands(bot, bot_api, redis_server):
    chat = setup(bot_api)
    store = TableStore(redis.Redis.from_url(redis_server.url))
    bot_api.send_message(ANN, GROUP, "/myllymatti")
    chat.wait_table(lambda m: "Myllymatti: a new table is open" in m["text"])
    chat.press(BEN, "✋ Join")
    chat.wait_table(lambda m: "2. Ben" in m["text"])
    chat.press(CAT, "✋ Join")
    chat.wait_table(lambda m: "3. Cat" in m["text"])
    chat.press(ANN, "⚙️ Settings")
    chat.press(ANN, "🤖 + normal", chat.wait_table(lambda m: "🤖 + normal" in labels(m)))
    chat.wait_table(lambda m: "4. 🤖 Ada" in m["text"])
    table_id = store.find_open(ChatRef(GROUP)).id
    store.change(table_id, lambda t: lobby.change_setting(t, ANN, "cpu_delay", 0.3))
    chat.press(ANN, "⬅️ Back")
    chat.wait_table(lambda m: "▶️ Start" in labels(m))
    chat.press(ANN, "▶️ Start")
    first = chat.wait_table(lambda m: "Myllymatti · phase 1" in m["text"])
    assert "🃏 Play a card" in labels(first) or "🃏 My hand" in labels(first)

    rng = DeterministicRng("players")
    plays = buttons = 0
    for _step in range(3000):
        table = store.load(table_id)
        if table.status != "playing":
            break
        state = GAME.rules.load(table.state)
        (seat,) = GAME.rules.to_act(state)
        user = table.seats[seat].user_id
        if user is None:  # the CPU's turn: wait for it
            bot_api.wait_for(lambda v=table.version: store.load(table_id).version > v)
            continue
        view = GAME.rules.view(state, seat)
        action = GAME.rules.cpu_action(view, "normal", rng)
        token = GAME.rules.decision(state, seat)
        if action.startswith("play:"):
            query = bot_api.inline_query(user, table_id, chat_id=GROUP)
            answer = bot_api.wait_inline_answer(query)
            ids = {r["id"].split(":")[2]: r for r in answer["results"]}
            playable = [a[5:] for a in view["legal_actions"] if a.startswith("play:")]
            assert sorted(ids) == sorted(playable)  # their own cards that may be played now
            result = ids[action.removeprefix("play:")]
            assert result["description"] == "Tap to play it." and result["id"].endswith(
                f":{token}:{action.removeprefix('play:')}"
            )
            bot_api.choose_inline_result(user, query, result["id"], GROUP)
            plays += 1
        else:  # a public choice: pressed on the table message as it is now
            message = chat.wait_table(lambda m, t=token: _shows(m, t), timeout=30)
            assert chat.press(user, BUTTONS[action], message)["text"].startswith("✓")
            buttons += 1
        bot_api.wait_for(lambda v=table.version: store.load(table_id).version > v, timeout=20)
    else:
        raise AssertionError("the game did not end")

    assert plays > 10
    ended = lambda: "is the Myllymatti: the last one holding cards." in "\n".join(chat.story())  # noqa: E731
    bot_api.wait_for(ended, timeout=60)
    story = "\n".join(chat.story())
    assert "2️⃣ Phase 2!" in story
    assert re.search(r"🏁 Out, in order: 1\. ", story)  # the others, in the order they went out
    assert "wins the game" not in story  # Myllymatti has a loser, not a winner
    assert story.count("is the Myllymatti") == 1 and story.count("🏁 Out, in order") == 1
    chat.wait_table(lambda m: labels(m) == ["🔁 Rematch"], timeout=30)
    via_bot = [m for m in bot_api.messages(GROUP) if m.get("via_bot")]
    line = re.compile(r"🃏 I (answer .+'s \S+|lead a card( against .+)?|play on the \S+)\.")
    assert via_bot and all(line.fullmatch(m["text"]) for m in via_bot)
    # Hands stayed private: no card a player still held was named in the group before the
    # switch to phase 2 showed the leftovers.
    bot_api.assert_clean()


def _shows(message: dict, token: int) -> bool:
    try:
        return decision(message) == token
    except AssertionError:
        return False
