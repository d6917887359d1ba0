"""Every word Mino Dice says has Dutch, German, Japanese, Malay and Gujarati translations in
games/mino_dice/translations.json (until they are merged into translations/locale), with
every placeholder kept."""

from __future__ import annotations

import json
import re
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from translations import LOCALE_DIR

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "games" / "mino_dice"
LANGUAGES = {"nl", "de", "ja", "ms", "gu"}
PLACEHOLDER = re.compile(r"\{[a-z_0-9]*\}")


def extracted() -> dict[str, str | tuple[str, str]]:
    """Every msgid in the package (keyed by its singular), as ``catalogs.sh`` extracts it."""
    found: dict[str, str | tuple[str, str]] = {}
    keywords = {"T_": None, "NT_": (1, 2), "N_": None}
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(PACKAGE), method_map=[("**.py", "python")], keywords=keywords
    ):
        found[message if isinstance(message, str) else message[0]] = message
    return found


def catalogued() -> set[str]:
    with (LOCALE_DIR / "messages.pot").open("rb") as handle:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(handle) if m.id}


def translations() -> dict[str, dict[str, str | list[str]]]:
    return json.loads((PACKAGE / "translations.json").read_text(encoding="utf-8"))


def test_every_new_msgid_is_translated_and_none_is_stale():
    messages, table = extracted(), translations()
    new = set(messages) - catalogued()
    assert new == set(table), (sorted(new - set(table)), sorted(set(table) - new))


def test_every_language_is_there_and_not_empty():
    messages = extracted()
    for msgid, languages in translations().items():
        assert set(languages) == LANGUAGES, msgid
        plural = not isinstance(messages[msgid], str)
        for language, text in languages.items():
            forms = text if plural else [text]
            assert isinstance(text, list if plural else str), (msgid, language)
            assert len(forms) == (2 if plural else 1) and all(f.strip() for f in forms)


def test_translations_keep_every_placeholder():
    messages = extracted()
    for msgid, languages in translations().items():
        original = messages[msgid]
        wanted = set(
            PLACEHOLDER.findall(" ".join([original] if isinstance(original, str) else original))
        )
        for language, text in languages.items():
            for form in [text] if isinstance(text, str) else text:
                assert set(PLACEHOLDER.findall(form)) == wanted, (msgid, language, form)
                form.format(**{name.strip("{}"): "x" for name in wanted})
