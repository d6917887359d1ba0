"""Phase 1, collecting (myllymatti.md, "Phase 1"): two-card tricks between a leader and the
player on their left, drawing back up to three, ties left lying, the last stock card shown.

Functions here change the state they are given: :mod:`games.myllymatti.actions` hands them a
fresh copy per move, so the caller's state is never touched.
"""

from __future__ import annotations

from games.base import Event
from games.myllymatti import cards
from games.myllymatti.errors import NoChance, NotInHand
from games.myllymatti.settings import CHANCE_EITHER
from games.myllymatti.state import HAND_SIZE, MyllyState


def may_take_chance(state: MyllyState, seat: int) -> bool:
    """Only while the stock holds more than one card (the last one is never played), and by
    either player of the trick or only its leader, as the table chose."""
    if len(state.stock) <= 1:
        return False
    return state.settings["chance"] == CHANCE_EITHER or seat == state.leader


def deal(state: MyllyState, deck: list[str]) -> None:
    """Three cards to each seat, one at a time from the left of the dealer; the rest is the
    face-down stock, top first."""
    position = 0
    for _ in range(HAND_SIZE):
        for offset in range(1, state.seats + 1):
            state.hands[(state.dealer + offset) % state.seats].append(deck[position])
            position += 1
    state.stock = deck[position:]


def begin(state: MyllyState, events: list[Event]) -> bool:
    """Open the first trick: the player left of the dealer leads against the player on their
    left. Returns False if phase 1 is already over (never, with a full deck)."""
    state.leader = (state.dealer + 1) % state.seats
    state.opponent = state.next_holding(state.leader)
    return _open_trick(state, events)


def play(state: MyllyState, seat: int, card: str, events: list[Event]) -> bool:
    """Play ``card`` from hand. Returns False when phase 1 has just ended."""
    if card not in state.hands[seat]:
        raise NotInHand(f"{card!r} is not in seat {seat}'s hand")
    state.hands[seat].remove(card)
    return _add(state, seat, card, False, events)


def take_chance(state: MyllyState, seat: int, events: list[Event]) -> bool:
    """Turn up the top stock card and play it at once (it is public from now on)."""
    if not may_take_chance(state, seat):
        raise NoChance("taking a chance is not allowed now")
    card = state.stock.pop(0)
    state.tally["chances_taken"][seat] += 1
    return _add(state, seat, card, True, events)


def _add(state: MyllyState, seat: int, card: str, chance: bool, events: list[Event]) -> bool:
    entry = {"seat": seat, "card": card, **({"chance": True} if chance else {})}
    state.trick.append(entry)
    events.append({"type": "played", "seat": seat, "card": card, "chance": chance})
    if len(state.trick) == 1:
        assert state.opponent is not None
        state.to_act = state.opponent
        return True
    return _resolve(state, events)


def _resolve(state: MyllyState, events: list[Event]) -> bool:
    """Compare ranks: the higher card takes the trick and every tied card lying there; equal
    ranks stay on the table and the same pair plays again. Then both draw, leader first."""
    lead, answer = state.trick
    leader, opponent = lead["seat"], answer["seat"]
    pair = [lead["card"], answer["card"]]
    state.trick = []
    difference = cards.rank(lead["card"]) - cards.rank(answer["card"])
    if difference == 0:
        state.tied = [*state.tied, lead, answer]
        events.append({"type": "tied", "leader": leader, "opponent": opponent, "cards": pair})
        state.last = {"kind": "tied", "leader": leader, "opponent": opponent, "cards": pair}
        _draw(state, leader, events)
        _draw(state, opponent, events)
        return _open_trick(state, events)  # the same leader, against the same player
    winner, other = (leader, opponent) if difference > 0 else (opponent, leader)
    lying = [entry["card"] for entry in state.tied]
    state.won[winner] += pair + lying
    state.tied = []
    state.last_winner = winner
    state.tally["tricks_won"][winner] += 1
    events.append(
        {"type": "trick_won", "seat": winner, "other": other, "cards": pair, "tied": lying}
    )
    state.last = {"kind": "won", "seat": winner, "other": other, "cards": pair, "tied": lying}
    _draw(state, leader, events)
    _draw(state, opponent, events)
    state.leader = winner
    state.opponent = state.next_holding(winner)
    return _open_trick(state, events)


def _draw(state: MyllyState, seat: int, events: list[Event]) -> None:
    """Back up to three from the stock. The last stock card is shown and kept face up."""
    drawn = 0
    while len(state.hands[seat]) < HAND_SIZE and state.stock:
        card = state.stock.pop(0)
        if not state.stock:
            state.face_up, state.face_up_seat, state.trump = card, seat, cards.suit(card)
            events.append({"type": "last_card", "seat": seat, "card": card})
            break
        state.hands[seat].append(card)
        drawn += 1
    if drawn:
        events.append({"type": "drew", "seat": seat, "n": drawn})


def _open_trick(state: MyllyState, events: list[Event]) -> bool:
    """The leader leads, unless the player who must play has no cards: then phase 1 is over.

    Checked before the lead: a led card the opponent cannot answer would only go straight
    back to its leader (the spec's incomplete last trick), so the outcome is the same.
    """
    opponent = state.opponent
    if not state.hands[state.leader] or opponent is None or not state.hands[opponent]:
        return False
    state.to_act = state.leader
    return True
