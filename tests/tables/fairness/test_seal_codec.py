"""The sealed record's entries as bytes (tables.fairness.seal_codec): every call given back exactly,
a damaged entry refused, and the text entries of games begun before read beside them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tables.fairness import seal, seal_codec


def test_an_entry_gives_back_every_call():
    calls = [[seal.NEW, None, None, [2, 0, 5]], [seal.MOVE, 3, "bid:0", []]]
    calls += [[seal.RESIGN, 9, None, [300, 0]], [seal.TIMEOUT, 0, None, []]]
    calls += [[seal.MOVE, 1, "spiel:ä♥", ["608f6fc2cf5dce8e", 1]]]  # a salt kept whole
    for version in (1, 63, 64, 200, 10**6):
        assert seal_codec.entry(seal_codec.pack(version, calls)) == (version, calls)


def test_a_mia_move_takes_twelve_bytes():
    assert len(seal_codec.pack(41, [[seal.MOVE, 3, "claim:64", []]])) == 12
    assert len(seal_codec.pack(41, [[seal.MOVE, 3, "accept", [3, 4]]])) == 12


def test_a_damaged_entry_is_refused():
    good = seal_codec.pack(5, [[seal.MOVE, 1, "claim:21", [4]]])
    for damaged in (good[:-1], good + b"\x00", b"\xff" * 20, b"garbage", b""):
        with pytest.raises(ValueError):
            seal_codec.entry(damaged)


def test_text_entries_of_games_begun_before_read_beside_packed_ones():
    old = seal.encode(3, [[seal.NEW, None, None, [2, "abcd"]]]).encode()
    new = seal_codec.pack(4, [[seal.MOVE, 1, "claim:21", []]])
    assert [seal_codec.entry(raw) for raw in (old, new)] == [
        (3, [[seal.NEW, None, None, [2, "abcd"]]]),
        (4, [[seal.MOVE, 1, "claim:21", []]]),
    ]
    assert new[0] >= 0x80 and old[:1].isdigit()  # how they are told apart


calls = st.lists(
    st.tuples(
        st.sampled_from(seal_codec.KINDS),
        st.none() | st.integers(0, 40),
        st.none() | st.text(max_size=30),
        st.lists(st.integers(0, 2**40) | st.binary(min_size=1, max_size=40).map(bytes.hex)),
    ).map(list),
    min_size=1,
    max_size=4,
)


@given(st.integers(0, 10**9), calls)
def test_any_entry_round_trips(version, calls):
    assert seal_codec.entry(seal_codec.pack(version, calls)) == (version, calls)
