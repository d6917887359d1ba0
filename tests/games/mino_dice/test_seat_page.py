"""Mino Dice from your seat (the page's words): the bids once revealed get a line of why, how
their sum stands against the tricks there are."""

from __future__ import annotations

from games.mino_dice import why
from translations import render

NAMES = ["Ann", "Grace", "Cy"]


def said(bids: list[int], hand: int) -> list[str]:
    event = {"type": "bids_revealed", "hand": hand, "bids": bids}
    return [render(line, "en") for line in why.describe_why([event], NAMES, 0)]


def test_the_bids_revealed_say_how_their_sum_stands_against_the_tricks():
    assert said([2, 1, 1], 3) == ["The bids add up to 4 for 3 tricks: at least one bid will miss."]
    assert said([0, 1, 0], 3) == [
        "The bids add up to 1 for 3 tricks: someone will win tricks they did not bid."
    ]
    assert said([1, 0, 0], 1) == ["The bids add up to the 1 trick: every bid can come true."]
    assert render(why.bids_why([1, 0, 1], 2), "de").startswith("Die Ansagen")
