"""The one translation function: English source, plural forms, nested game texts."""

from __future__ import annotations

from games.base import NT_, T_, V_
from translations import best_language, render, tr, trn


def test_unknown_and_missing_languages_fall_back_to_english():
    assert best_language(None) == "en"
    assert best_language("xx") == "en"
    assert best_language("EN-gb") == "en"


def test_placeholders_are_filled():
    assert tr("en", "Hello {name}", name="Alice") == "Hello Alice"


def test_plural_forms_follow_n():
    singular, plural = "{n} life", "{n} lives"
    assert trn("en", singular, plural, 1) == "1 life"
    assert trn("en", singular, plural, 2) == "2 lives"
    assert render(NT_(singular, plural, 3), "en") == "3 lives"


def test_nested_texts_render_inside_out():
    text = T_("{who} claims {claim}", who="Bob", claim=T_("Mia"))
    assert render(text, "en") == "Bob claims Mia"
    assert render(V_("{a} → {b}", a=T_("Mia"), b="53"), "en") == "Mia → 53"
