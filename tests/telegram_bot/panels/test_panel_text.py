"""The panel's text in every game, line by line: who may read it, what they hold (the items
on one line, what sums them up or says where the seat stands on the next, never joined to
them by a sign), why nothing can be played, then whether it is their move."""

from __future__ import annotations

import pytest

from games import registry
from games.base import PrivateInfo
from games.rng import DeterministicRng
from tables.fairness.private_seat import private_view
from tables.table import lobby, play
from tables.table.model import ChatRef, Table
from tables.table.store import TableStore
from telegram_bot.panels.content import panel_view
from tests.support.toy_game import GAME as TOY
from translations import render, tr

ANN, BEN, CAT = 61, 62, 63


def started(store: TableStore, game: str, chat: int) -> Table:
    table = store.create(ChatRef(chat), ANN, "Ann", game=game).table
    store.change(table.id, lambda t: lobby.join(t, BEN, "Ben"))
    store.change(table.id, lambda t: lobby.join(t, CAT, "Cat"))
    return store.change(table.id, lambda t: lobby.start(t, ANN, store.rng)).table


def bid(store: TableStore, table: Table, user: int) -> Table:
    """``user`` bids 0 (in Mino Dice, their bid is then on their panel, and only there)."""
    seat = table.seat_of(user)
    token = play.decision_of(table, seat)
    return store.change(table.id, lambda t: play.move(t, user, "bid:0", store.rng, token)).table


def tables(redis_client) -> dict[str, Table]:
    store = TableStore(redis_client, rng=DeterministicRng("panel text"))
    found = {}
    for chat, game in enumerate(registry.BUILT_IN, start=-100_660):  # the registry's games
        found[game.name] = started(store, game.name, chat)
    found["mino_dice"] = bid(store, found["mino_dice"], ANN)  # (her bid, on her panel)
    return found


def hand(table: Table, user: int) -> PrivateInfo | None:
    """What the one gate lets ``user`` see of their seat (Mia: only the roller holds dice)."""
    seen = private_view(table, user)
    return table.match().game.presentation.private_info(seen[1]) if seen else None


def test_the_hand_and_what_sums_it_up_are_two_lines_in_every_game(redis_client):
    found = tables(redis_client)
    for name, table in found.items():
        users = [user for user in (ANN, BEN, CAT) if hand(table, user) is not None]
        assert users, name
        for user in users:
            info = hand(table, user)
            lines = panel_view(table, user, "en").text.splitlines()
            items = " ".join(render(item.label, "en") for item in info.items)
            assert lines[0] == "🔒 Only you see this.", (name, lines)
            held = [f"{render(info.title, 'en')}: {items}"]
            held += [render(info.caption, "en")] if info.caption else []
            assert lines[1 : 1 + len(held)] == held, (name, lines)
            assert not [line for line in lines if " = " in line], (name, lines)
    mino = panel_view(found["mino_dice"], ANN, "en").text.splitlines()
    assert mino[2] == "Your bid: 0 · won so far: 0", mino


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_turn_line_is_the_same_in_every_game(redis_client, toy, language):
    """Last, "▶️ Your move." or "⏸ Not your turn." (in the reader's language), and nothing
    else under those signs: the games' own "not your turn" reasons are that one line."""
    found = tables(redis_client)
    store = TableStore(redis_client, rng=DeterministicRng("panel text toy"))
    found[TOY.name] = bid(store, started(store, TOY.name, -100_670), ANN)  # (Ann waits)
    mine, theirs = tr(language, "▶️ Your move."), f"⏸ {tr(language, 'Not your turn.')}"
    seen = set()
    for name, table in found.items():
        acting = table.match().to_act()
        for user in (ANN, BEN, CAT):
            lines = panel_view(table, user, language).text.splitlines()
            expected = mine if table.seat_of(user) in acting else theirs
            assert lines[-1] == expected, (name, user, lines)
            signed = [line for line in lines if line[:1] in ("▶", "⏸", "⏳")]
            assert signed == [expected], (name, user, lines)
            seen.add((name, expected))
    assert {game for game, _ in seen} == set(found) and len(seen) == 2 * len(found), seen
