"""Players' panels kept in step with a real Mia table, through the real ephemeral calls to the
local Bot API server: a receiver whose budget is spent holds up nobody else's panel, and a
move edits only the panels whose view it changes."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

import httpx

from games.registry import get_game
from games.rng import DeterministicRng
from tables.table import lobby, play
from tables.table.model import ChatRef, Table
from tables.table.store import TableStore
from telegram_bot.ephemeral_api import EphemeralApi
from telegram_bot.panels.keeper import PanelKeeper
from telegram_bot.panels.records import PanelBudget
from tests.support import FakeBotApi
from tests.support.bot_process import TOKEN

GROUP = -100_555
ANN, BEN, CAT = 51, 52, 53


def mia_table(store: TableStore) -> Table:
    table = store.create(ChatRef(GROUP), ANN, "Ann", game="mia").table
    store.change(table.id, lambda t: lobby.join(t, BEN, "Ben"))
    store.change(table.id, lambda t: lobby.join(t, CAT, "Cat"))
    return store.change(table.id, lambda t: lobby.start(t, ANN, store.rng)).table


def move_of(store: TableStore, table_id: str, rng: DeterministicRng) -> Table:
    """Whoever is to act makes the move a normal CPU would (seeded)."""
    table = store.load(table_id)
    rules = get_game("mia").rules
    state = rules.load(table.state)
    (seat,) = rules.to_act(state)
    action = rules.cpu_action(rules.view(state, seat), "normal", rng)
    user = table.seats[seat].user_id
    token = rules.decision(state, seat)
    return store.change(table_id, lambda t: play.move(t, user, action, store.rng, token)).table


def press_look(api: FakeBotApi, user: int) -> str:
    """A press of a 👀 button in the group (the callback query a panel answers)."""
    markup = json.dumps({"inline_keyboard": [[{"text": "👀", "callback_data": "look"}]]})
    sent = httpx.post(
        f"{api.base_url}{TOKEN}/sendMessage",
        data={"chat_id": GROUP, "text": "The table", "reply_markup": markup},
    ).json()["result"]
    return api.press(user, sent["message_id"], GROUP, "look")


async def until(condition: Callable[[], bool], timeout: float = 30.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        assert loop.time() < deadline, "the condition never held"
        await asyncio.sleep(0.02)


def edits(api: FakeBotApi, user: int) -> int:
    (panel,) = api.ephemeral_messages(GROUP, user)
    return len(panel["edits"])


def test_a_receiver_out_of_budget_holds_up_no_other_panel(bot_api, redis_client):
    for user, name in ((ANN, "Ann"), (BEN, "Ben"), (CAT, "Cat")):
        bot_api.add_user(user, name)
    bot_api.add_chat(GROUP, title="Game night", members=[ANN, BEN, CAT])
    store = TableStore(redis_client, rng=DeterministicRng("keeper test dice"))
    table = mia_table(store)
    rng = DeterministicRng("keeper test")

    async def scenario() -> None:
        api = EphemeralApi(TOKEN, bot_api.base_url)
        await api.bot.initialize()
        keeper = PanelKeeper(api, store, PanelBudget(redis_client))
        for user in (ANN, BEN, CAT):
            assert await keeper.open(store.load(table.id), user, "en", press_look(bot_api, user))
        await keeper.idle()
        assert [edits(bot_api, u) for u in (ANN, BEN, CAT)] == [0, 0, 0]
        # Ben's bucket is spent for a good while (six seconds of refill).
        redis_client.hset(f"budget:{{{GROUP}}}:panel:{BEN}", mapping={"t": -5, "u": 1e12})

        move_of(store, table.id, rng)  # Ann claims: her panel and Ben's change, Cat's not
        keeper.schedule(table.id)
        await until(lambda: edits(bot_api, ANN) == 1)
        await keeper.idle()
        assert edits(bot_api, CAT) == 0  # nothing she sees changed: no call
        while _to_act(store, table.id) == BEN:
            move_of(store, table.id, rng)  # Ben rolls and claims, or challenges
        after = _to_act(store, table.id)
        shown = edits(bot_api, after)
        keeper.schedule(table.id)
        await until(lambda: edits(bot_api, after) == shown + 1)  # their move, without waiting
        assert edits(bot_api, BEN) == 0  # his panel waits for his budget
        redis_client.delete(f"budget:{{{GROUP}}}:panel:{BEN}")
        keeper.schedule(table.id)
        await until(lambda: edits(bot_api, BEN) == 1)  # the newest view, in one edit
        await keeper.idle()
        (ben,) = bot_api.ephemeral_messages(GROUP, BEN)
        assert "▶️ Your move." not in ben["text"]
        await keeper.close()
        await api.bot.shutdown()

    asyncio.run(asyncio.wait_for(scenario(), timeout=120))


def _to_act(store: TableStore, table_id: str) -> int | None:
    table = store.load(table_id)
    rules = get_game("mia").rules
    acting = rules.to_act(rules.load(table.state))
    return table.seats[acting[0]].user_id if acting else None
