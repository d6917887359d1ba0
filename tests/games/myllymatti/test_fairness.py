"""A provably fair deal: the commitment at the deal, the preimage at the end, and a log that
keeps what its readers need."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.fairness import sha256_hex, verify_text
from games.myllymatti import GAME, cards
from games.myllymatti.fairness import commitment, preimage, verify
from games.rng import DeterministicRng
from tables.engine import codec


def play_out(seed: int, seats: int = 3):
    """A whole game of CPU play, with every event."""
    rng = DeterministicRng(seed)
    state, events = GAME.rules.new_game({}, seats, rng, f"t.{seed}")
    first = state
    everything = list(events)
    while not GAME.rules.is_over(state):
        seat = GAME.rules.to_act(state)[0]
        action = GAME.rules.cpu_action(GAME.rules.view(state, seat), "hard", rng)
        state, events = GAME.rules.apply(state, seat, action, rng)
        everything += events
    return first, state, everything


def test_the_deck_order_is_committed_to_at_the_deal():
    state, events = GAME.rules.new_game({}, 3, DeterministicRng(1), "t.1")
    text = f"t.1|{','.join(state.deck)}|{state.salt}"
    assert GAME.rules.public_view(state)["commitment"] == sha256_hex(text)
    assert events[0]["commitment"] == sha256_hex(text)
    assert state.salt not in str(GAME.rules.public_view(state)) and len(state.salt) == 32


def test_the_preimage_is_revealed_when_the_game_ends_and_proves_the_commitment():
    first, _final, events = play_out(2)
    reveal = [e for e in events if e["type"] == "deal_revealed"]
    assert len(reveal) == 1 and events[-1]["type"] == "game_over"
    proofs = GAME.presentation.proofs(events)
    assert proofs == [(preimage("t.2", first.deck, first.salt), first.commitment)]
    assert verify_text(first.commitment, proofs[0][0])


def test_nothing_is_revealed_before_the_end():
    _, _, events = play_out(3)
    before_end = events[: next(i for i, e in enumerate(events) if e["type"] == "lost")]
    assert GAME.presentation.proofs(before_end) == []


def test_leaving_reveals_the_deal_too():
    state, _ = GAME.rules.new_game({}, 3, DeterministicRng(4), "t.4")
    _, events = GAME.rules.resign(state, 0, DeterministicRng(0))
    assert GAME.presentation.proofs(events)[0][1] == state.commitment


def test_the_revealed_deck_replays_the_deal_and_the_stock():
    first, _, events = play_out(5)
    deck = GAME.presentation.proofs(events)[0][0].split("|")[1].split(",")
    seats = first.seats
    for position, card in enumerate(deck[: 3 * seats]):
        assert card in first.hands[(first.dealer + 1 + position) % seats]
    assert deck[3 * seats :] == first.stock
    turned_up = [e["card"] for e in events if e["type"] == "played" and e["chance"]]
    assert all(card in first.stock for card in turned_up)
    last = next(e for e in events if e["type"] == "last_card")
    assert last["card"] == first.stock[-1]


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 10**6), swap=st.integers(0, 50))
def test_a_changed_deck_or_salt_never_verifies(seed, swap):
    deck = cards.shuffled_deck(DeterministicRng(seed))
    salt = DeterministicRng(seed).token_hex(16)
    committed = commitment("t.1", deck, salt)
    assert verify(committed, "t.1", deck, salt)
    changed = list(deck)
    changed[swap], changed[swap + 1] = changed[swap + 1], changed[swap]
    assert not verify(committed, "t.1", changed, salt)
    assert not verify(committed, "t.1", deck, salt[::-1] if salt != salt[::-1] else "0" + salt)
    assert not verify(committed, "t.2", deck, salt)


def test_the_compact_log_keeps_what_the_log_and_the_proof_need():
    _, _, events = play_out(6, seats=4)
    logged = [e for e in events if e["type"] not in GAME.rules.unlogged_events]
    decoded = codec.decode(codec.encode(logged, GAME.rules.event_fields), GAME.rules.event_fields)
    assert {e["type"] for e in logged} <= set(GAME.rules.event_fields)
    names = ["A", "B", "C", "D"]
    assert GAME.presentation.describe_log(decoded, names) == GAME.presentation.describe_log(
        logged, names
    )
    assert GAME.presentation.proofs(decoded) == GAME.presentation.proofs(events)
