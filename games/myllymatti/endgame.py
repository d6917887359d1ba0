"""The exact two-player endgame of phase 2: whether the expert can force its way out.

With two players left holding cards and nothing hidden, the game is a plain two-person game:
one of them will be the Myllymatti. This proves a win (a move after which every reply still
lets the expert get out) whatever the other player does, searching every move of both.

Two-player play always ends: a trick is full at two cards, and a card that is not beaten goes
back to a hand while its leader leads again with one card fewer. (Only a trick begun by three
players could run longer; a position met again on one line, or more positions than the cap,
ends the search without an answer.) Small hands only, so it stays short.
"""

from __future__ import annotations

from games.base import Action
from games.myllymatti import actions
from games.myllymatti.search import after, key, late
from games.myllymatti.state import PHASE_OVER, MyllyState
from games.think import Thinking

MAX_CARDS = 14  # both hands together (and the trick): beyond this it is seldom decided in time
MAX_NODES = 3000


class TooBig(Exception):
    """The proof needed more positions than the cap allows."""


class Proof:
    """An AND-OR search: the expert needs one good move, the other player must have none."""

    def __init__(
        self, hero: int, max_nodes: int = MAX_NODES, thinking: Thinking | None = None
    ) -> None:
        self.hero = hero
        self.max_nodes = max_nodes
        self.thinking = thinking
        self.nodes = 0
        self.proven: dict[tuple[object, ...], bool] = {}
        self.path: set[tuple[object, ...]] = set()

    def wins(self, state: MyllyState) -> bool:
        """Whether the expert gets out for sure from ``state``, whatever the other one plays."""
        if state.is_out(self.hero):
            return True
        if state.phase == PHASE_OVER:
            return False
        node = key(state)
        if node in self.proven:
            return self.proven[node]
        self.nodes += 1
        if self.nodes > self.max_nodes or node in self.path or self._late():
            raise TooBig
        self.path.add(node)
        mine = state.to_act == self.hero
        result = not mine
        for action in actions.legal_actions(state, state.to_act):
            if self.wins(after(state, action)) == mine:  # my way out, or their escape
                result = mine
                break
        self.path.discard(node)
        self.proven[node] = result
        return result

    def _late(self) -> bool:
        """Out of thinking time (the clock is read every 64 positions)."""
        return self.thinking is not None and self.nodes % 64 == 0 and late(self.thinking)


def applies(state: MyllyState, hero: int) -> bool:
    """Two players left, the expert one of them, and few enough cards to search."""
    holding = state.holding()
    cards = sum(len(state.hands[seat]) for seat in holding) + len(state.trick)
    return len(holding) == 2 and hero in holding and cards <= MAX_CARDS


def winning_move(
    state: MyllyState, hero: int, max_nodes: int = MAX_NODES, thinking: Thinking | None = None
) -> Action | None:
    """A move that forces the expert out against any play, or None (none, or too big to tell
    within ``max_nodes`` positions and the thinking time)."""
    proof = Proof(hero, max_nodes, thinking)
    try:
        for action in actions.legal_actions(state, hero):
            if proof.wins(after(state, action)):
                return action
    except TooBig:
        return None
    return None
