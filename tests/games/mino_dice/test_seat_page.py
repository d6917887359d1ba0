"""Mino Dice from your seat (the page's words): the bids once revealed get a line of why, how
their sum stands against the tricks there are; "Mino Dice" is a brand name in every language;
German says "Ansage" for a bid."""

from __future__ import annotations

import re

from babel.messages.pofile import read_po

from games.base import T_
from games.mino_dice import why
from translations import SUPPORTED_LANGUAGES, render
from translations.merge import LOCALE_DIR as LOCALE

NAMES = ["Ann", "Grace", "Cy"]


def said(bids: list[int], hand: int) -> list[str]:
    event = {"type": "bids_revealed", "hand": hand, "bids": bids}
    return [render(line, "en") for line in why.describe_why([event], NAMES, 0)]


def test_the_bids_revealed_say_how_their_sum_stands_against_the_tricks():
    assert said([2, 1, 1], 3) == ["The bids add up to 4 for 3 tricks: at least one bid will miss."]
    assert said([0, 1, 0], 3) == [
        "The bids add up to 1 for 3 tricks: someone will win tricks they did not bid."
    ]
    assert said([1, 0, 0], 1) == ["The bids add up to exactly 1 trick: every bid can come true."]
    assert render(why.bids_why([1, 0, 1], 2), "de").startswith("Die Ansagen")


def test_mino_dice_is_a_brand_name_in_every_language():
    for language in SUPPORTED_LANGUAGES:
        assert render(T_("Mino Dice"), language) == "Mino Dice", language


def test_german_says_ansage_for_a_bid_everywhere():
    path = LOCALE / "de" / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="de")
    for message in catalog:
        msgid = message.id[0] if isinstance(message.id, tuple) else message.id
        if not msgid or not re.search(r"\bbids?\b", msgid, re.IGNORECASE):
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            assert not re.search(r"Gebot|\bbiete|geboten", text), (msgid, text)


def test_a_win_you_share_is_said_in_second_person_at_the_end():
    from games.mino_dice import GAME
    from webapp.payload import ending

    names = ["Rita", "🤖 Ada", "🤖 Cy"]
    assert ending(GAME, [1, 0, 2], [1, 1, 3], names, 0, "en") == "🏆 You and 🤖 Ada win the game!"
    assert ending(GAME, [0, 1, 2], [1, 2, 3], names, 0, "en") == "🏆 You win the game!"
    assert ending(GAME, [1, 0, 2], [1, 2, 3], names, 0, "en") == "🏆 🤖 Ada wins the game!"
    assert "Rita" not in ending(GAME, [1, 0, 2], [1, 1, 3], names, 0, "de")
