"""The table message's words, without a bot: the banner a busy group sees."""

from __future__ import annotations

from telegram_bot.table_message.render import BANNER_LINES, with_banner


def test_the_banner_never_starts_mid_result_and_marks_what_is_new():
    old = "🔍 Ann challenges Ben's 53. The dice: ⚄ ⚂ = 53. The claim holds!\n💔 Ann loses 1 life."
    newer = "\n".join(f"line {n}" for n in range(BANNER_LINES - 1))
    text = with_banner("TABLE", [old, newer], "en", new=1)
    banner, table = text.split("\n\n", 1)
    assert table == "TABLE" and banner.startswith("📣 Latest:")
    assert "challenges" not in banner and "loses" not in banner  # whole, or not at all
    assert "🆕 line 0" in banner and "line 6" in banner


def test_a_short_older_result_stays_whole_beside_the_new_one_unmarked():
    text = with_banner("TABLE", ["💀 Ben is out!", "🏆 Ann wins the game!"], "en", new=1)
    assert "\n💀 Ben is out!\n🆕 🏆 Ann wins the game!\n" in text
