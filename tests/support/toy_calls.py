"""High Card's calls preset (tests/support/toy_game.py): the toy's choice too large for one
keyboard, offered in steps.

A call says "at least Q of all the cards dealt are R or higher": Q 1–12 × R 1–9, 108 calls,
more than a keyboard holds (games.steps.MAX_CHOICES). They come in two steps, the quantity
then the rank (``action_steps``): twelve buttons "Q × …", each opening nine "Q × R+". A call
is kept where a bid is, as the number Q * 10 + R; at the end a true call scores Q plus the
tricks won, a false one the tricks won less Q.
"""

from __future__ import annotations

from games.base import V_, Action, Text

MAX_QUANTITY = 12  # four hands of three cards
RANKS = range(1, 10)


def bids_offered(calls: bool) -> list[Action]:
    """Every bid a seat may make: a number of tricks, or (the calls preset) a call."""
    if calls:
        return [f"call:{q}:{r}" for q in range(1, MAX_QUANTITY + 1) for r in RANKS]
    return [f"bid:{n}" for n in range(4)]


def call_value(action: Action) -> int:
    """ "call:5:3" -> 53, as the state keeps it."""
    _, quantity, rank = action.split(":")
    return int(quantity) * 10 + int(rank)


def call_score(call: int, won: int, played: list[int]) -> int:
    quantity, rank = divmod(call, 10)
    true = sum(card >= rank for card in played) >= quantity
    return won + (quantity if true else -quantity)


def cpu_call(hand: list[int]) -> Action:
    """Two cards of 5 or more for each one in hand (a seat sees only its own)."""
    return f"call:{max(1, sum(card >= 5 for card in hand) * 2)}:5"


def shown_bid(bid: int, calls: bool) -> str:
    """A bid as the table shows it: tricks, or a call "Q×R+"."""
    return "{}×{}+".format(*divmod(bid, 10)) if calls else str(bid)


def call_label(action: Action) -> Text:
    _, quantity, rank = action.split(":")
    return V_("{q} × {r}+", q=quantity, r=rank)


def call_rows(actions: list[Action]) -> list[list[Action]]:
    """Ranks in rows of three (a phone's keypad); anything else four to a row."""
    width = 3 if actions and actions[0].startswith("call:") else 4
    return [actions[i : i + width] for i in range(0, len(actions), width)]
