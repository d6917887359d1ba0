"""A whole game between people rates every seat exactly once, however the replies get lost
and however many processes finish it or settle it afterwards: on a real Redis, behind the
proxy that loses a reply after Redis ran the command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from games.mia import GAME
from games.rng import DeterministicRng
from tables.engine.connection import make_client
from tables.profiles import ratings, stats
from tables.table import lobby, play
from tables.table.model import FINISHED, PLAYING, ChatRef
from tables.table.store import TableStore

GROUP = ChatRef(-100888)
PEOPLE = (21, 22, 23)
ROOT = Path(__file__).resolve().parents[3]

# The other process: the same final move (or a late settle, as a notifier does).
OTHER_PROCESS = """
import sys
from tables.table import play
from tables.engine.connection import make_client
from tables.table.store import TableStore

url, table_id, user, action, decision = sys.argv[1:6]
store = TableStore(make_client(url))
try:
    store.change(
        table_id, lambda t: play.move(t, int(user), action, store.rng, decision=int(decision))
    )
    print("moved")
except Exception as error:
    print("refused", getattr(error, "code", type(error).__name__))
store.settle(table_id)
"""


def finishes(table, seat: int, action: str) -> bool:
    state = GAME.rules.load(table.state)
    after, _ = GAME.rules.apply(state, seat, action, DeterministicRng("probe"))
    return GAME.rules.is_over(after)


def test_every_seat_is_rated_once_under_lost_replies_and_two_processes(
    proxy, redis_server, redis_client
):
    lossy = TableStore(make_client(proxy.url))
    table = lossy.create(GROUP, PEOPLE[0], "Ann", game="mia").table
    for user in PEOPLE[1:]:
        lossy.change(table.id, lambda t, u=user: lobby.join(t, u, f"P{u}"))
    table = lossy.change(table.id, lambda t: lobby.start(t, PEOPLE[0], lossy.rng)).table
    rng = DeterministicRng("retries")
    other = None
    lost_before = 0
    while table.status == PLAYING:
        seat = table.state["to_act"]
        user = table.seats[seat].user_id
        action = GAME.rules.cpu_action(
            GAME.rules.view(GAME.rules.load(table.state), seat), "normal", rng
        )
        decision = play.decision_of(table, seat)
        if finishes(table, seat, action):
            # The last move, made by two processes at once; this one's replies are lost:
            # the check-and-set's, then the one of the writes that apply the ratings.
            arguments = [redis_server.url, table.id, str(user), action, str(decision)]
            other = subprocess.Popen(
                [sys.executable, "-c", OTHER_PROCESS, *arguments],
                cwd=ROOT,
                stdout=subprocess.PIPE,
                text=True,
            )
        proxy.lose_next_reply(b"EVALSHA")  # every move's reply is lost: each still counts once
        try:
            table = lossy.change(
                table.id,
                lambda t, u=user, a=action, d=decision: play.move(t, u, a, lossy.rng, decision=d),
            ).table
        except Exception as error:  # the other process finished it first
            assert getattr(error, "code", None) in ("stale", "not_playing", "game_over")
            table = lossy.load(table.id)
        assert proxy.lost > lost_before
        lost_before = proxy.lost
    assert table.status == FINISHED and other is not None
    lost = proxy.lost
    proxy.lose_next_reply(b"remember(")  # a late settle whose reply is lost: sent again
    lossy.settle(table.id)
    assert proxy.lost == lost + 1
    lossy.settle(table.id)
    out, _ = other.communicate(timeout=60)
    assert other.returncode == 0, out
    assert out.split()[0] in ("moved", "refused")

    table = lossy.load(table.id)
    changes = ratings.changes(table)
    assert sorted(c.user_id for c in changes) == sorted(PEOPLE)
    for change in changes:
        kept = redis_client.hgetall(ratings.person_key(change.user_id, "mia"))
        assert kept[b"n"] == b"1"
        assert float(kept[b"mu"]) == change.after_mu
        assert kept[b"h"].split() == [str(change.after_points).encode()]
        in_chat = redis_client.hget(ratings.chat_key(GROUP.chat_id, "mia"), str(change.user_id))
        assert in_chat.split()[2] == b"1"
    top = redis_client.zrange(ratings.chat_top_key(GROUP.chat_id, "mia"), 0, -1)
    assert sorted(int(u) for u in top) == sorted(PEOPLE)


def test_a_finished_game_whose_bookkeeping_reply_is_lost_counts_once(proxy, redis_client):
    """The reply to the writes beside the finishing commit (statistics, ratings, lists) is
    lost after Redis ran them, so they are sent again: every counter still counts one game."""
    lossy = TableStore(make_client(proxy.url))
    table = lossy.create(GROUP, PEOPLE[0], "Ann", game="mia").table
    lossy.change(table.id, lambda t: lobby.join(t, PEOPLE[1], "Ben"))
    table = lossy.change(table.id, lambda t: lobby.start(t, PEOPLE[0], lossy.rng)).table
    rng = DeterministicRng("bookkeeping")
    while table.status == PLAYING:
        seat = table.state["to_act"]
        action = GAME.rules.cpu_action(
            GAME.rules.view(GAME.rules.load(table.state), seat), "normal", rng
        )
        if finishes(table, seat, action):
            proxy.lose_next_reply(b"remember(")  # in the bookkeeping's packed write only
        user = table.seats[seat].user_id
        table = lossy.change(table.id, lambda t, u=user, a=action: play.move(t, u, a, lossy.rng))
        table = table.table
    assert proxy.lost == 1
    for user in PEOPLE[:2]:
        assert stats.user_stats(redis_client, user, "mia")["games"] == 1
        assert stats.user_stats(redis_client, user, "mia", GROUP.chat_id)["games"] == 1
        assert redis_client.hget(ratings.person_key(user, "mia"), "n") == b"1"
    played = redis_client.zrange(stats.chat_games_key(GROUP.chat_id), 0, -1, withscores=True)
    assert sorted(score for _, score in played) == [1.0, 1.0]


def test_a_process_that_dies_after_the_finishing_commit_loses_nothing(redis_client):
    """The commit that finished the game landed, the bookkeeping beside it never went out:
    the notifier's settle writes it, once (and again, harmlessly)."""
    store = TableStore(redis_client)
    table = store.create(GROUP, PEOPLE[0], "Ann", game="mia").table
    store.change(table.id, lambda t: lobby.join(t, PEOPLE[1], "Ben"))
    table = store.change(table.id, lambda t: lobby.start(t, PEOPLE[0], store.rng)).table
    store.committer.scatter = lambda commands: None  # the process "dies" before it writes
    rng = DeterministicRng("dies")
    while table.status == PLAYING:
        seat = table.state["to_act"]
        action = GAME.rules.cpu_action(
            GAME.rules.view(GAME.rules.load(table.state), seat), "normal", rng
        )
        user = table.seats[seat].user_id
        table = store.change(table.id, lambda t, u=user, a=action: play.move(t, u, a, store.rng))
        table = table.table
    assert stats.user_stats(redis_client, PEOPLE[0], "mia")["games"] == 0
    notifier = TableStore(redis_client)  # another process shows the finished game
    notifier.settle(table.id)
    notifier.settle(table.id)
    for user in PEOPLE[:2]:
        assert stats.user_stats(redis_client, user, "mia")["games"] == 1
        assert redis_client.hget(ratings.person_key(user, "mia"), "n") == b"1"
