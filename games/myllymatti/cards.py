"""Cards as short ids: rank then suit, lower-case (``qh``, ``th`` for the ten, ``2c``, ``as``).

Ids travel unchanged in actions (``play:qh``), state and events, so they stay plain strings;
everything a person reads is made here from them (``Q♥``). Ranks A K Q J 10 … 2, high to low;
suits only matter in phase 2, where beating needs the same suit or a trump.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.rng import Rng

RANKS = "23456789tjqka"  # low to high: the index is the rank's strength
SUITS = "cdhs"
SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
RANK_LABELS = {"t": "10", "j": "J", "q": "Q", "k": "K", "a": "A"}
DECK: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
DECK_SET = frozenset(DECK)
ACE = RANKS.index("a")
_STRENGTH = {letter: index for index, letter in enumerate(RANKS)}  # faster than RANKS.index
_SUIT_ORDER = {letter: index for index, letter in enumerate(SUITS)}

Card = str


def rank(card: Card) -> int:
    """0 for a two … 12 for an ace."""
    return _STRENGTH[card[0]]


def suit(card: Card) -> str:
    return card[1]


def is_card(text: str) -> bool:
    return text in DECK_SET


def label(card: Card) -> str:
    """What a person reads: ``Q♥``, ``10♠``. The same in every language (layout, not words)."""
    return RANK_LABELS.get(card[0], card[0]) + SUIT_SYMBOLS[card[1]]


def labels(cards: Iterable[Card]) -> str:
    return " ".join(label(card) for card in cards)


def suit_symbol(suit_id: str) -> str:
    return SUIT_SYMBOLS[suit_id]


def beats(card: Card, top: Card, trump: str | None) -> bool:
    """Phase 2: a higher card of the top card's suit, or any trump on a non-trump; a trump on
    top is beaten only by a higher trump (which the first case already covers)."""
    if card[1] == top[1]:
        return rank(card) > rank(top)
    return trump is not None and card[1] == trump and top[1] != trump


def sort_key(card: Card, trump: str | None = None) -> tuple[int, int]:
    """Hand order: suits in a fixed order with the trump suit last, low to high within."""
    order = 4 if card[1] == trump else _SUIT_ORDER[card[1]]
    return order, _STRENGTH[card[0]]


def sorted_hand(cards: Iterable[Card], trump: str | None = None) -> list[Card]:
    return sorted(cards, key=lambda card: sort_key(card, trump))


def shuffled_deck(rng: Rng) -> list[Card]:
    """A uniformly shuffled deck (Fisher–Yates), every draw from ``rng``."""
    deck = list(DECK)
    for index in range(len(deck) - 1, 0, -1):
        other = rng.randbelow(index + 1)
        deck[index], deck[other] = deck[other], deck[index]
    return deck
