"""A choice in inline mode that the bot cannot apply always reaches the player, and a double
tap is no error; the private chat shows the hand; /verify lists a running game's commitments.

Two people at a Myllymatti table (cards from a hidden hand through inline mode), through the
real bot and the local Bot API server.
"""

from __future__ import annotations

import re

import redis

from games.registry import get_game
from tables.table import play
from tables.table.model import ChatRef
from tables.table.store import TableStore
from tests.telegram_bot.group_chat import GroupChat

GAME = get_game("myllymatti")

ANN, BEN = 41, 42
GROUP = -100940


def started(api) -> tuple[GroupChat, str]:
    """Ann and Ben at a Myllymatti table, phase 1 begun."""
    api.add_user(ANN, "Ann")
    api.add_user(BEN, "Ben")
    api.add_chat(GROUP, members=[ANN, BEN])
    chat = GroupChat(api, GROUP)
    api.send_message(ANN, GROUP, "/myllymatti")
    chat.wait_table(lambda m: "a new table is open" in m["text"])
    chat.press(BEN, "✋ Join")
    chat.wait_table(lambda m: "2. Ben" in m["text"])
    chat.press(ANN, "▶️ Start")
    first = chat.wait_table(lambda m: "Myllymatti · phase 1" in m["text"])
    return chat, first["reply_markup"]["inline_keyboard"][0][0]["switch_inline_query_current_chat"]


def to_act(store: TableStore, table_id: str) -> tuple[int, int]:
    """(the person to act, the other one)."""
    table = store.load(table_id)
    seat = GAME.rules.to_act(GAME.rules.load(table.state))[0]
    actor = table.seats[seat].user_id
    return actor, ANN if actor == BEN else BEN


def a_card(store: TableStore, table_id: str, user: int) -> str:
    table = store.load(table_id)
    state = GAME.rules.load(table.state)
    return next(
        a for a in GAME.rules.legal_actions(state, table.seat_of(user)) if a.startswith("play:")
    )


def hand_for(api, user: int, table_id: str) -> tuple[str, dict]:
    query = api.inline_query(user, table_id, chat_id=GROUP)
    return query, api.wait_inline_answer(query)


def sent_to(api, user: int) -> list[dict]:
    """Every message the bot tried to send ``user`` (delivered or not)."""
    return [p for p in api.calls_to("sendMessage") if str(p.get("chat_id")) == str(user)]


def group_lines(api) -> list[str]:
    return [m["text"] for m in api.messages(GROUP) if m["text"].startswith("↩️")]


def test_a_refused_choice_is_told_in_the_group_and_privately_a_double_tap_is_not(
    bot, bot_api, redis_server
):
    store = TableStore(redis.Redis.from_url(redis_server.url))
    _chat, table_id = started(bot_api)
    actor, other = to_act(store, table_id)
    name = {ANN: "Ann", BEN: "Ben"}[actor]

    # Not their turn: nothing to choose; the button says why and shows the hand.
    _, waiting = hand_for(bot_api, other, table_id)
    assert waiting["results"] == [] and waiting["button"]["text"].startswith("Not your turn.")
    # Their turn: only what they may play; never having written to the bot, the button asks
    # them to open a chat, where refusals are told.
    query, answer = hand_for(bot_api, actor, table_id)
    assert answer["results"] and all(
        r["description"] == "Tap to play it." for r in answer["results"]
    )
    assert answer["button"]["text"] == "💬 Open a chat with me to hear why a move fails"
    assert answer["button"]["start_parameter"] == table_id

    # The move is made elsewhere (the Mini App, say); then the stale inline choice comes.
    action = a_card(store, table_id, actor)
    store.change(table_id, lambda t: play.move(t, actor, action, store.rng))
    before = store.load(table_id).version
    bot_api.choose_inline_result(actor, query, answer["results"][0]["id"], GROUP)
    line = f"↩️ {name}'s choice was not played: the table had moved on."
    bot_api.wait_for(lambda: line in group_lines(bot_api))
    # The bot tries the private chat after the group's line: the chat opens only after that.
    bot_api.wait_for(lambda: sent_to(bot_api, actor))
    assert store.load(table_id).version == before  # nothing changed
    assert bot_api.messages(actor) == []  # no private chat: the group line is what they hear

    # With a private chat, the player also hears it there.
    bot_api.send_message(actor, actor, "/start")
    bot_api.wait_for(lambda: bot_api.messages(actor))
    bot_api.choose_inline_result(actor, query, answer["results"][0]["id"], GROUP)
    bot_api.wait_for(lambda: len(group_lines(bot_api)) == 2)
    told = lambda: [m["text"] for m in bot_api.messages(actor) if "moved on" in m["text"]]  # noqa: E731
    assert bot_api.wait_for(told) == ["Too late: the table has moved on."]

    # A double tap: the same decision chosen twice applies once, and nobody is told off.
    actor, _ = to_act(store, table_id)
    table = store.load(table_id)
    query, answer = hand_for(bot_api, actor, table_id)
    first, second = answer["results"][0]["id"], answer["results"][-1]["id"]
    version = table.version
    bot_api.choose_inline_result(actor, query, first, GROUP)
    bot_api.wait_for(lambda: store.load(table_id).version > version)
    bot_api.choose_inline_result(actor, query, second, GROUP)
    bot_api.wait_for(lambda: f"a second choice at table {table_id} was let go" in bot.log)
    posts = [m for m in bot_api.messages(GROUP) if m.get("via_bot")]
    assert len(posts) == 4 and len(group_lines(bot_api)) == 2
    assert store.load(table_id).version == version + 1
    assert not any("Just looking" in m["text"] for m in bot_api.messages(GROUP))


def test_the_private_chat_shows_the_hand_and_where_refusals_come(bot, bot_api, redis_server):
    store = TableStore(redis.Redis.from_url(redis_server.url))
    _chat, table_id = started(bot_api)
    _, waiting = to_act(store, table_id)
    bot_api.send_message(waiting, waiting, f"/start {table_id}")
    text = bot_api.wait_for(lambda: [m["text"] for m in bot_api.messages(waiting)])[0]
    lines = text.splitlines()
    assert lines[0].startswith("Your hand: ") and lines[1].endswith(" cards")  # (its own line)
    assert lines[2].startswith("· ") and lines[2].endswith(": Not your turn.")
    assert lines[-1] == "I tell you here when a choice of yours cannot be played."


def test_verify_in_the_group_lists_the_running_games_commitments_shown_once(
    bot, bot_api, redis_server
):
    """The table shows one short sealed mark, never a hash; /verify lists the hash."""
    store = TableStore(redis.Redis.from_url(redis_server.url))
    chat, _ = started(bot_api)
    first = chat.table_message()
    assert "🔐 sealed · /verify" in first["text"], first["text"]
    assert not re.findall(r"[0-9a-f]{64}", first["text"]), first["text"]
    table = store.find_open(ChatRef(GROUP))
    user, _ = to_act(store, table.id)
    action = a_card(store, table.id, user)
    store.change(table.id, lambda t: play.move(t, user, action, store.rng))
    later = chat.wait_table(
        lambda m: m["message_id"] != first["message_id"] or len(m["edits"]) > len(first["edits"])
    )
    assert not re.findall(r"[0-9a-f]{64}", later["text"]), later["text"]
    bot_api.send_message(BEN, GROUP, "/verify")
    reply = bot_api.wait_for(
        lambda: [m["text"] for m in bot_api.messages(GROUP) if "commitments now" in m["text"]]
    )[0]
    commitment = re.search(r"🔒 Deck commitment: ([0-9a-f]{64})", reply)
    assert commitment, reply
