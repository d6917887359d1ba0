"""The page's "Since your last move" (webapp/feed.py): what the others did between your
turns, told to you, over whole seeded games of every game; never what the result card or
the table already shows, never for a spectator; and nothing on your own page names you in
the third person, in English or German."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games import seat_words
from games.registry import BUILT_IN, get_game
from games.seat_words import feed_for
from tests.support.scenes import Script, set_up
from translations import render
from webapp.feed import FEED_MOST, FEED_SHOWN, folded
from webapp.payload import table_payload

# The most CPUs each game seats beside Sam: more happens between Sam's turns.
CROWD = {"mia": ("hard",) * 4, "mino_dice": ("normal",) * 3, "myllymatti": ("normal",) * 3}
SPECTATOR = 424242
GAMES = [game.name for game in BUILT_IN]  # the registry's games


def crowded(store: Any, clock: Any, game: str, language: str = "en") -> Script:
    kind = set_up(game) | {"cpus": CROWD.get(game, ("normal",) * 3)}
    script = Script(store, clock, game, names=("Sam",), language=language, **kind)
    script.start()
    return script


def sams_turn(script: Script) -> bool:
    return script.seat_of() in script.game.rules.to_act(script.state())


def page_texts(page: dict[str, Any]) -> list[str]:
    """Every line of words on a page a reader is told."""
    feed = page["feed"] or {"lines": [], "earlier": []}
    private = page["private"] or {}
    texts = [*page["lines"], *page["story"], *feed["lines"], *feed["earlier"]]
    texts += [page.get("ending") or "", (page.get("outcome") or {}).get("text", "")]
    texts += [private.get("title") or "", private.get("caption") or "", page.get("hint") or ""]
    return texts + [item["label"] for row in page["actions"] for item in row]


@pytest.mark.parametrize("game", GAMES)
def test_the_feed_tells_what_happened_since_your_move_and_nothing_shown_elsewhere(
    local_store, clock, game
):
    script = crowded(local_store, clock, game)
    me, feeds, longest = script.users[0]["id"], 0, 0
    while True:
        table = script.table
        page = table_payload(local_store, table, me, "en")
        feed = page["feed"]
        if feed is not None:
            feeds += 1
            longest = max(longest, len(feed["lines"]) + len(feed["earlier"]))
            assert feed["title"] == "Since your last move"
            assert 1 <= len(feed["lines"]) <= FEED_SHOWN
            assert len(feed["lines"]) + len(feed["earlier"]) <= FEED_MOST
            assert bool(feed["earlier"]) == bool(feed["earlier_label"])
            if feed["earlier"]:
                assert feed["earlier_label"] == f"Earlier ({len(feed['earlier'])})"
            told = feed["lines"] + feed["earlier"]
            assert not set(told) & set(page["story"]), "the result card's lines come again"
        watcher = table_payload(local_store, table, SPECTATOR, "en")
        assert watcher["feed"] is None  # a spectator has no "last move"
        moving = table.status == "playing" and sams_turn(script)
        if not script.step():
            break
        if moving:  # right after your own move, nothing has happened since
            assert table_payload(local_store, script.table, me, "en")["feed"] is None
    print(game, "pages with a feed:", feeds, "longest:", longest)
    if game != "mino_dice":  # Mino Dice: you roll in every trick, the result card tells it
        assert feeds > 0


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_a_whole_crowded_game_never_names_sam_on_his_own_page(local_store, clock, game, language):
    script = crowded(local_store, clock, game, language)
    me, found, feeds = script.users[0]["id"], [], 0
    while True:
        page = table_payload(local_store, script.table, me, language)
        feeds += page["feed"] is not None
        found += [text for text in page_texts(page) if re.search(r"\bSam\b", text)]
        if not script.step():
            break
    assert found == []
    assert feeds > 0 or game == "mino_dice"


def test_the_feed_starts_after_your_last_move():
    game, names, you = get_game("myllymatti"), ["Sam", "Ada", "Grace"], 0
    changes = [
        (5, [{"type": "played", "seat": 1, "card": "4c", "chance": False}]),
        (
            6,
            [
                {"type": "played", "seat": 2, "card": "9c", "chance": False},
                {"type": "trick_won", "seat": 2, "other": 1, "cards": ["4c", "9c"], "tied": []},
            ],
        ),
        (7, [{"type": "played", "seat": you, "card": "8d", "chance": False}]),
        (8, [{"type": "played", "seat": 2, "card": "jd", "chance": False}]),
        (9, [{"type": "trick_won", "seat": 2, "other": you, "cards": ["8d", "jd"], "tied": []}]),
        (10, [{"type": "went_out", "seat": 1, "place": 1, "start": False}]),
    ]
    told = feed_for(game, changes, names, you)
    assert [version for version, _ in told] == [9, 10]  # the card led at 8 is the table's
    lines = [render(line, "en") for _, line in told]
    assert lines == ["🃏 Grace beats you (J♦ – 8♦).", "🏁 Ada is out #1: safe!"]
    assert feed_for(game, changes[:3], names, 2) == []  # Grace's last move was at 6
    assert [render(line, "en") for _, line in feed_for(game, changes[:2], names, you)] == [
        "🃏 Grace beats Ada (9♣ – 4♣)."  # your feed, before your move at 7
    ]


def test_four_lines_show_and_the_earlier_fold_away():
    lines = [f"line {n}" for n in range(30)]
    feed = folded(lines, "en")
    assert feed is not None
    assert feed["lines"] == ["line 26", "line 27", "line 28", "line 29"]
    assert feed["earlier"] == [f"line {n}" for n in range(6, 26)]  # 24 kept in all
    assert feed["earlier_label"] == "Earlier (20)"
    assert folded(lines[:3], "de") == {
        "title": "Seit deinem letzten Zug",
        "lines": lines[:3],
        "earlier": [],
        "earlier_label": "",
    }
    assert folded([], "en") is None


def test_a_replay_tells_your_own_moves_and_deals_to_you():
    names, you = ["Sam", "Ada", "Grace"], 0
    cases = [
        ("mia", {"type": "claimed", "seat": you, "claim": "42"}, ["  You claim 42."]),
        ("mia", {"type": "round_started", "round": 3, "starter": you}, ["Round 3 (you start)"]),
        ("mia", {"type": "claimed", "seat": 1, "claim": "42"}, None),  # Ada's: the log's words
        (
            "mino_dice",
            {"type": "rolled", "seat": you, "kind": "red", "face": "5", "trick": 1},
            ["  You roll 🔴 5."],
        ),
        (
            "myllymatti",
            {"type": "game_started", "seats": 3, "dealer": you, "leader": 1, "commitment": "c"},
            ["A new game: you deal, Ada leads."],
        ),
        (
            "myllymatti",
            {"type": "beat", "seat": you, "card": "kh", "top": "9h"},
            ["  You beat 9♥ with K♥."],
        ),
    ]
    for game, event, wanted in cases:
        told = seat_words.moves_for(get_game(game), event, names, you)
        assert (None if told is None else [render(line, "en") for line in told]) == wanted
