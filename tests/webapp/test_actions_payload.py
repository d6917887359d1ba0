"""The page's buttons for a choice in steps: the first step's rows (a step's button names its
path), every other step's name and rows; a game without steps gets its rows as always."""

from __future__ import annotations

from games.mia import GAME as MIA
from games.rng import DeterministicRng
from tests.support.toy_calls import bids_offered
from tests.support.toy_game import GAME as TOY
from webapp.actions_payload import action_rows, step_levels


def test_the_first_step_names_each_quantity_and_each_step_its_ranks():
    calls = bids_offered(True)
    first = action_rows(TOY, calls, None, "en")
    assert first[0][0] == {"step": "1", "label": "1 × …", "style": "choice"}
    assert [item["step"] for row in first for item in row] == [str(q) for q in range(1, 13)]
    levels = step_levels(TOY, calls, "en")
    assert list(levels) == [str(q) for q in range(1, 13)]
    assert levels["5"]["label"] == "5 × …"
    assert levels["5"]["rows"][0] == [
        {"action": f"call:5:{r}", "label": f"5 × {r}+", "style": "choice"} for r in (1, 2, 3)
    ]
    assert sum(len(row) for level in levels.values() for row in level["rows"]) == len(calls)


def test_a_game_without_steps_gets_its_rows_and_no_steps():
    state, _ = MIA.rules.new_game({}, 3, DeterministicRng(1))
    seat = MIA.rules.to_act(state)[0]
    legal = MIA.rules.legal_actions(state, seat)
    rows = action_rows(MIA, legal, None, "en")
    assert [[item["action"] for item in row] for row in rows] == MIA.presentation.action_rows(
        [a for a in legal if MIA.rules.action_scope(a) == "public"]
    )
    assert step_levels(MIA, legal, "en") == {}
    assert step_levels(TOY, bids_offered(False), "en") == {}
