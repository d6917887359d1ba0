"""Every word a person reads goes through here, in that person's (or that group's) language.

``tr``/``trn`` translate a literal msgid now; ``render`` translates a :class:`games.base.Text`
that a game built without knowing the reader. Catalogs are gettext ``.mo`` files under
``translations/locale`` (managed with Babel); a missing catalog falls back to English.
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path
from typing import Any

from games.base import Text

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "messages"
DEFAULT_LANGUAGE = "en"
# A language is offered once its catalog is complete (tests/translations checks each one).
SUPPORTED_LANGUAGES: tuple[str, ...] = ("en", "nl", "de", "ja", "ms", "gu")
# Each language by its own name, for the /language buttons.
LANGUAGE_NAMES: dict[str, str] = {
    "en": "English",
    "nl": "Nederlands",
    "de": "Deutsch",
    "ja": "日本語",
    "ms": "Bahasa Melayu",
    "gu": "ગુજરાતી",
}


def best_language(code: str | None) -> str:
    """The supported language for a Telegram ``language_code`` ("de-AT" -> "de"), else English."""
    if not code:
        return DEFAULT_LANGUAGE
    base = code.replace("_", "-").split("-")[0].lower()
    return base if base in SUPPORTED_LANGUAGES else DEFAULT_LANGUAGE


@cache
def _catalog(language: str) -> gettext.NullTranslations:
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)


def tr(language: str, msgid: str, **params: Any) -> str:
    """Translate ``msgid`` and fill in its ``{placeholders}``."""
    text = _catalog(language).gettext(msgid)
    return _fill(text, params, language) if params else text


def trn(language: str, singular: str, plural: str, n: int, **params: Any) -> str:
    """Translate with plural forms chosen by ``n`` (available to the text as ``{n}``)."""
    text = _catalog(language).ngettext(singular, plural, n)
    return _fill(text, {"n": n, **params}, language)


def template(language: str, msgid: str, plural: str | None = None, n: int = 1) -> str:
    """The translated sentence with its ``{placeholders}`` left unfilled (a page fills them);
    with ``plural``, the form for ``n``."""
    if plural is None:
        return _catalog(language).gettext(msgid)
    return _catalog(language).ngettext(msgid, plural, n)


def render(text: Text, language: str) -> str:
    """A game's :class:`Text` in ``language`` (nested Texts rendered first)."""
    params = text.kwargs
    if text.verbatim:
        return _fill(text.msgid, params, language)
    if text.plural is not None:
        assert text.n is not None
        template = _catalog(language).ngettext(text.msgid, text.plural, text.n)
    else:
        template = _catalog(language).gettext(text.msgid)
    return _fill(template, params, language) if params else template


# Languages that write a decimal comma ("0,6 Stiche"); the others write a point.
DECIMAL_COMMA = frozenset({"de", "nl"})


def _fill(template: str, params: dict[str, Any], language: str) -> str:
    values = {k: _value(v, language) for k, v in params.items()}
    return template.format(**values)


def _value(value: Any, language: str) -> Any:
    if isinstance(value, Text):
        return render(value, language)
    if isinstance(value, float) and language in DECIMAL_COMMA:
        return str(value).replace(".", ",")
    return value
