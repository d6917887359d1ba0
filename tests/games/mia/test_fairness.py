"""Provably fair dice: the commitment at the roll, the proof at the reveal."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from games.fairness import verify_text
from games.mia.fairness import commitment, preimage, verify

DIE = st.integers(1, 6)
SALT = st.text("0123456789abcdef", min_size=32, max_size=32)


@given(a=DIE, b=DIE, salt=SALT, round_no=st.integers(1, 99), turn=st.integers(1, 999))
def test_the_revealed_dice_and_salt_verify(a, b, salt, round_no, turn):
    committed = commitment("t.1", round_no, turn, [a, b], salt)
    assert verify(committed, "t.1", round_no, turn, [a, b], salt)
    assert verify(committed, "t.1", round_no, turn, [b, a], salt)  # order is by name
    assert verify_text(committed, preimage("t.1", round_no, turn, [a, b], salt))


@given(a=DIE, b=DIE, c=DIE, d=DIE, salt=SALT)
def test_a_changed_die_never_verifies(a, b, c, d, salt):
    committed = commitment("t.1", 1, 1, [a, b], salt)
    if sorted((a, b)) != sorted((c, d)):
        assert not verify(committed, "t.1", 1, 1, [c, d], salt)


@given(a=DIE, b=DIE, salt=SALT, other=SALT)
def test_a_changed_salt_never_verifies(a, b, salt, other):
    committed = commitment("t.1", 1, 1, [a, b], salt)
    if other != salt:
        assert not verify(committed, "t.1", 1, 1, [a, b], other)


def test_a_commitment_binds_the_game_round_and_turn():
    committed = commitment("t.1", 2, 3, [5, 3], "ab" * 16)
    assert not verify(committed, "t.2", 2, 3, [5, 3], "ab" * 16)
    assert not verify(committed, "t.1", 3, 3, [5, 3], "ab" * 16)
    assert not verify(committed, "t.1", 2, 4, [5, 3], "ab" * 16)
    assert preimage("t.1", 2, 3, [3, 5], "ab" * 16) == "t.1|2|3|53|" + "ab" * 16
