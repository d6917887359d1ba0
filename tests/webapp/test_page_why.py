"""What the page gets to say why (issue 29): each outcome's "why" lines in the payload, told
to the reader (a spectator gets the table's, never a player's own score), the dice's faces
the renderer shows held to the game's own table, the collection's name in the page, and one
minus sign for points."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from games.mino_dice.dice import FACE_TABLES
from tests.support.scenes import Script
from tests.webapp.conftest import auth
from tests.webapp.test_page_api import _headers, http, store  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent.parent


def views(http, script: Script) -> tuple[dict, dict]:  # noqa: F811
    """The table as its first player and as a watcher."""
    url = f"/api/tables/{script.table_id}"
    return http.get(url, headers=_headers(script.users[0])).json(), http.get(
        url, headers=auth(3)
    ).json()


@pytest.mark.parametrize(
    ("game", "kind", "pattern"),
    [
        ("mino_dice", "trick_won", r".+ beats .+|.+ is the only number|Only flags were rolled"),
        ("mia", "challenged", r"(\d\d|Mia) is (below|at least) (\d\d|Mia): .+ — .+"),
        ("myllymatti", "trick_won", r".+ beats .+: in phase 1 the higher rank wins.+"),
    ],
)
def test_each_outcome_comes_with_its_why(http, store, clock, game, kind, pattern):  # noqa: F811
    script = Script(store, clock, game, cpus=("normal", "normal"))
    script.start()

    def outcome(s):
        moment = s.moment()
        fresh = moment is not None and moment["version"] == s.table.version
        return fresh and any(event["type"] == kind for event in moment["events"])

    assert script.play_until(outcome)
    player, watcher = views(http, script)
    assert player["why"] and all(isinstance(line, str) for line in player["why"])
    assert re.fullmatch(pattern, player["why"][0]), player["why"]
    assert watcher["why"][0] == player["why"][0] or "you" in player["why"][0]
    assert player["why"] != player["story"]  # apart from the story, which is unchanged


def test_a_hand_score_why_is_the_readers_own_and_a_watcher_gets_none(http, store, clock):  # noqa: F811
    script = Script(store, clock, "mino_dice", preset="quick")
    script.start()
    assert script.play_until(
        lambda s: (m := s.moment()) is not None and m["version"] == s.table.version
        and any(e["type"] == "hand_scored" for e in m["events"])
    )  # fmt: skip
    player, watcher = views(http, script)
    scores = [line for line in player["why"] if line.startswith(("Bid ", "Exact bid"))]
    assert len(scores) == 1  # the reader's own score, told with its rule
    assert not any(line.startswith(("Bid ", "Exact bid")) for line in watcher["why"])
    assert "-" not in " ".join(player["why"] + player["story"]).replace("Mino-", "")


def test_the_renderers_faces_are_the_games_own():
    """The renderer shows a rolled die's faces: the same table the game rolls by."""
    source = (ROOT / "games/mino_dice/web/render.js").read_text(encoding="utf-8")
    block = re.search(r"const FACES = (\{.*?\n  \});", source, re.S).group(1)
    as_json = re.sub(r"(\w+):", r'"\1":', block).replace("\n", " ")
    faces = json.loads(re.sub(r",\s*([}\]])", r"\1", as_json))
    assert faces == {
        name: {k: list(v) for k, v in table.items()} for name, table in FACE_TABLES.items()
    }


def test_the_page_is_named_for_the_collection(http):  # noqa: F811
    page = http.get("/").text
    assert "<title>Cup &amp; Claim</title>" in page
    assert 'id="collection"' in page


def test_german_says_maexchen_and_computergegner_throughout():
    """One word for the game and one for a computer player, in every German string."""
    from babel.messages.pofile import read_po

    path = ROOT / "translations/locale/de/LC_MESSAGES/messages.po"
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="de")
    strings = [
        text
        for message in catalog
        if message.id
        for text in (message.string if isinstance(message.string, tuple) else (message.string,))
    ]
    assert not [s for s in strings if re.search(r"\bMia\b", s)]
    assert not [s for s in strings if re.search(r"\bCPUs?\b", s)]


def test_my_games_says_safe_or_the_myllymatti_never_a_win(http, store, clock):  # noqa: F811
    from games.registry import get_game
    from games.seat_words import place_for
    from translations import render

    mylly, mia = get_game("myllymatti"), get_game("mia")
    assert render(place_for(mylly, 2, 3), "en") == "🏁 safe, out #2 of 3"
    assert render(place_for(mylly, 3, 3), "en") == "😵 the Myllymatti"
    assert place_for(mia, 1, 3) is None  # a game with a winner: the page's "#1 of 3"
    script = Script(store, clock, "myllymatti")
    script.start()
    assert script.play_until(lambda s: s.table.status == "finished")
    played = http.get("/api/my-games", headers=_headers(script.users[0])).json()["played"]
    place = played[0]["place"]
    wanted = "😵 the Myllymatti" if place == 3 else f"🏁 safe, out #{place} of 3"
    assert played[0]["result"] == wanted


def test_every_translation_keeps_the_signs_of_its_english():
    """A sign is a word the page explains once (the legend's 📊 is the badges' 📊): a
    translation keeps every emoji of its English, and adds none."""
    from babel.messages.pofile import read_po

    sign = re.compile("[\U0001f300-\U0001faff\u2600-\u27bf\u2b00-\u2bff]")
    changed = []
    for path in sorted((ROOT / "translations/locale").glob("*/LC_MESSAGES/messages.po")):
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=path.parent.parent.name)
        for message in catalog:
            if not message.id:
                continue
            english = message.id[0] if isinstance(message.id, tuple) else message.id
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            wanted = set(sign.findall(english))
            changed += [(path.parent.parent.name, english) for s in strings
                        if set(sign.findall(s)) != wanted]  # fmt: skip
    assert not changed, changed[:10]


def test_a_decimal_is_written_the_readers_way():
    from games.base import T_
    from translations import render

    msgid = (
        "💡 Bid {bid}: by the odds your dice take about {tricks} tricks (creatures win "
        "most, then black and blue dice; yellow often shows a flag)."
    )
    tip = T_(msgid, bid=1, tricks=0.6)
    assert "etwa 0,6 Stiche" in render(tip, "de")
    assert "about 0.6 tricks" in render(tip, "en")
