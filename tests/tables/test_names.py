"""Seat names: any name a Telegram account can have, made safe to show to a whole group."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tables.names import MAX_GRAPHEMES, clean_name, graphemes

FAMILY = "👩\u200d👩\u200d👧\u200d👦"
FLAG = "🇫🇮"


def test_emoji_joined_with_zero_width_joiners_and_flags_stay_whole():
    assert clean_name(f"Ann {FAMILY} {FLAG}") == f"Ann {FAMILY} {FLAG}"
    assert graphemes(f"a{FAMILY}{FLAG}👍🏽") == ["a", FAMILY, FLAG, "👍🏽"]


def test_a_long_name_is_cut_by_grapheme_never_inside_an_emoji():
    name = clean_name(FAMILY * 40)
    assert name.endswith("…") and name.removesuffix("…") == FAMILY * (MAX_GRAPHEMES - 1)


def test_direction_controls_and_other_controls_are_removed():
    assert clean_name("Eve\u202egnp.exe") == "Eve gnp.exe"
    assert clean_name("Bo\u2066b\u2069\x00\x1b[31m") == "Bo b [31m"


def test_a_person_cannot_pose_as_a_cpu():
    assert clean_name("🤖 Ada") == "Ada"
    assert clean_name("🤖🤖") == "?"


def test_two_seats_never_show_the_same_name():
    assert clean_name("Alex", ["Alex"]) == "Alex (2)"
    assert clean_name("Alex", ["Alex", "Alex (2)"]) == "Alex (3)"


@given(st.text(max_size=200))
def test_any_text_becomes_a_short_single_line_name(raw):
    name = clean_name(raw)
    assert name and "\n" not in name and len(graphemes(name)) <= MAX_GRAPHEMES
    assert not any(ch in name for ch in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
    assert not name.startswith("🤖")
