"""Invariants over random whole games, with every combination of settings and 2–4 seats."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.myllymatti import GAME, cards
from games.myllymatti.settings import SETTINGS_SPECS
from games.myllymatti.state import HAND_SIZE, PHASE_COLLECT, MyllyState
from games.rng import DeterministicRng
from tests.games.myllymatti.scripted import cards_in

SETTINGS = st.fixed_dictionaries(
    {spec.key: st.sampled_from(spec.choices) for spec in SETTINGS_SPECS}
)
MAX_STEPS = 20000


def random_game(settings_: dict, seats: int, seed: int, cpu_share: int):
    """Yield (state before, action, state after, events) for a whole game of random legal
    moves mixed with CPU moves (every level), and the odd timeout and resignation."""
    rng = DeterministicRng(seed)
    state, events = GAME.rules.new_game(settings_, seats, rng, f"g{seed}")
    yield None, "start", state, events
    for _ in range(MAX_STEPS):
        if GAME.rules.is_over(state):
            return
        seat = GAME.rules.to_act(state)[0]
        roll = rng.randbelow(1000)
        if roll < 5:
            action = "timeout"
            new_state, events = GAME.rules.timeout(state, seat, rng)
        elif roll < 7:
            action = "resign"
            new_state, events = GAME.rules.resign(state, seat, rng)
        else:
            legal = GAME.rules.legal_actions(state, seat)
            if rng.randbelow(100) < cpu_share:
                level = ("easy", "normal", "hard")[rng.randbelow(3)]
                action = GAME.rules.cpu_action(GAME.rules.view(state, seat), level, rng)
                assert action in legal
            else:
                action = legal[rng.randbelow(len(legal))]
            new_state, events = GAME.rules.apply(state, seat, action, rng)
        yield state, action, new_state, events
        state = new_state
    raise AssertionError("the game did not end")


GAMES = given(
    settings_=SETTINGS,
    seats=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    cpu_share=st.sampled_from([0, 50, 100]),
)


def every_card(state: MyllyState) -> Counter:
    """Hands, stock, table, tied cards, won piles, the face-up card, cards set aside."""
    found = Counter(card for hand in state.hands for card in hand)
    found.update(state.stock)
    found.update(entry["card"] for entry in state.trick + state.tied)
    found.update(card for pile in state.won for card in pile)
    found.update(state.set_aside)
    if state.face_up is not None:
        found[state.face_up] += 1
    return found


@settings(max_examples=60, deadline=None)
@GAMES
def test_all_52_cards_are_accounted_for_after_every_move(settings_, seats, seed, cpu_share):
    for *_, state, _events in random_game(settings_, seats, seed, cpu_share):
        assert every_card(state) == Counter(cards.DECK)


@settings(max_examples=60, deadline=None)
@GAMES
def test_every_game_ends_with_exactly_one_loser_ranked_last(settings_, seats, seed, cpu_share):
    final = None
    for *_, state, _events in random_game(settings_, seats, seed, cpu_share):
        final = state
    assert GAME.rules.is_over(final) and final.loser is not None
    ranking = GAME.rules.ranking(final)
    assert sorted(ranking) == list(range(seats)) and ranking[-1] == final.loser
    places = GAME.rules.places(final)
    assert places[-1] == seats and places.count(seats) == 1
    stats = GAME.rules.final_stats(final)
    assert sum(s["myllymatti"] for s in stats) == 1
    if final.resigned is None:
        assert final.holding() == [final.loser]


def shown(view: dict, phase: str) -> set[str]:
    """The cards a view shows. In phase 2 its ``last`` result may name a card just picked up
    (it was on the table for all to see), and ``known_hands`` gives the hands as the public
    record has them (checked against the events below), so only phase 1 counts those."""
    if phase == PHASE_COLLECT:
        return cards_in(view)
    return cards_in({key: value for key, value in view.items() if key not in PUBLIC_RECORD})


PUBLIC_RECORD = ("last", "known_hands")


class Watcher:
    """Someone at the table who remembers every event, and so knows every phase-2 hand."""

    def __init__(self, seats: int) -> None:
        self.won: list[list[str]] = [[] for _ in range(seats)]
        self.face_up: tuple[int, str] | None = None
        self.hands: list[list[str]] | None = None

    def see(self, event: dict) -> None:
        kind = event["type"]
        if kind == "trick_won":
            self.won[event["seat"]] += event["cards"] + event["tied"]
        elif kind == "last_card":
            self.face_up = (event["seat"], event["card"])
        elif kind == "phase_two":
            self.hands = [
                list(shown) + won for shown, won in zip(event["shown"], self.won, strict=True)
            ]
            for entry in event["returned"]:
                self.hands[entry["seat"]].append(entry["card"])
            if self.face_up is not None:
                self.hands[self.face_up[0]].append(self.face_up[1])
        elif kind in ("led", "beat"):
            self.hands[event["seat"]].remove(event["card"])
        elif kind == "picked_up":
            self.hands[event["seat"]] += event["cards"]


@settings(max_examples=40, deadline=None)
@GAMES
def test_the_phase_2_hands_in_the_views_are_what_every_event_watcher_knows(
    settings_, seats, seed, cpu_share
):
    watcher = Watcher(seats)
    for _before, _action, state, events in random_game(settings_, seats, seed, cpu_share):
        for event in events:
            watcher.see(event)
        known = GAME.rules.public_view(state)["known_hands"]
        if state.phase == PHASE_COLLECT or GAME.rules.is_over(state):
            assert known is None
        else:
            assert known == [sorted(hand) for hand in watcher.hands]


@settings(max_examples=60, deadline=None)
@GAMES
def test_no_view_or_event_shows_a_hidden_card(settings_, seats, seed, cpu_share):
    for _before, _action, state, events in random_game(settings_, seats, seed, cpu_share):
        if GAME.rules.is_over(state):
            continue
        stock = set(state.stock)
        public = GAME.rules.public_view(state)
        held = {c for hand in state.hands for c in hand}
        assert not shown(public, state.phase) & (stock | held)
        for seat in range(seats):
            others = {c for other, hand in enumerate(state.hands) if other != seat for c in hand}
            view = GAME.rules.view(state, seat)
            assert view["hand"] == cards.sorted_hand(state.hands[seat], state.trump)
            assert not shown(view, state.phase) & (others | stock)
        if state.phase == PHASE_COLLECT:  # nothing shown yet may still be hidden
            hidden = stock | {c for hand in state.hands for c in hand}
            assert not cards_in(events) & hidden, events


@settings(max_examples=40, deadline=None)
@GAMES
def test_hands_hold_at_most_three_cards_in_phase_1_and_tricks_never_overfill(
    settings_, seats, seed, cpu_share
):
    for *_, state, _events in random_game(settings_, seats, seed, cpu_share):
        if state.phase == PHASE_COLLECT:
            assert all(len(hand) <= HAND_SIZE for hand in state.hands)
            assert len(state.trick) <= 1
        else:
            assert len(state.trick) < max(state.trick_size, 1) or GAME.rules.is_over(state)


@settings(max_examples=40, deadline=None)
@GAMES
def test_state_round_trips_through_json_and_only_the_seat_to_act_may_move(
    settings_, seats, seed, cpu_share
):
    for *_, state, events in random_game(settings_, seats, seed, cpu_share):
        assert GAME.rules.load(json.loads(json.dumps(GAME.rules.dump(state)))) == state
        json.dumps(events)
        acting = GAME.rules.to_act(state)
        assert len(acting) <= 1
        for seat in range(seats):
            assert bool(GAME.rules.legal_actions(state, seat)) == (seat in acting)
