"""Myllymatti, the Finnish card game with only a loser (rules: docs/rules/myllymatti.md;
choices: docs/myllymatti-rules-choices.md).

rules.py is the game for the tables (moves in actions.py, phase1.py and phase2.py, who may
know what in views.py, CPU players in cpu.py and expert.py, which thinks with simulate.py,
search.py and endgame.py); presentation.py is how it looks and reads (looks.py, status.py,
story.py, rules_text.py, and the Mini App renderer in web/).
"""

from games.game import Game
from games.myllymatti.presentation import MyllyPresentation
from games.myllymatti.rules import MyllyRules

GAME = Game(
    name="myllymatti", command="myllymatti", rules=MyllyRules(), presentation=MyllyPresentation()
)
