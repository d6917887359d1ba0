"""Seat names: any name a Telegram account can have, made safe to show to a whole group."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tables.table import lobby
from tables.table.lookalikes import skeleton
from tables.table.model import ChatRef
from tables.table.names import MAX_GRAPHEMES, clean_name, graphemes, is_readable
from tables.table.store import TableStore

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


# Characters that show nothing in front of a name: a name starting with one of them reads
# exactly as the name without it.
INVISIBLE_FIRST = (
    "\u200d",  # zero-width joiner
    "\u200c",  # zero-width non-joiner
    "\ufe0f",  # variation selector-16
    "\u034f",  # combining grapheme joiner
    "\U000e0020",  # tag space
    "\u17b4",  # Khmer inherent vowel
    "\u0301",  # a combining accent with nothing to sit on
    "\u200b",  # zero-width space
    "\u2060",  # word joiner
    "\u3164",  # Hangul filler
    "\u2800",  # Braille blank
    "\u00ad",  # soft hyphen
)


@pytest.mark.parametrize("invisible", INVISIBLE_FIRST)
def test_a_name_cannot_pose_as_a_cpu_behind_an_invisible_character(invisible):
    assert clean_name(f"{invisible}🤖 Ada", ["Ada"]) == "Ada (2)"
    assert clean_name(f"🤖{invisible} Ada", ["Ada"]) == "Ada (2)"
    assert clean_name(f"{invisible}Ada", ["Ada"]) == "Ada (2)"
    if invisible != "\u0301":  # after the "a" it is an accent people see: "Adá"
        assert clean_name(f"Ada{invisible}", ["Ada"]) == "Ada (2)"


def test_names_that_read_alike_are_told_apart():
    assert clean_name("Аda", ["Ada"]) == "Аda (2)"  # a Cyrillic А
    assert clean_name("A\u200dda", ["Ada"]) == "A\u200dda (2)"  # a zero-width joiner inside
    assert clean_name("A\u200bda", ["Ada"]) == "A da"  # a zero-width space shows as a space
    assert clean_name("AIan", ["Alan"]) == "AIan (2)"  # a capital I for the l
    assert clean_name("Bob", ["Bоb"]) == "Bob (2)"  # the other seat has the Cyrillic о
    assert clean_name("Ada", ["Аda", "Ada (2)"]) == "Ada (3)"
    assert clean_name("Adam", ["Ada"]) == "Adam"  # different to the eye: no number


def test_a_name_of_invisible_characters_only_is_not_a_name():
    for raw in ("\u200b", "\u200d\u200d", "\u3164", "\u2800\u200c", "\ufe0f", " \u0301 "):
        assert not is_readable(raw)
        assert clean_name(raw) == "?"  # a Telegram account's name: shown as "?"
    assert is_readable("Ann") and is_readable("👩\u200d👩\u200d👧") and is_readable("?")


def test_emoji_sequences_keep_their_joiners_and_selectors():
    assert clean_name("❤\ufe0f Ann") == "❤\ufe0f Ann"
    assert clean_name(f"{FAMILY}") == FAMILY


def test_the_cpu_takes_a_name_nobody_at_the_table_reads_as_its_own(redis_client):
    assert skeleton("Аda") == skeleton("Ada") != skeleton("Grace")
    store = TableStore(redis_client)
    table = store.create(ChatRef(-7070), 1, "\u200dАda", game="mia").table  # a Cyrillic А
    assert table.seats[0].name == "Аda"
    table = store.change(table.id, lambda t: lobby.add_cpu(t, 1, "easy")).table
    assert table.display_names() == ["Аda", "🤖 Grace"]
