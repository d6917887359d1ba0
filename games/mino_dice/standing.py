"""How far the rest of a game can still move the scores: what a lead is worth before the end.

The expert (games.mino_dice.expert, ``WIN_CHANCE``) may judge a hand before the last one by
the chance that its points win the game, and that chance depends on how much the hands still
to come can change. Here: hard's measured spread of one seat's points in a hand of each size
(three seats, 300 hard-only games), so a lead is weighed against the hands that remain.
"""

from __future__ import annotations

# Hard's points in hand n (three seats): the standard deviation, hands 1 to 8.
HAND_SD = (11.5, 17.1, 23.0, 26.2, 28.8, 32.2, 36.3, 40.6)


def rest_variance(hand: int, hands: int) -> float:
    """The variance of one seat's points over the hands after ``hand`` (0 in the last)."""
    return sum(HAND_SD[min(n, len(HAND_SD)) - 1] ** 2 for n in range(hand + 1, hands + 1))
