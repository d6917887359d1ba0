#!/usr/bin/env bash
# Keep the gettext catalogs in step with the code (needs Babel: pip install '.[test]').
#   bash translations/catalogs.sh            extract, update every language, compile
# New or changed strings come out untranslated in each messages.po; translate them, run this
# again, and commit the .po and .mo files (the package ships the compiled .mo catalogs).
set -euo pipefail
cd "$(dirname "$0")/.."
LOCALES=translations/locale
pybabel extract -F babel.cfg -k tr:2 -k trn:2,3 -k T_ -k NT_:1,2 -k N_ \
  --no-location --sort-output --project cup-and-claim --version 0.1 \
  -o "$LOCALES/messages.pot" . >/dev/null 2>&1
for language in nl de ja ms gu; do
  if [ -f "$LOCALES/$language/LC_MESSAGES/messages.po" ]; then
    pybabel update -i "$LOCALES/messages.pot" -d "$LOCALES" -l "$language" --no-fuzzy-matching \
      --ignore-obsolete >/dev/null
  else
    pybabel init -i "$LOCALES/messages.pot" -d "$LOCALES" -l "$language" >/dev/null
  fi
done
pybabel compile -d "$LOCALES" --statistics
