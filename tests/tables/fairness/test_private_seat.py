"""The gate every door asks before it shows a seat's secrets (tables.fairness.private_seat), and the
contract it keeps for every game: a seat whose person left the game, or that is out of it
(eliminated, timed out of its last life), gets nothing private from any door from then on —
the look button's answer, the inline hand, the Mini App's table view (and so its long poll) —
while /log only ever shows a finished game.

"Nothing private" is checked the way the privacy contract checks everything: the leaver's
seat is dealt other secrets (tests/games/<name>/hidden.py) and nothing any door gives her may
change.
"""

from __future__ import annotations

import pytest

from games import registry
from games.registry import get_game
from games.rng import DeterministicRng
from tables.fairness.private_seat import secrets_access
from tables.table import lobby, play
from tables.table.model import FINISHED, PLAYING, ChatRef
from tables.table.store import TableStore
from tables.table.ticker import fire_due
from telegram_bot.private.view import private_info, private_text
from tests.support.clock import Clock
from tests.support.toy_game import GAME as TOY
from tests.tables.table.test_game_contract import open_game, page, twin_table
from translations import tr
from translations.errors import ERROR_TEXTS
from webapp.payload import table_payload

pytestmark = pytest.mark.usefixtures("toy")  # the toy game, registered (tests/conftest.py)

ALICE, BOB, CAROL = 101, 102, 103
MAX_STEPS = 4000
GAME_NAMES = [*(game.name for game in registry.BUILT_IN), TOY.name]


@pytest.fixture
def store(redis_client) -> TableStore:
    return TableStore(redis_client, rng=DeterministicRng("gate"), clock=Clock())


def mia_table(store: TableStore, *people: int):
    table = store.create(ChatRef(-4242), people[0], "P0", game="mia").table
    for user in people[1:]:
        store.change(table.id, lambda t, u=user: lobby.join(t, u, f"P{u}"))
    return store.load(table.id)


def test_only_a_seated_person_of_a_running_game_sees_secrets(store):
    table = mia_table(store, ALICE, BOB, CAROL)
    assert secrets_access(table, ALICE).refusal == "not_playing"  # a lobby has none
    table = store.change(table.id, lambda t: lobby.start(t, ALICE, store.rng)).table
    assert secrets_access(table, ALICE).seat == 0
    assert secrets_access(table, 999).refusal == "not_seated"  # someone watching


def test_leaving_the_game_closes_the_seat_to_its_person_for_good(store):
    table = mia_table(store, ALICE, BOB, CAROL)
    store.change(table.id, lambda t: lobby.start(t, ALICE, store.rng))
    table = store.change(table.id, lambda t: play.resign(t, BOB, store.rng)).table
    assert secrets_access(table, BOB).refusal == "already_left"
    assert secrets_access(table, ALICE).allowed and secrets_access(table, CAROL).allowed


def test_a_seat_a_cpu_stands_in_for_is_still_its_persons(store):
    table = mia_table(store, ALICE, BOB)
    table = store.change(table.id, lambda t: lobby.start(t, ALICE, store.rng)).table
    table.autopilot.append(1)  # after two timeouts; any press brings Bob back
    assert secrets_access(table, BOB).seat == 1


def test_after_the_game_nobody_sees_a_seat_through_the_gate(store):
    table = mia_table(store, ALICE, BOB)
    store.change(table.id, lambda t: lobby.start(t, ALICE, store.rng))
    table = store.change(table.id, lambda t: play.resign(t, BOB, store.rng)).table
    assert table.status == FINISHED  # two players: one left, the other wins
    assert secrets_access(table, ALICE).refusal == "game_over"


def check_doors_closed(store: TableStore, table, user: int, rng: DeterministicRng) -> None:
    """Nothing private reaches ``user`` at ``table`` through any door, and nothing any door
    gives them depends on their seat's secrets."""
    access = secrets_access(table, user)
    assert not access.allowed
    game = get_game(table.game)
    for language in ("en", "ja"):
        said = private_text(table, user, language)  # the look button
        refusal = game.presentation.error_texts.get(access.refusal) or ERROR_TEXTS[access.refusal]
        assert said == tr(language, refusal)
    assert private_info(table, user) is None  # the inline hand (its items and its header)
    payload = table_payload(store, table, user, "en")  # the Mini App and its long poll
    assert payload["private"] is None and payload["actions"] == [] and payload["decision"] is None
    twin = twin_table(table, table.seat_of(user), rng)
    if twin is not None:
        assert page(store, twin, user) == page(store, table, user)
        assert private_text(twin, user, "en") == private_text(table, user, "en")
    if table.status == PLAYING:
        assert store.last_finished(table.chat) is None  # /log: never the running game


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("seed", range(3))
def test_a_seat_that_left_or_is_out_gets_nothing_private_from_any_door(redis_client, name, seed):
    clock = Clock()
    store = TableStore(redis_client, rng=DeterministicRng(f"gate-{name}-{seed}"), clock=clock)
    game = get_game(name)
    people = min(3, game.rules.max_seats)
    table = open_game(store, name, people, 1 if game.rules.max_seats > people else 0)
    rng = DeterministicRng(f"gate-moves-{name}-{seed}")
    leave_at = 1 + rng.randbelow(20)
    leaver = table.seats[1].user_id
    closed: set[int] = set()
    for step in range(MAX_STEPS):
        table = store.load(table.id)
        if table.status != PLAYING:
            break
        if step == leave_at:
            table = store.change(table.id, lambda t: play.resign(t, leaver, store.rng)).table
            closed.add(leaver)
            if table.status != PLAYING:
                check_doors_closed(store, table, leaver, rng)
                break
        state = game.rules.load(table.state)
        badges = game.presentation.seat_badges(game.rules.public_view(state))
        for seat, person in enumerate(table.seats):
            if person.user_id is not None and badges[seat].out:
                closed.add(person.user_id)  # eliminated, or timed out of the game
        for user in closed:
            check_doors_closed(store, table, user, rng)
        for seat in table.autopilot:
            if table.seats[seat].user_id not in closed:
                assert secrets_access(table, table.seats[seat].user_id).seat == seat
        people_acting = [s for s in game.rules.to_act(state) if not table.played_by_cpu(s)]
        if not people_acting or rng.randbelow(8) == 0:
            clock.now += 31  # CPUs move, and turn timers run out (two in a row: a CPU stands in)
            fire_due(store)
            continue
        seat = people_acting[rng.randbelow(len(people_acting))]
        legal = game.rules.legal_actions(state, seat)
        action = legal[rng.randbelow(len(legal))]
        user = table.seats[seat].user_id
        token = game.rules.decision(state, seat)
        press = lambda t, u=user, a=action, d=token: play.move(t, u, a, store.rng, d)  # noqa: E731
        store.change(table.id, press)
    else:
        raise AssertionError("the game did not end")
    assert leaver in closed
