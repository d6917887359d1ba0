"""The sealed record as bytes (tables.seal_codec): every call given back exactly, entries
appended one after another, a damaged record read up to its damage, and the lists of text
entries that games begun before this form keep."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tables import seal, seal_codec


def test_entries_appended_one_after_another_give_back_every_call():
    first = [[seal.NEW, None, None, [2, 0, 5]], [seal.MOVE, 3, "bid:0", []]]
    second = [[seal.RESIGN, 9, None, [300, 0]], [seal.TIMEOUT, 0, None, []]]
    third = [[seal.MOVE, 1, "spiel:ä♥", ["608f6fc2cf5dce8e", 1]]]  # a salt kept whole
    blob = seal_codec.pack(7, first) + seal_codec.pack(200, second) + seal_codec.pack(9, third)
    assert list(seal_codec.unpack(blob)) == [(7, first), (200, second), (9, third)]


def test_a_claim_costs_twelve_bytes():
    assert len(seal_codec.pack(41, [[seal.MOVE, 3, "claim:64", []]])) == 12
    assert len(seal_codec.pack(41, [[seal.MOVE, 3, "accept", [3, 4]]])) == 12


def test_a_damaged_record_gives_the_entries_before_its_damage():
    good = seal_codec.pack(4, [[seal.MOVE, 0, "accept", [1, 2]]])
    entries = seal_codec.unpack(good + seal_codec.pack(5, [[seal.MOVE, 1, "claim:21", []]])[:-3])
    assert next(entries) == (4, [[seal.MOVE, 0, "accept", [1, 2]]])
    with pytest.raises(ValueError):
        next(entries)
    with pytest.raises(ValueError):
        list(seal_codec.unpack(b"\xff" * 20))  # a number that never ends


def test_a_list_of_text_entries_then_packed_ones_reads_as_one_record():
    old = seal.encode(3, [[seal.NEW, None, None, [2, "abcd"]]]).encode()
    new = seal_codec.PACKED + seal_codec.pack(4, [[seal.MOVE, 1, "claim:21", []]])
    assert list(seal_codec.list_entries([old, new])) == [
        (3, [[seal.NEW, None, None, [2, "abcd"]]]),
        (4, [[seal.MOVE, 1, "claim:21", []]]),
    ]


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


@given(st.lists(st.tuples(st.integers(0, 10**7), calls), max_size=5))
def test_any_record_round_trips(entries):
    blob = b"".join(seal_codec.pack(version, list(cs)) for version, cs in entries)
    assert list(seal_codec.unpack(blob)) == [(version, list(cs)) for version, cs in entries]
