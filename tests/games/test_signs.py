"""One sign, one meaning across games (docs/adding-a-game.md, §5 "Words").

A sign (🎯, 📊, 🏁 …) means the same thing in every game and every front door.
A player who learnt 🎯 as "bids" in one game reads it so in the next.
docs/group-chat.md, "What the signs mean", lists the signs in use and their meanings.
A new game reuses a sign only for its meaning there, and picks a new sign for a new meaning.
"""

from __future__ import annotations

import re
from pathlib import Path

from games.registry import GAMES
from tests.support import toy_game

POT = Path(__file__).resolve().parents[2] / "translations" / "locale" / "messages.pot"
# The signs whose words are checked, each with the patterns its English msgids may follow.
SIGNS = {
    # winning the game (your page too)
    "🏆": r".*(wins|You win|share the win|win the game|Top players).*",
    "⭐": r"⭐ .*(last stock card|Last stock card).*",  # Myllymatti's face-up card
    "🎯": r"🎯 (Everyone holds|The bids|tricks won|Hand .*: you bid).*",  # bids
    "📊": r"(.* )?📊 .*",  # scores, ratings and numbers
    "🔁": r".*Rematch.*",  # playing again
    "🏁": r"🏁 .*(out|Out).*",  # out, and safe
    "✋": r"✋ Join",  # taking a seat
    "📣": r"(?!)",  # no longer used: it meant three things
    "🏳": r"🏳️ (Trick|You take trick) .*",  # a flag on a die (your page: "You take trick")
    "📅": r"📅 Season.*",  # a season of ratings
}


def msgids() -> list[str]:
    return [bytes(m, "utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8")
            for m in re.findall(r'^msgid "(.*)"$', POT.read_text(), re.MULTILINE)]  # fmt: skip


def misused(words: list[str]) -> list[str]:
    """The words that carry a sign in another meaning than its own."""
    return [
        f"{sign} in {msgid!r}"
        for msgid in words
        for sign, allowed in SIGNS.items()
        if sign in msgid and not re.fullmatch(allowed, msgid)
    ]


def test_one_sign_one_meaning_across_games():
    assert not misused(msgids())
    meanings: dict[str, set[str]] = {}
    for game in (*GAMES.values(), toy_game.GAME):
        for sign, meaning in game.presentation.legend:
            meanings.setdefault(sign, set()).add(meaning)
    assert all(len(found) == 1 for found in meanings.values()), meanings


def test_the_check_sees_a_sign_in_another_meaning():
    assert misused(["🎯 Target: hit the bullseye"]) == ["🎯 in '🎯 Target: hit the bullseye'"]
    assert not misused(["🎯 The bids: Ann 2 · Ben 0"])
