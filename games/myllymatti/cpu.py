"""CPU players for Myllymatti. Pure and seedable; they decide from their own seat's view only.

Every random choice draws from the ``rng`` argument, and a decision reads nothing but the view
(``GAME.rules.view(state, seat)``): the seat's hand and what everyone saw. A CPU cannot see another
hand or the stock.

* ``easy`` plays by feel: any card in phase 1, now and then a chance; in phase 2 it usually
  beats with some card that beats and now and then picks up when it need not.
* ``normal`` plays the obvious way (what a timed-out player does): in phase 1 it tries to win
  each trick as cheaply as it can; in phase 2 it beats with its cheapest card (trumps last) and
  leads its lowest card outside trumps.
* ``hard`` plays for a strong phase-2 hand, where trumps and high cards decide everything (see
  docs/myllymatti-rules-choices.md, "CPU players"): in phase 1 it leads high, so the tricks it
  wins keep its high cards and bring in the answer; answering, it ducks with its lowest card
  that loses, and when it must win it wins with its highest, clearing it from the hand. Once
  trump is known it fights for trumps and keeps its own. In phase 2 it plays like ``normal``:
  while tuning, every other phase-2 idea tried lost more often (leading cards that few unseen
  cards beat, beating high to stop the next player, leading from a short suit, picking up
  rather than spend a high trump), so its edge comes from phase 1.

Fixed play can go round for ever in phase 2 (the same cards picked up and played again), so
once the public ``stalled`` count shows many moves without a trick set aside or a player going
out, ``normal`` and ``hard`` make some of their choices at random until the loop breaks.

Tuned with ``python -m bench.cpu_strength --game myllymatti``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.base import Action
from games.myllymatti import cards
from games.myllymatti.actions import CHANCE, PICKUP, PLAY_PREFIX, play_action
from games.myllymatti.state import PHASE_COLLECT
from games.rng import Rng, uniform
from games.think import forced

LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True)
class Tuning:
    """The knobs of ``hard`` (tuned with the bench)."""

    fight_for_trumps: bool = True  # once trump is known, win tricks holding trumps
    unstick_after: int = 24  # phase-2 moves without progress before playing at random ...
    unstick_share: float = 0.3  # ... this share of the time


HARD = Tuning()


def choose(view: dict[str, Any], level: str, rng: Rng) -> Action:
    """The action of a CPU of ``level`` in this seat's ``view``; randomness from ``rng`` only."""
    only = forced(view)
    if level not in LEVELS:
        raise ValueError(f"unknown CPU level {level!r}")
    if only is not None:
        return only
    legal = view["legal_actions"]
    if level == "easy":
        return _easy(view, rng)
    if view["phase"] == PHASE_COLLECT:
        return _normal_collect(view) if level == "normal" else _hard_collect(view, HARD)
    if view["stalled"] >= HARD.unstick_after and uniform(rng) < HARD.unstick_share:
        return legal[rng.randbelow(len(legal))]
    return _shed(view)


def playable(view: dict[str, Any]) -> list[str]:
    """The cards this seat may play now (from its legal actions)."""
    return [a.removeprefix(PLAY_PREFIX) for a in view["legal_actions"] if a.startswith(PLAY_PREFIX)]


def cost(card: str, trump: str | None) -> int:
    """How much a card is worth keeping for phase 2: rank, and far more for a trump."""
    return cards.rank(card) + (13 if card[1] == trump else 0)


# --- easy ----------------------------------------------------------------------------------


def _easy(view: dict[str, Any], rng: Rng) -> Action:
    legal = view["legal_actions"]
    hand = playable(view)
    if view["phase"] == PHASE_COLLECT:
        if CHANCE in legal and uniform(rng) < 0.15:
            return CHANCE
        return play_action(hand[rng.randbelow(len(hand))])
    if hand and (PICKUP not in legal or uniform(rng) < 0.85):
        return play_action(hand[rng.randbelow(len(hand))])
    return PICKUP


# --- normal (and hard in phase 2) ------------------------------------------------------------


def _normal_collect(view: dict[str, Any]) -> Action:
    """Win every trick it can, as cheaply as it can; lead the lowest card."""
    hand = playable(view)
    if not view["trick"]:
        return play_action(min(hand, key=cards.rank))
    led = cards.rank(view["trick"][0]["card"])
    winners = [card for card in hand if cards.rank(card) > led]
    return play_action(min(winners or hand, key=cards.rank))


def _shed(view: dict[str, Any]) -> Action:
    """Phase 2 for ``normal`` and ``hard``: beat with the cheapest card that beats (never picking
    up when something beats), lead the lowest card outside trumps."""
    hand = playable(view)
    trump = view["trump"]
    if not hand:
        return PICKUP
    if view["trick"]:
        return play_action(min(hand, key=lambda card: cost(card, trump)))
    side = [card for card in hand if card[1] != trump] or hand
    return play_action(min(side, key=lambda card: cost(card, trump)))


# --- hard ----------------------------------------------------------------------------------


def _hard_collect(view: dict[str, Any], tuning: Tuning) -> Action:
    hand = playable(view)
    trump = view["trump"]
    if trump is not None and tuning.fight_for_trumps:
        return play_action(_trump_known_collect(view, hand, trump))
    if not view["trick"]:
        return play_action(max(hand, key=cards.rank))  # win it and keep the high card
    led = cards.rank(view["trick"][0]["card"])
    losers = [card for card in hand if cards.rank(card) < led]
    if losers:
        return play_action(min(losers, key=cards.rank))  # give away the least
    return play_action(max(hand, key=cards.rank))  # must win: clear the high card into the pile


def _trump_known_collect(view: dict[str, Any], hand: list[str], trump: str) -> str:
    """The stock is empty and trump is known: keep trumps, and win tricks that hold one."""
    if not view["trick"]:
        return max(hand, key=lambda card: (cards.rank(card), card[1] == trump))
    led_card = view["trick"][0]["card"]
    led = cards.rank(led_card)
    lying = [entry["card"] for entry in view["tied"]]
    trumps_at_stake = sum(card[1] == trump for card in [led_card, *lying])
    winners = [card for card in hand if cards.rank(card) > led]
    if winners and trumps_at_stake:
        return min(winners, key=lambda card: (card[1] == trump, cards.rank(card)))
    losers = [card for card in hand if cards.rank(card) < led and card[1] != trump]
    if losers:
        return min(losers, key=cards.rank)
    if winners:
        return max(winners, key=lambda card: (card[1] == trump, cards.rank(card)))
    return min(hand, key=lambda card: cost(card, trump))
