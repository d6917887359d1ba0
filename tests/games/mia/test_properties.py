"""Invariants over random full games with every combination of settings."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from games.mia import GAME
from games.mia.ranks import rank
from games.mia.settings import SETTINGS_SPECS
from games.rng import DeterministicRng

SETTINGS = st.fixed_dictionaries(
    {spec.key: st.sampled_from(spec.choices) for spec in SETTINGS_SPECS}
)
MAX_STEPS = 5000


def random_game(settings_: dict, seats: int, seed: int, cpu_share: float):
    """Yield (state, seat, action, new_state, events) for a whole game of random legal play.

    Mixes uniformly random legal actions (which reach odd corners: instant Mia bluffs,
    passes) with CPU decisions (which reach long rounds), plus the odd timeout and resign.
    """
    rng = DeterministicRng(seed)
    state, events = GAME.rules.new_game(settings_, seats, rng, f"g{seed}")
    yield None, None, "start", state, events
    for _ in range(MAX_STEPS):
        if GAME.rules.is_over(state):
            return
        seat = GAME.rules.to_act(state)[0]
        roll = rng.randbelow(1000)
        if roll < 8:
            new_state, events = GAME.rules.timeout(state, seat, rng)
            action = "timeout"
        elif roll < 11:
            seat = GAME.rules.ranking(state)[rng.randbelow(len(state.live_seats()))]
            new_state, events = GAME.rules.resign(state, seat, rng)
            action = "resign"
        else:
            legal = GAME.rules.legal_actions(state, seat)
            if rng.randbelow(100) < cpu_share:
                level = ("easy", "normal", "hard")[rng.randbelow(3)]
                action = GAME.rules.cpu_action(GAME.rules.view(state, seat), level, rng)
                assert action in legal
            else:
                action = legal[rng.randbelow(len(legal))]
            new_state, events = GAME.rules.apply(state, seat, action, rng)
        yield state, seat, action, new_state, events
        state = new_state
    raise AssertionError("the game did not end")


GAMES = given(
    settings_=SETTINGS,
    seats=st.integers(2, 10),
    seed=st.integers(0, 2**32),
    cpu_share=st.sampled_from([0, 50, 100]),
)


@settings(max_examples=150, deadline=None)
@GAMES
def test_every_game_ends_with_exactly_one_winner(settings_, seats, seed, cpu_share):
    final = None
    for *_, state, _events in random_game(settings_, seats, seed, cpu_share):
        final = state
    assert GAME.rules.is_over(final)
    assert len(final.live_seats()) == 1
    ranking = GAME.rules.ranking(final)
    assert sorted(ranking) == list(range(seats))
    assert ranking[0] == final.live_seats()[0]
    assert len(final.out_order) == seats - 1


@settings(max_examples=150, deadline=None)
@GAMES
def test_lives_never_go_up_and_never_below_zero(settings_, seats, seed, cpu_share):
    for before, _seat, _action, after, _events in random_game(settings_, seats, seed, cpu_share):
        if before is None:
            assert after.lives == [settings_["lives"]] * seats
            continue
        assert all(0 <= a <= b for a, b in zip(after.lives, before.lives, strict=True))
        lost = sum(before.lives) - sum(after.lives)
        assert lost <= max(settings_["lives"], 2)  # one loss per round (or a resign)


@settings(max_examples=150, deadline=None)
@GAMES
def test_claims_strictly_rise_within_a_round(settings_, seats, seed, cpu_share):
    doubles = settings_["doubles"]
    for *_, state, _events in random_game(settings_, seats, seed, cpu_share):
        claims = [entry["claim"] for entry in state.history if "claim" in entry]
        ranks = [rank(claim, doubles) for claim in claims]
        assert ranks == sorted(set(ranks)), claims
        if claims:
            assert state.claim == claims[-1]


@settings(max_examples=150, deadline=None)
@GAMES
def test_no_view_or_event_holds_another_seats_unrevealed_dice(settings_, seats, seed, cpu_share):
    for _b, _seat, action, state, events in random_game(settings_, seats, seed, cpu_share):
        public = json.dumps(GAME.rules.public_view(state))
        if state.salt:
            assert state.salt not in public
        for seat in range(seats):
            view = GAME.rules.view(state, seat)
            if seat != state.dice_owner:
                assert view["dice"] is None
                if state.salt:
                    assert state.salt not in json.dumps(view)
            else:
                assert view["dice"] == state.dice
        for event in events:
            if event["type"] != "challenged":
                assert "dice" not in event and "salt" not in event, (action, event)


@settings(max_examples=100, deadline=None)
@GAMES
def test_state_round_trips_through_json_at_every_step(settings_, seats, seed, cpu_share):
    for *_, state, events in random_game(settings_, seats, seed, cpu_share):
        assert GAME.rules.load(json.loads(json.dumps(GAME.rules.dump(state)))) == state
        json.dumps(events)


@settings(max_examples=100, deadline=None)
@GAMES
def test_only_the_seat_to_act_has_legal_actions(settings_, seats, seed, cpu_share):
    for *_, state, _events in random_game(settings_, seats, seed, cpu_share):
        acting = GAME.rules.to_act(state)
        for seat in range(seats):
            assert bool(GAME.rules.legal_actions(state, seat)) == (seat in acting)
