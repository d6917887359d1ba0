"""Every registered game (and the test-only toy game) played to the end through the real
table store on a real Redis, checking what the table layer promises every game:

- the state survives the store's JSON round trip at every step;
- moves come in with the decision token the player saw, and only seats in ``to_act`` may
  move (anyone else is refused and nothing changes);
- no other seat's secret in any view, public view, group message (text and buttons), Mini
  App payload, story or log: each seat's secrets are replaced by others and nothing anybody
  else sees may change;
- a hidden choice, or one several seats make at once, is never narrowed on the group's
  keyboard (no step of it opens there, not even one left open), every choice that others
  cannot tell apart once it is made is declared hidden (``Rules.choice_hidden``), and a step
  open on the group's keyboard closes once its opener has chosen;
- the game ends, its ranking names every seat, and the statistics count it once.
"""

from __future__ import annotations

import json
import re

import pytest

from games import registry, steps
from games.errors import GameError
from games.registry import get_game
from games.rng import DeterministicRng
from tables.profiles import stats
from tables.table import lobby, play, story
from tables.table.errors import TableError
from tables.table.model import FINISHED, ChatRef, Table
from tables.table.store import TableStore
from tables.table.ticker import fire_due
from telegram_bot.chat_messages import OpenStep
from telegram_bot.table_message.render import table_message
from tests.games.contract import perturber, without_commitments
from tests.support.clock import Clock
from tests.support.toy_game import GAME as TOY
from translations import SUPPORTED_LANGUAGES, render
from webapp.payload import table_payload

pytestmark = pytest.mark.usefixtures("toy")  # the toy game, registered (tests/conftest.py)

PEOPLE = (101, 102, 103, 104)
MAX_STEPS = 4000


GAME_NAMES = [*(game.name for game in registry.BUILT_IN), TOY.name]
# Each game at its default rules, and the toy's calls (hidden, in steps) and open calls.
CASES = [*((name, None) for name in GAME_NAMES), (TOY.name, "calls"), (TOY.name, "open_calls")]
LINK = "https://t.me/bot/app?startapp=x"


def open_game(
    store: TableStore, name: str, people: int, cpus: int, preset: str | None = None
) -> Table:
    table = store.create(ChatRef(-(10**6) - people), PEOPLE[0], "P0", game=name).table
    if preset is not None:
        store.change(table.id, lambda t: lobby.choose_preset(t, PEOPLE[0], preset))
    for user in PEOPLE[1:people]:
        store.change(table.id, lambda t, u=user: lobby.join(t, u, f"P{u}"))
    for _ in range(cpus):
        store.change(table.id, lambda t: lobby.add_cpu(t, PEOPLE[0], "normal"))
    store.change(table.id, lambda t: lobby.change_setting(t, PEOPLE[0], "turn_timer", 30))
    return store.change(table.id, lambda t: lobby.start(t, PEOPLE[0], store.rng)).table


def twin_table(table: Table, owner: int, rng: DeterministicRng) -> Table | None:
    """The same table with ``owner``'s secrets replaced (None when it holds none now)."""
    game = get_game(table.game)
    state = game.rules.load(table.state)
    twin_state = perturber(game)(state, owner, rng)
    if twin_state is state:
        return None
    twin = table.clone()
    twin.state = game.rules.dump(twin_state)
    return twin


def unhashed(text: str) -> str:
    """A text without its commitments (64 hex digits): the one public trace of a secret."""
    return re.sub(r"\b[0-9a-f]{64}\b", "<commitment>", text)


def page(store: TableStore, table: Table, user_id: int) -> str:
    """What a person's Mini App gets, commitments aside."""
    payload = without_commitments(table_payload(store, table, user_id, "en"))
    return unhashed(json.dumps(payload, sort_keys=True, ensure_ascii=False))


def check_nothing_leaks(store: TableStore, table: Table, rng: DeterministicRng) -> None:
    names = table.display_names()
    for owner in range(len(table.seats)):
        twin = twin_table(table, owner, rng)
        if twin is None:
            continue
        for language in ("en", "ja"):
            table.language = twin.language = language
            text, keyboard = table_message(table, "https://t.me/bot/app?startapp=x")
            twin_text, twin_keyboard = table_message(twin, "https://t.me/bot/app?startapp=x")
            assert unhashed(twin_text) == unhashed(text), f"the group text shows {owner}'s secret"
            assert twin_keyboard == keyboard, f"the group buttons show seat {owner}'s secret"
        for other, seat in enumerate(table.seats):
            if other == owner or seat.user_id is None:
                continue
            mine = page(store, table, seat.user_id)
            assert page(store, twin, seat.user_id) == mine, f"{other}'s page shows {owner}'s secret"
        assert page(store, twin, 999) == page(store, table, 999)  # a spectator
    assert names == table.display_names()


def step_callbacks(table: Table, step: OpenStep | None = None) -> list[str]:
    """The callback data of the step buttons on the group's keyboard."""
    _text, markup = table_message(table, LINK, step=step)
    buttons = [button for row in (markup.inline_keyboard if markup else ()) for button in row]
    return [b.callback_data for b in buttons if b.callback_data and ":s:" in b.callback_data]


