"""The catalogs: current with the code, complete in every language, placeholders intact, and
compiled (.mo) as translated (.po), so a fresh install needs no build step."""

from __future__ import annotations

import gettext
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from translations import LOCALE_DIR, SUPPORTED_LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = sorted(p.name for p in LOCALE_DIR.iterdir() if (p / "LC_MESSAGES").is_dir())
OFFERED = [code for code in SUPPORTED_LANGUAGES if code != "en"]
PLACEHOLDER = re.compile(r"\{[a-z_0-9]*\}")


def catalog(language: str):
    with (LOCALE_DIR / language / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        return read_po(handle, locale=language)


def msgids(path: Path) -> set[str]:
    with path.open("rb") as handle:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(handle) if m.id}


def test_the_template_is_current_with_the_code(tmp_path):
    fresh = tmp_path / "messages.pot"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "babel.messages.frontend",
            "extract",
            "-F",
            "babel.cfg",
            "-k",
            "tr:2",
            "-k",
            "trn:2,3",
            "-k",
            "T_",
            "-k",
            "NT_:1,2",
            "-k",
            "N_",
            "--no-location",
            "-o",
            str(fresh),
            ".",
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    missing = msgids(fresh) - msgids(LOCALE_DIR / "messages.pot")
    assert not missing, f"run `bash translations/catalogs.sh`; new strings: {sorted(missing)}"


def test_every_offered_language_has_every_string_and_none_is_fuzzy():
    """A language is offered (translations.SUPPORTED_LANGUAGES) only when complete."""
    wanted = msgids(LOCALE_DIR / "messages.pot")
    for language in OFFERED:
        found = {}
        for message in catalog(language):
            if message.id:
                found[message.id if isinstance(message.id, str) else message.id[0]] = message
        assert wanted <= set(found), f"missing in {language}: {sorted(wanted - set(found))}"
        problems = []
        for key in wanted:
            message = found[key]
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if message.fuzzy or not all(s.strip() for s in strings):
                problems.append(key)
        assert not problems, f"untranslated or fuzzy in {language}: {problems}"


@pytest.mark.parametrize("language", CATALOGS)
def test_translations_keep_every_placeholder(language):
    broken = []
    for message in catalog(language):
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        expected = set(PLACEHOLDER.findall(ids[-1])) | set(PLACEHOLDER.findall(ids[0]))
        for text in strings:
            if not text:
                continue
            found = set(PLACEHOLDER.findall(text))
            # a plural form may leave out {n} (e.g. "one life"), never add or lose others
            if found - expected or (expected - {"{n}"}) - found:
                broken.append((ids[0], text))
            try:
                text.format(**{p.strip("{}"): "x" for p in expected})
            except (KeyError, IndexError, ValueError):
                broken.append((ids[0], text))
    assert not broken, f"placeholders broken in {language}: {broken}"


@pytest.mark.parametrize("language", CATALOGS)
def test_the_compiled_catalog_says_what_the_po_says(language):
    compiled = gettext.translation("messages", LOCALE_DIR, languages=[language])
    stale = []
    for message in catalog(language):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not message.id or not all(strings) or message.fuzzy:
            continue
        if isinstance(message.id, tuple):
            got = compiled.ngettext(message.id[0], message.id[1], 1)
            want = message.string[0]
            if compiled.plural(1) != 0:
                continue
        else:
            got, want = compiled.gettext(message.id), message.string
        if got != want:
            stale.append(message.id)
    assert not stale, f"run `bash translations/catalogs.sh` ({language}): {stale[:5]}"


def test_plural_forms_fit_each_language():
    expected = {"nl": 2, "de": 2, "gu": 2, "ja": 1, "ms": 1}
    for language, forms in expected.items():
        assert catalog(language).num_plurals == forms
