"""The page's words are told to its reader's seat, in every language, while the group's
story of the same game stays in the third person."""

from __future__ import annotations

import re

import pytest

from games.registry import BUILT_IN
from tables.table import story
from tests.support.scenes import Script, set_up
from webapp.payload import table_payload


@pytest.mark.parametrize("game", [game.name for game in BUILT_IN])  # the registry's games
def test_a_whole_game_in_german_never_names_sam_on_his_page(local_store, clock, game):
    store = local_store
    script = Script(store, clock, game, names=("Sam",), language="de", **set_up(game))
    script.start()
    me, found, group = script.users[0]["id"], [], []
    while True:
        table = script.table
        page = table_payload(store, table, me, "de")
        found += [line for line in page["lines"] + page["story"] if re.search(r"\bSam\b", line)]
        for _, events in store.log.recent_events(table, 1):
            group += story.story(script.game, events, table.display_names(), proofs=False)
        if not script.step():
            break
    assert found == []
    assert any("Sam" in str(line) for line in group)  # the group still reads "Sam …"


def test_a_spectator_reads_the_group_words(local_store, clock):
    store = local_store
    script = Script(store, clock, "mia", names=("Sam",), **set_up("mia"))
    script.start()
    script.play_until(lambda s: bool(s.moment()))
    watcher = table_payload(store, script.table, 424242, "en")
    assert watcher["you"] is None and watcher["lines"]
    assert not any(line.startswith(("💔 You", "🔍 You")) for line in watcher["story"])