def check_choices_stay_private(table: Table) -> None:
    """Not shared: no step button, even with a step of this decision left open. Shared: each
    seat's choices, once made, look different to the others (else the game must declare the
    choice hidden)."""
    game = get_game(table.game)
    state = game.rules.load(table.state)
    public = game.rules.public_view(state)
    if not game.rules.choice_is_shared(state):
        for seat in game.rules.to_act(state):
            token = game.rules.decision(state, seat)
            for path in steps.paths(
                game.presentation.action_steps, game.rules.public_actions(public, seat)
            ):
                left_open = OpenStep(table.game_no, token, path, seat)
                assert step_callbacks(table, left_open) == [], (
                    "a hidden choice narrowed in the group"
                )
        return
    for seat in game.rules.to_act(state):
        seen: dict[str, str] = {}
        for action in game.rules.public_actions(public, seat):
            after, _ = game.rules.apply(state, seat, action, DeterministicRng("same draws"))
            looks = json.dumps(game.rules.public_view(after), sort_keys=True)
            assert looks not in seen, (
                f"{seen.get(looks)!r} and {action!r} look alike once made: declare the choice "
                "hidden (Rules.choice_hidden), so it is never narrowed where others see it"
            )
            seen[looks] = action


def opened_step(table: Table, seat: int) -> OpenStep | None:
    """A step of ``seat``'s choice opened on the group's keyboard, where it may open."""
    game = get_game(table.game)
    state = game.rules.load(table.state)
    if not game.rules.choice_is_shared(state):
        return None
    public = game.rules.public_view(state)
    found = steps.paths(game.presentation.action_steps, game.rules.public_actions(public, seat))
    token = game.rules.decision(state, seat)
    return OpenStep(table.game_no, token, found[0], seat) if found else None


def refuse_moves_out_of_turn(store: TableStore, table: Table) -> None:
    game = get_game(table.game)
    state = game.rules.load(table.state)
    acting = set(game.rules.to_act(state))
    for seat, person in enumerate(table.seats):
        if seat in acting or person.user_id is None:
            continue
        assert game.rules.legal_actions(state, seat) == []
        someone = next(iter(acting))
        action = game.rules.legal_actions(state, someone)[0]
        with pytest.raises((GameError, TableError)):
            store.change(
                table.id, lambda t, u=person.user_id, a=action: play.move(t, u, a, store.rng)
            )
        assert store.load(table.id).version == table.version


@pytest.mark.parametrize(("name", "preset"), CASES)
@pytest.mark.parametrize("seed", range(2))
def test_a_random_game_through_the_table_store_keeps_the_contract(redis_client, name, preset, seed):
    clock = Clock()
    store = TableStore(redis_client, rng=DeterministicRng(f"{name}-{seed}"), clock=clock)
    game = get_game(name)
    people = min(3, game.rules.max_seats)
    cpus = 1 if game.rules.max_seats > people and seed else 0
    table = open_game(store, name, people, cpus, preset)
    rng = DeterministicRng(f"moves-{name}-{seed}")
    for step in range(MAX_STEPS):
        table = store.load(table.id)
        if table.status == FINISHED:
            break
        state = game.rules.load(table.state)
        assert game.rules.dump(state) == json.loads(json.dumps(table.state))
        if step % 7 == 0:
            check_nothing_leaks(store, table, rng)
            refuse_moves_out_of_turn(store, table)
        check_choices_stay_private(table)
        people_acting = [s for s in game.rules.to_act(state) if not table.played_by_cpu(s)]
        if not people_acting or rng.randbelow(50) == 0:
            clock.now += 31  # CPUs move, and now and then a turn timer runs out
            fire_due(store)
            continue
        seat = people_acting[rng.randbelow(len(people_acting))]
        legal = game.rules.legal_actions(state, seat)
        action = legal[rng.randbelow(len(legal))]
        token = game.rules.decision(state, seat)
        user = table.seats[seat].user_id
        press = lambda t, u=user, a=action, d=token: play.move(t, u, a, store.rng, d)  # noqa: E731
        opened = opened_step(table, seat)
        store.change(table.id, press)
        if opened is not None:  # the step its opener has chosen in is closed
            assert step_callbacks(store.load(table.id), opened) == step_callbacks(
                store.load(table.id)
            )
        with pytest.raises((TableError, GameError)):  # the same press again: at most once
            store.change(table.id, press)
    else:
        raise AssertionError("the game did not end")

    final = game.rules.load(table.state)
    assert sorted(game.rules.ranking(final)) == list(range(len(table.seats)))
    counted = [stats.user_stats(redis_client, u, name)["games"] for u in PEOPLE[:people]]
    assert counted == [1] * people
    events = [e for batch in store.log.game_log(table, table.game_no) for e in batch]
    assert events[-1]["type"] == "game_over" or any(e["type"] == "game_over" for e in events)
    for language in SUPPORTED_LANGUAGES:  # the whole log reads in every language
        lines = story.log_lines(game, events, table.display_names())
        assert all(render(line, language) for line in lines)
