"""Mino Dice, the trick-taking game with dice (rules: docs/rules/mino_dice.md; choices:
docs/mino_dice-rules-choices.md).

rules.py is the game for the tables (moves in actions.py and hands.py, who may know what in
views.py, CPU players in cpu.py); presentation.py is how it looks and reads (looks.py,
story.py and words.py, and the Mini App renderer in web/).
"""

from games.game import Game
from games.mino_dice.presentation import MinoPresentation
from games.mino_dice.rules import MinoRules

GAME = Game(
    name="mino_dice", command="minodice", rules=MinoRules(), presentation=MinoPresentation()
)
