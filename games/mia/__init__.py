"""Mia, the two-dice bluffing game (rules and choices: docs/mia-rules-choices.md).

rules.py is the game for the tables (the steps of its moves in actions.py, CPU players in
cpu.py); presentation.py is how it looks and reads (words and buttons in looks.py,
the Mini App renderer in web/).
"""

from games.game import Game
from games.mia.presentation import MiaPresentation
from games.mia.rules import MiaRules

GAME = Game(name="mia", command="mia", rules=MiaRules(), presentation=MiaPresentation())
