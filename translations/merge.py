"""Fill untranslated catalog entries from a JSON file of translations (a translator's batch,
or a new game's ``games/<name>/translations.json``), then run ``catalogs.sh`` to compile.

    python -m translations.merge games/mino_dice/translations.json

The JSON maps an English msgid to its translations by language:
``{"Your dice": {"nl": "Je dobbelstenen", ...}}``; for a plural msgid, each value is a list
``[singular, plural]`` (keyed by the singular msgid). Entries already translated are kept.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

LOCALE_DIR = Path(__file__).resolve().parent / "locale"


def merge(batch: dict[str, dict[str, object]]) -> dict[str, int]:
    filled: dict[str, int] = {}
    for po_path in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/messages.po")):
        language = po_path.parent.parent.name
        with po_path.open("rb") as handle:
            catalog = read_po(handle, locale=language)
        count = 0
        for message in catalog:
            msgid = message.id[0] if isinstance(message.id, tuple) else message.id
            wanted = batch.get(msgid, {}).get(language) if msgid else None
            if wanted is None:
                continue
            if isinstance(message.id, tuple):
                forms = list(wanted) if isinstance(wanted, list) else [wanted, wanted]
                needed = catalog.num_plurals
                forms = (forms + [forms[-1]] * needed)[:needed]
                if not all(message.string):
                    message.string = tuple(forms)
                    count += 1
            elif not message.string:
                message.string = wanted if isinstance(wanted, str) else wanted[0]
                count += 1
        with po_path.open("wb") as handle:
            write_po(handle, catalog, width=100, omit_header=False)
        filled[language] = count
    return filled


def main(paths: list[str]) -> None:
    batch: dict[str, dict[str, object]] = {}
    for path in paths:
        batch.update(json.loads(Path(path).read_text(encoding="utf-8")))
    for language, count in merge(batch).items():
        print(f"{language}: {count} entries filled")


if __name__ == "__main__":
    main(sys.argv[1:])
