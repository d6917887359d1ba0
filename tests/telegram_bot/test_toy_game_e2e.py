"""The test-only toy game (simultaneous hidden bids, then cards from a hidden hand) played to
the end in a group through the real bot: the bids on the group's buttons, the cards through
inline mode. No shared layer knows the game: the bot loads it with EXTRA_GAMES.

Reads like a transcript: who pressed what, what the group saw, what each player's inline
results showed (their own cards only).
"""

from __future__ import annotations

import re

import pytest
import redis

from tables.table.model import ChatRef
from tables.table.store import TableStore
from tests.telegram_bot.group_chat import GroupChat, labels, table_version

ANN, BEN, CAT, DAN = 11, 12, 13, 14
GROUP = -100900
PEOPLE = {"Ann": ANN, "Ben": BEN, "Cat": CAT}


@pytest.fixture
def bot_extra_env():
    return {"EXTRA_GAMES": "tests.support.toy_game"}


def setup(api) -> GroupChat:
    for name, user in (*PEOPLE.items(), ("Dan", DAN)):
        api.add_user(user, name)
    api.add_chat(GROUP, members=[*PEOPLE.values(), DAN])
    return GroupChat(api, GROUP)


def hand_of(store: TableStore, table_id: str, user: int) -> list[int]:
    table = store.load(table_id)
    return table.state["hands"][table.seat_of(user)]


def acting_user(message: dict) -> int:
    match = re.search(r"^▶️ (\w+)$", message["text"], re.MULTILINE)
    assert match, message["text"]
    return PEOPLE[match[1]]


def test_three_players_bid_at_once_then_play_cards_from_inline_hands(bot, bot_api, redis_server):
    chat = setup(bot_api)
    store = TableStore(redis.Redis.from_url(redis_server.url))
    bot_api.send_message(ANN, GROUP, "/toy")
    chat.wait_table(lambda m: "Toy: a new table is open" in m["text"])
    chat.press(BEN, "✋ Join")
    chat.wait_table(lambda m: "2. Ben" in m["text"])
    chat.press(CAT, "✋ Join")
    chat.wait_table(lambda m: "3. Cat" in m["text"])
    chat.press(ANN, "▶️ Start")
    bidding = chat.wait_table(lambda m: "Everyone bids at once." in m["text"])
    assert {"Bid 0", "Bid 1", "Bid 2", "Bid 3"} <= set(labels(bidding))
    assert "🃏 Play a card" not in labels(bidding)  # nobody plays a card while bidding

    # All three bid on the same message at the same moment: every bid counts.
    at = bidding["message_id"]
    queries = [
        bot_api.press(user, at, GROUP, bot_api.button_data(GROUP, at, label))
        for user, label in ((ANN, "Bid 1"), (BEN, "Bid 2"), (CAT, "Bid 0"))
    ]
    answers = [bot_api.wait_answer(q) for q in queries]
    assert [a["text"] for a in answers] == ["✓ Bid 1", "✓ Bid 2", "✓ Bid 0"]
    assert all(a.get("show_alert") is not True for a in answers)  # a toast, only for them
    # A second tap on the old message applies at most once (Ann has bid already).
    again = chat.press(ANN, "Bid 3", bidding)
    assert again["text"].startswith(("It's not your turn", "Too late"))
    playing = chat.wait_table(lambda m: "▶️ " in m["text"] and "🃏 Play a card" in labels(m))
    table_id = store.find_open(ChatRef(GROUP)).id
    assert "Bid" not in " ".join(labels(playing))

    # Dan, a spectator, asks for a hand: he has none.
    dan = bot_api.inline_query(DAN, table_id, chat_id=GROUP)
    nothing = bot_api.wait_inline_answer(dan)
    assert nothing["results"] == [] and "You have no game running." in nothing["button"]["text"]

    for _turn in range(9):
        message = chat.table_message()
        if message is None or "🔁 Rematch" in labels(message):
            break
        actor = acting_user(message)
        query_text = bot_api.inline_button_query(GROUP, message["message_id"], "Play a card")
        others = [user for user in PEOPLE.values() if user != actor]
        for user in [*others, actor]:  # everyone may look at their own hand; the actor plays
            query = bot_api.inline_query(user, query_text, chat_id=GROUP)
            answer = bot_api.wait_inline_answer(query)
            assert answer["is_personal"] is True and answer["cache_time"] == 0
            titles = [r["title"] for r in answer["results"]]
            hand = hand_of(store, table_id, user)
            if not hand:  # played out already
                assert answer["results"] == []
                continue
            if user != actor:  # nothing to choose: the button above shows the hand, and why
                assert answer["results"] == []
                assert answer["button"]["text"].startswith("Not your turn.")
                assert sorted(answer["button"]["text"].split()[3:]) == sorted(map(str, hand))
                continue
            assert sorted(int(t) for t in titles) == sorted(hand)  # their cards, nobody else's
            chosen = answer["results"][0]
            assert chosen["description"] == "Tap to play it."
            before = store.load(table_id).version
            bot_api.choose_inline_result(user, query, chosen["id"], GROUP)
            bot_api.wait_for(lambda b=before: store.load(table_id).version > b)
        chat.wait_newer_than(table_version(message), timeout=20)

    story = "\n".join(chat.story())
    assert re.search(r"🏆 .+ (wins the game|share the win)!", story), story
    # What players chose left a neutral line in the chat: never the card itself.
    via_bot = [m for m in bot_api.messages(GROUP) if m.get("via_bot")]
    assert via_bot and all(m["text"] == "🃏 I play a card from my hand." for m in via_bot)
    assert not any("Just looking" in m["text"] for m in bot_api.messages(GROUP))
    bot_api.assert_clean()
