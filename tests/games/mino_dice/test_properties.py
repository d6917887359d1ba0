"""Invariants over random full games with every combination of settings and table size."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.mino_dice import GAME
from games.mino_dice.dice import BAG_SIZE, CREATURES, colour_of, kind_of, parse_die_id
from games.mino_dice.settings import BONUS_TRICK, FLAGS_LEADER, SETTINGS_SPECS
from games.mino_dice.state import PHASE_BID, PHASE_OVER, MinoState
from games.mino_dice.tricks import colour_to_follow, hand_points
from games.rng import DeterministicRng

SETTINGS = st.fixed_dictionaries(
    {spec.key: st.sampled_from(spec.choices) for spec in SETTINGS_SPECS}
)
MAX_STEPS = 3000


def random_game(settings_: dict, seats: int, seed: int, cpu_share: int):
    """Yield (state before, seat, action, state after, events) for a whole random game:
    uniformly random legal actions mixed with CPU choices, the odd timeout and resign."""
    rng = DeterministicRng(seed)
    state, events = GAME.rules.new_game(settings_, seats, rng, f"g{seed}")
    yield None, None, "start", state, events
    for _ in range(MAX_STEPS):
        if GAME.rules.is_over(state):
            return
        acting = GAME.rules.to_act(state)
        seat = acting[rng.randbelow(len(acting))]
        dice = rng.randbelow(1000)
        if dice < 10:
            action = "timeout"
            new_state, events = GAME.rules.timeout(state, seat, rng)
        elif dice < 13:
            seat = rng.randbelow(seats)
            if seat in state.resigned:
                continue
            action = "resign"
            new_state, events = GAME.rules.resign(state, seat, rng)
        else:
            legal = GAME.rules.legal_actions(state, seat)
            if rng.randbelow(100) < cpu_share:
                level = ("easy", "normal", "hard")[rng.randbelow(3)]
                action = GAME.rules.cpu_action(GAME.rules.view(state, seat), level, rng)
            else:
                action = legal[rng.randbelow(len(legal))]
            new_state, events = GAME.rules.apply(state, seat, action, rng)
        yield state, seat, action, new_state, events
        state = new_state
    raise AssertionError("the game did not end")


GAMES = given(
    settings_=SETTINGS,
    seats=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    cpu_share=st.sampled_from([0, 50, 100]),
)


def rolled_dice(state: MinoState) -> set[int]:
    rolls = [roll for trick in state.tricks for roll in trick["rolls"]] + state.trick
    return {roll["die"] for roll in rolls}


@settings(max_examples=60, deadline=None)
@GAMES
def test_every_die_is_drawn_at_most_once_a_hand_and_back_in_the_bag_after(
    settings_, seats, seed, cpu_share
):
    for *_, state, _events in random_game(settings_, seats, seed, cpu_share):
        if state.phase == PHASE_OVER:
            continue
        dealt = [die for dice in state.dealt for die in dice]
        assert len(dealt) == len(set(dealt)) == state.hand * seats
        # Only this hand's dice have a face: the last hand's are back in the bag.
        assert {die for die in range(BAG_SIZE) if state.faces[die] is not None} == set(dealt)
        held = {die for dice in state.held for die in dice}
        assert held.isdisjoint(rolled_dice(state))
        assert held | rolled_dice(state) == set(dealt)


@settings(max_examples=60, deadline=None)
@GAMES
def test_the_follow_rule_is_never_broken(settings_, seats, seed, cpu_share):
    for before, seat, _action, _after, events in random_game(settings_, seats, seed, cpu_share):
        for event in events:
            if event["type"] != "rolled":
                continue
            colour = colour_to_follow(roll["die"] for roll in before.trick)
            die = parse_die_id(event["die"])
            held = before.held[seat]
            if colour is not None and any(colour_of(d) == colour for d in held):
                assert kind_of(die) in (colour, *CREATURES), (colour, event)


@settings(max_examples=60, deadline=None)
@GAMES
def test_scores_add_up_to_the_scoring_table(settings_, seats, seed, cpu_share):
    scores, bonuses, exact = [0] * seats, [0] * seats, [0] * seats
    for _before, _seat, _action, state, events in random_game(settings_, seats, seed, cpu_share):
        for event in events:
            if event["type"] == "trick_won" and settings_["bonus_flags"] == BONUS_TRICK:
                assert event["bonus"] in (0, 30, 50, 60, 100, 150)
            if event["type"] != "hand_scored":
                continue
            tricks = event["hand"]
            won = [result["won"] for result in event["results"]]
            if settings_["all_flags"] == FLAGS_LEADER:
                assert sum(won) == tricks
            else:
                assert sum(won) <= tricks
            for result in event["results"]:
                seat = result["seat"]
                assert result["points"] == hand_points(result["bid"], result["won"], tricks)
                if result["bid"] != result["won"]:
                    assert result["bonus"] == 0
                scores[seat] += result["points"] + result["bonus"]
                bonuses[seat] += result["bonus"]
                exact[seat] += result["bid"] == result["won"]
                assert result["score"] == scores[seat]
        assert state.scores == scores
    stats = GAME.rules.final_stats(state)
    assert [s["bonus_points"] for s in stats] == bonuses
    assert [s["exact_bids"] for s in stats] == exact


def ids_with_faces(data: Any) -> set[str]:
    """The die ids in ``data`` that come with a face (a roll)."""
    if isinstance(data, dict):
        found = {data["die"]} if "face" in data and "die" in data else set()
        return found.union(*(ids_with_faces(value) for value in data.values()))
    if isinstance(data, list):
        return set().union(*(ids_with_faces(value) for value in data))
    return set()


def all_ids(data: Any) -> set[str]:
    if isinstance(data, dict):
        return set().union(*(all_ids(value) for value in data.values()))
    if isinstance(data, list):
        return set().union(*(all_ids(value) for value in data))
    return {data} if isinstance(data, str) and parse_die_id(data) is not None else set()


@settings(max_examples=60, deadline=None)
@GAMES
def test_a_view_never_shows_another_seats_dice_or_any_unrolled_face(
    settings_, seats, seed, cpu_share
):
    for *_, state, _events in random_game(settings_, seats, seed, cpu_share):
        rolled = {f"d{die}" for die in rolled_dice(state)}
        public = GAME.rules.public_view(state)
        assert all_ids(public) <= rolled and ids_with_faces(public) <= rolled
        for seat in range(seats):
            view = GAME.rules.view(state, seat)
            own = {f"d{die}" for die in state.held[seat]}
            assert all_ids(view) <= rolled | own
            assert ids_with_faces(view) <= rolled  # not even its own dice's faces
            assert "faces" not in view and "salts" not in view


@settings(max_examples=60, deadline=None)
@GAMES
def test_bids_stay_hidden_until_everyone_has_bid(settings_, seats, seed, cpu_share):
    for *_, state, events in random_game(settings_, seats, seed, cpu_share):
        bidding = state.phase == PHASE_BID
        public = GAME.rules.public_view(state)
        if bidding:
            assert public["bids"] is None
            for seat in range(seats):
                view = GAME.rules.view(state, seat)
                assert view["bids"] is None and view["bid"] == state.bids[seat]
            tokens = {GAME.rules.decision(state, seat) for seat in GAME.rules.to_act(state)}
            assert len(tokens) == 1
        for event in events:
            if event["type"] == "bid_made":
                assert set(event) == {"type", "seat"}


@settings(max_examples=50, deadline=None)
@GAMES
def test_the_state_round_trips_and_only_seats_to_act_may_move(settings_, seats, seed, cpu_share):
    final = None
    for *_, state, events in random_game(settings_, seats, seed, cpu_share):
        assert GAME.rules.load(json.loads(json.dumps(GAME.rules.dump(state)))) == state
        json.dumps(events)
        acting = GAME.rules.to_act(state)
        for seat in range(seats):
            assert bool(GAME.rules.legal_actions(state, seat)) == (seat in acting)
        final = state
    assert GAME.rules.is_over(final)
    assert sorted(GAME.rules.ranking(final)) == list(range(seats))
    tricks = sum(s["tricks_won"] for s in GAME.rules.final_stats(final))
    assert tricks <= sum(range(1, final.hand + 1))


@settings(max_examples=40, deadline=None)
@GAMES
def test_every_reveal_proves_the_commitments_published_at_its_deal(
    settings_, seats, seed, cpu_share
):
    published: dict[int, list[str]] = {}
    for *_, events in random_game(settings_, seats, seed, cpu_share):
        for event in events:
            if event["type"] == "hand_started":
                published[event["hand"]] = event["commitments"]
            elif event["type"] == "hand_revealed":
                proofs = GAME.presentation.proofs([event])
                assert [hashed for _, hashed in proofs] == published[event["hand"]]
                assert all(text.startswith(f"g{seed}|{event['hand']}|") for text, _ in proofs)
