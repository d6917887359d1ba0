"""A hidden choice pressed on the table message, through the real bot with panels on, by a
member who never opened a panel (Cat, who never opened a private chat with the bot either).

Each press is answered, to the presser only: a step opens their own panel at that step, a
hidden bid is taken with a toast that says it stays secret, a card pressed out of turn is
refused with the reason; a watcher is told they are not playing. Nothing is posted in
anyone's name, and no other member's view (updates, history, answers) holds what the
presser holds or chose.
"""

from __future__ import annotations

import pytest
import redis

from tables.table.store import TableStore
from tests.support import FakeBotApi
from tests.support.group_panels import (  # noqa: F401  (bot_extra_env: a fixture)
    ANN,
    BEN,
    CAT,
    GROUP,
    NAMES,
    bot_extra_env,
    open_panel_table,
    seat_three,
)
from tests.support.toy_game import GAME as TOY
from tests.telegram_bot.group_chat import GroupChat, labels
from tests.telegram_bot.panel_play import PanelPlayers, panel_buttons

pytestmark = pytest.mark.usefixtures("toy")  # the toy game, registered (tests/conftest.py)

DAN = 44  # a member of the group who is not playing


def opened(api: FakeBotApi, game: str, store: TableStore) -> tuple[GroupChat, str]:
    chat = seat_three(api)
    api.add_user(DAN, "Dan")
    return chat, open_panel_table(chat, store, game)


def nobody_posted(api: FakeBotApi) -> None:
    assert not [m for m in api.messages(GROUP) if not m["from_bot"]]  # none in anyone's name


def unseen_by_others(api: FakeBotApi, user: int, words: list[str]) -> None:
    """No other member's view of the group holds any of ``words``."""
    for other in [*NAMES, DAN]:
        if other != user:
            view = api.member_view(other, GROUP)
            assert not [w for w in words if w in view], (other, words)


def table_button(chat: GroupChat, label: str) -> tuple[int, str]:
    message = chat.table_message()
    data = next(b["callback_data"] for b in panel_buttons(message) if b["text"] == label)
    return message["message_id"], data


def test_a_hidden_step_on_the_table_opens_the_pressers_own_panel(bot, bot_api, redis_server):
    """The toy's hidden calls: "7 × …" on the table opens Cat's panel at that step."""
    store = TableStore(redis.Redis.from_url(redis_server.url))
    chat, table_id = opened(bot_api, TOY.name, store)
    message_id, seven = table_button(chat, "7 × …")
    watcher = bot_api.wait_answer(bot_api.press(DAN, message_id, GROUP, seven))
    assert watcher["show_alert"] is True and "not playing" in watcher["text"], watcher
    assert bot_api.ephemeral_messages(GROUP, DAN) == []

    assert bot_api.ephemeral_messages(GROUP, CAT) == []  # she never opened one
    answer = bot_api.wait_answer(bot_api.press(CAT, message_id, GROUP, seven))
    assert not answer.get("text"), answer  # the panel is the answer
    players = PanelPlayers(bot_api, store, GROUP, table_id, NAMES)
    panel = bot_api.wait_for(lambda: players.panel(CAT))
    shown = [b["text"] for b in panel_buttons(panel)]  # her cards (greyed), then the step
    calls = [label for label in shown if "×" in label]
    assert calls[:2] == ["7 × 1+", "7 × 2+"] and shown[-1] == "⬅️ Back", shown
    hand = [line for line in panel["text"].splitlines() if line.startswith("Your hand")]
    assert hand, panel["text"]

    two = next(b for b in panel_buttons(panel) if b["text"] == "7 × 2+")
    query = bot_api.press_ephemeral(CAT, GROUP, panel["ephemeral_message_id"], two["callback_data"])
    assert bot_api.wait_answer(query).get("show_alert") is not True  # taken: a toast
    bot_api.wait_for(lambda: store.load(table_id).state["bids"][2] is not None)
    again = bot_api.wait_answer(bot_api.press(CAT, message_id, GROUP, seven, check_button=False))
    assert again["show_alert"] is True and again["text"], again  # refused, with the reason
    nobody_posted(bot_api)
    unseen_by_others(bot_api, CAT, [*hand, "7 × 1+", "7 × 2+", "7×2"])


def test_a_hidden_bid_on_the_table_is_taken_and_stays_the_bidders(bot, bot_api, redis_server):
    """Mino Dice: Cat bids on the table message without a panel; only she is told her bid."""
    store = TableStore(redis.Redis.from_url(redis_server.url))
    chat, table_id = opened(bot_api, "mino_dice", store)
    message_id, one = table_button(chat, "1")
    answer = bot_api.wait_answer(bot_api.press(CAT, message_id, GROUP, one))
    assert answer["text"] == "✓ You bid 1. Nobody sees it until everyone has bid.", answer
    assert answer.get("show_alert") is not True
    bot_api.wait_for(lambda: store.load(table_id).state["bids"][2] == 1)
    chat.wait_table(lambda m: "Cat" in m["text"] and "has bid" in m["text"])
    twice = bot_api.wait_answer(bot_api.press(CAT, message_id, GROUP, one, check_button=False))
    assert twice == answer  # a double tap: answered as the first
    zero = one.rsplit(":", 1)[0] + ":0"
    other = bot_api.wait_answer(bot_api.press(CAT, message_id, GROUP, zero, check_button=False))
    assert other == {**other, "show_alert": True, "text": "You have already bid this hand."}
    assert store.load(table_id).state["bids"][2] == 1
    assert bot_api.ephemeral_messages(GROUP, CAT) == []  # no panel was asked for
    nobody_posted(bot_api)
    unseen_by_others(bot_api, CAT, ["You bid 1", "already bid"])


def test_a_card_pressed_out_of_turn_is_refused_with_the_reason(bot, bot_api, redis_server):
    """Myllymatti: the hand button opens a waiting member's panel (their cards, greyed), and
    a card of theirs pressed on the table out of turn is refused; the card stays theirs."""
    store = TableStore(redis.Redis.from_url(redis_server.url))
    chat, table_id = opened(bot_api, "myllymatti", store)
    table = store.load(table_id)
    match = table.match()
    (seat,) = match.to_act()
    waiting = next(u for u in (BEN, CAT, ANN) if table.seat_of(u) != seat)
    card = match.view(table.seat_of(waiting))["hand"][0]
    token = match.decision(table.seat_of(waiting))
    message_id = chat.table_message()["message_id"]
    data = f"{table_id}:{token}:g:play:{card}"
    refused = bot_api.wait_answer(
        bot_api.press(waiting, message_id, GROUP, data, check_button=False)
    )
    mover = NAMES[table.seats[seat].user_id]
    assert refused["show_alert"] is True, refused
    assert refused["text"] == f"It's not your turn: waiting for {mover}.", refused
    assert store.load(table_id).version == table.version  # nothing taken

    players = PanelPlayers(bot_api, store, GROUP, table_id, NAMES)
    panel = players.open_panel(waiting)  # the table's hand button: their panel
    assert panel["text"].splitlines()[-1] == "⏸ Not your turn.", panel["text"]
    assert all("disabled" in b for b in panel_buttons(panel)), panel
    hand = [line for line in panel["text"].splitlines() if line.startswith("Your hand")]
    nobody_posted(bot_api)
    unseen_by_others(bot_api, waiting, hand)
    assert labels(chat.table_message())  # the table is as it was, its buttons the group's
