"""Set up exact positions: a scripted deal through the real shuffle, or a state built by hand.

``ScriptedRng(dealer=0, deck=[...])`` answers ``randbelow`` so that the real Fisher–Yates
shuffle produces ``deck`` (top first). ``deal_deck`` builds such a deck from the hands each
seat should be dealt and the top of the stock.
"""

from __future__ import annotations

from typing import Any

from games.myllymatti import cards, fairness
from games.myllymatti.settings import PRESETS
from games.myllymatti.state import PHASE_COLLECT, PHASE_SHED, TALLY_COUNTERS, MyllyState
from games.rng import DeterministicRng


def shuffle_answers(deck: list[str]) -> list[int]:
    """The ``randbelow`` answers that make ``cards.shuffled_deck`` return ``deck``."""
    assert sorted(deck) == sorted(cards.DECK), "a scripted deck must hold all 52 cards"
    current = list(cards.DECK)
    answers = []
    for index in range(len(current) - 1, 0, -1):
        other = current.index(deck[index], 0, index + 1)
        answers.append(other)
        current[index], current[other] = current[other], current[index]
    return answers


class ScriptedRng:
    """Deals with the given dealer and deck, then falls back to a seeded stream."""

    def __init__(self, dealer: int = 0, deck: list[str] | None = None) -> None:
        self.queue: list[int] = [dealer]
        if deck is not None:
            self.queue += shuffle_answers(deck)
        self.fallback = DeterministicRng("scripted")

    def randbelow(self, n: int) -> int:
        if self.queue:
            value = self.queue.pop(0)
            assert 0 <= value < n, f"scripted {value} does not fit randbelow({n})"
            return value
        return self.fallback.randbelow(n)

    def token_hex(self, nbytes: int) -> str:
        return self.fallback.token_hex(nbytes)


def deal_deck(dealer: int, hands: list[list[str]], stock: list[str] = ()) -> list[str]:
    """The deck (top first) that deals ``hands`` (three cards per seat, one at a time from the
    dealer's left) and puts ``stock`` on top of the stock; the other cards follow in order."""
    seats = len(hands)
    dealt = []
    for round_no in range(3):
        for offset in range(1, seats + 1):
            dealt.append(hands[(dealer + offset) % seats][round_no])
    used = set(dealt) | set(stock)
    assert len(used) == len(dealt) + len(stock), "a card appears twice"
    return dealt + list(stock) + [card for card in cards.DECK if card not in used]


def position(
    hands: list[list[str]],
    *,
    phase: str = PHASE_SHED,
    to_act: int = 0,
    trump: str | None = "s",
    stock: list[str] = (),
    trick: list[tuple[int, str]] = (),
    tied: list[tuple[int, str]] = (),
    won: list[list[str]] | None = None,
    leader: int | None = None,
    opponent: int | None = None,
    trick_size: int | None = None,
    last_winner: int | None = None,
    face_up: tuple[int, str] | None = None,
    out: list[list[int]] = (),
    settings: dict[str, Any] | None = None,
) -> MyllyState:
    """A hand-built position (not all 52 cards need to be in play): what a rule test needs."""
    seats = len(hands)
    deck = list(cards.DECK)
    state = MyllyState(
        settings={**PRESETS["standard"], **(settings or {})},
        hands=[list(hand) for hand in hands],
        stock=list(stock),
        deck=deck,
        salt="00" * 16,
        commitment=fairness.commitment("test", deck, "00" * 16),
        game_id="test",
        phase=phase,
        to_act=to_act,
        leader=to_act if leader is None else leader,
        opponent=opponent,
        trick=[{"seat": seat, "card": card} for seat, card in trick],
        tied=[{"seat": seat, "card": card} for seat, card in tied],
        won=[list(pile) for pile in won] if won else [[] for _ in range(seats)],
        trump=trump,
        last_winner=last_winner,
        out=[list(group) for group in out],
        tally={counter: [0] * seats for counter in TALLY_COUNTERS},
    )
    if face_up is not None:
        state.face_up_seat, state.face_up = face_up
    if phase == PHASE_SHED:
        state.trick_size = trick_size if trick_size is not None else len(state.holding())
    elif phase == PHASE_COLLECT and opponent is None:
        state.opponent = state.next_holding(state.leader)
    return state


def cards_in(data: Any) -> set[str]:
    """Every card id anywhere in JSON-like data (a view, an event), however deeply nested."""
    if isinstance(data, str):
        return {data} if cards.is_card(data) else set()
    if isinstance(data, dict):
        return set().union(*(cards_in(value) for value in data.values()))
    if isinstance(data, list | tuple):
        return set().union(*(cards_in(value) for value in data))
    return set()
