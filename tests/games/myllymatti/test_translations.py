"""games/myllymatti/translations.json holds every new msgid of the game in every language, until
the lead engineer merges it into translations/locale (see translations/catalogs.sh).

Every msgid Babel extracts from the package (as catalogs.sh does) that the current template
does not have yet needs an entry with nl, de, ja, ms and gu; plural msgids (``NT_``) are keyed
by the singular with ``[singular, plural]`` per language; placeholders stay identical.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from translations import LOCALE_DIR

babel_extract = pytest.importorskip("babel.messages.extract")
babel_pofile = pytest.importorskip("babel.messages.pofile")

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "games" / "myllymatti"
LANGUAGES = ("nl", "de", "ja", "ms", "gu")
PLACEHOLDER = re.compile(r"\{[a-z_0-9]*\}")
KEYWORDS = {"T_": None, "N_": None, "NT_": (1, 2), "tr": (2,), "trn": (2, 3)}


def extracted() -> dict[str, tuple[str, ...]]:
    """Each msgid in the package: key (the singular) -> the English forms."""
    found: dict[str, tuple[str, ...]] = {}
    for _file, _line, message, _comments, _context in babel_extract.extract_from_dir(
        str(PACKAGE), keywords=KEYWORDS, comment_tags=()
    ):
        forms = (message,) if isinstance(message, str) else tuple(message)
        found[forms[0]] = forms
    return found


def in_template() -> set[str]:
    with (LOCALE_DIR / "messages.pot").open("rb") as handle:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in babel_pofile.read_po(handle)}


TRANSLATIONS = json.loads((PACKAGE / "translations.json").read_text())


def test_every_new_msgid_has_an_entry_and_no_entry_is_stale():
    needed = {key for key in extracted() if key not in in_template()}
    assert needed - set(TRANSLATIONS) == set(), "msgids without translations"
    assert set(TRANSLATIONS) - needed == set(), "entries no longer in the code (or not new)"


@pytest.mark.parametrize("msgid", sorted(TRANSLATIONS))
def test_each_entry_has_every_language_with_the_same_placeholders(msgid):
    forms = extracted()[msgid]
    entry = TRANSLATIONS[msgid]
    assert set(entry) == set(LANGUAGES)
    for language in LANGUAGES:
        value = entry[language]
        if len(forms) == 2:
            assert isinstance(value, list) and len(value) == 2, (language, value)
            translated = value
        else:
            assert isinstance(value, str), (language, value)
            translated = [value] * len(forms)
        for english, text in zip(forms, translated, strict=True):
            assert text.strip(), (language, msgid)
            wanted = sorted(PLACEHOLDER.findall(english))
            assert sorted(PLACEHOLDER.findall(text)) == wanted, (language, text)
            assert text.startswith("  ") == english.startswith("  "), (language, text)
