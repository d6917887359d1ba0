"""The switch to phase 2 and phase 2, shedding (myllymatti.md, "Phase 2"): beat the top card or
pick up, tricks set aside when full, players leave safely with their last card.

Functions here change the state they are given (a fresh copy per move, see ``rules``). They
return False when the game has just ended (one player is left holding cards).
"""

from __future__ import annotations

from games.base import Event
from games.myllymatti import cards
from games.myllymatti.errors import DoesNotBeat, NothingToPickUp, NotInHand
from games.myllymatti.settings import PICKUP_TOP, TIED_LAST_WINNER
from games.myllymatti.state import PHASE_SHED, MyllyState


def begin(state: MyllyState, events: list[Event]) -> bool:
    """End phase 1: cards on the table go back, leftover hands are shown, and each player
    takes up their won pile, leftover hand and the face-up card if it is theirs."""
    shown = [cards.sorted_hand(hand, state.trump) for hand in state.hands]
    trump_card, trump_owner = state.face_up, state.face_up_seat  # told: it joins its owner's hand
    returned = _return_table(state)
    for seat in range(state.seats):
        state.hands[seat] += state.won[seat]
        state.won[seat] = []
    if state.face_up is not None and state.face_up_seat is not None:
        state.hands[state.face_up_seat].append(state.face_up)
    state.face_up = None  # now in its owner's hand (the trump stays known)
    state.phase = PHASE_SHED
    state.opponent = None
    state.trick, state.tied = [], []
    holding = state.holding()
    first = state.last_winner if state.last_winner is not None else state.leader
    state.leader = first if state.hands[first] else (state.next_holding(first) or 0)
    events.append(
        {
            "type": "phase_two",
            "shown": shown,
            "returned": returned,
            "counts": [len(hand) for hand in state.hands],
            "leader": state.leader,
            "trump": state.trump,
            "trump_card": trump_card,
            "trump_owner": trump_owner,
        }
    )
    empty = [seat for seat in range(state.seats) if not state.hands[seat]]
    if empty:  # nothing to shed: out of the game at once, and they cannot lose
        state.out.append(empty)
        events += [{"type": "went_out", "seat": seat, "place": 1, "start": True} for seat in empty]
    state.last = {"kind": "phase_two", "leader": state.leader}
    if len(holding) <= 1:
        return False
    _new_trick(state, state.leader)
    return True


def _return_table(state: MyllyState) -> list[dict[str, str | int]]:
    """An unfinished trick goes back to who played each card; tied cards lying there go back
    to who played each of them, or to the last trick's winner, as the table chose."""
    returned: list[dict[str, str | int]] = []
    to_winner = state.settings["tied_cards"] == TIED_LAST_WINNER and state.last_winner is not None
    for entry in state.tied:
        seat = state.last_winner if to_winner else entry["seat"]
        assert seat is not None
        state.won[seat].append(entry["card"])
        returned.append({"seat": seat, "card": entry["card"]})
    for entry in state.trick:
        state.hands[entry["seat"]].append(entry["card"])
        returned.append({"seat": entry["seat"], "card": entry["card"]})
    return returned


def may_play(state: MyllyState, card: str) -> bool:
    """Any card leads; otherwise it must beat the top card of the trick."""
    if not state.trick:
        return True
    return cards.beats(card, state.trick[-1]["card"], state.trump)


def play(state: MyllyState, seat: int, card: str, events: list[Event]) -> bool:
    if card not in state.hands[seat]:
        raise NotInHand(f"{card!r} is not in seat {seat}'s hand")
    if not may_play(state, card):
        raise DoesNotBeat(f"{card} does not beat {state.trick[-1]['card']}")
    top = state.trick[-1]["card"] if state.trick else None
    state.hands[seat].remove(card)
    state.trick = [*state.trick, {"seat": seat, "card": card}]
    events.append({"type": "beat" if top else "led", "seat": seat, "card": card, "top": top})
    full = len(state.trick) >= state.trick_size
    if full:
        trick_cards = [entry["card"] for entry in state.trick]
        state.set_aside = [*state.set_aside, *trick_cards]
        state.trick = []
        events.append({"type": "set_aside", "seat": seat, "cards": trick_cards})
        state.last = {"kind": "set_aside", "seat": seat, "cards": trick_cards}
    if not state.hands[seat]:  # the last card: out, safely
        state.out.append([seat])
        place = len(state.out_seats())
        events.append({"type": "went_out", "seat": seat, "place": place, "start": False})
    state.stalled = 0 if full or not state.hands[seat] else state.stalled + 1
    if len(state.holding()) <= 1:
        return False
    if full:  # whoever played the last card leads (or the next player, if that one is out)
        leader = seat if state.hands[seat] else state.next_holding(seat)
        assert leader is not None
        _new_trick(state, leader)
    else:
        _next_turn(state, seat)
    return True


def pick_up(state: MyllyState, seat: int, events: list[Event]) -> bool:
    """Take the top card (or the whole trick) into hand; the turn ends. An emptied trick ends,
    and the player left of whoever picked up its last card leads."""
    if not state.trick:
        raise NothingToPickUp("nothing on the table to pick up")
    if state.settings["pickup"] == PICKUP_TOP:
        taken = [state.trick[-1]["card"]]
        state.trick = state.trick[:-1]
    else:
        taken = [entry["card"] for entry in state.trick]
        state.trick = []
    state.hands[seat] += taken
    state.stalled += 1
    state.tally["cards_picked_up"][seat] += len(taken)
    events.append({"type": "picked_up", "seat": seat, "cards": taken, "trump": state.trump})
    state.last = {"kind": "picked_up", "seat": seat, "cards": taken}
    if state.trick:
        _next_turn(state, seat)
    else:
        leader = state.next_holding(seat)
        assert leader is not None
        _new_trick(state, leader)
    return True


def _next_turn(state: MyllyState, seat: int) -> None:
    following = state.next_holding(seat)
    assert following is not None
    state.to_act = following


def _new_trick(state: MyllyState, leader: int) -> None:
    """A trick ends when it holds as many cards as players held cards when it began."""
    state.leader = leader
    state.to_act = leader
    state.trick_size = len(state.holding())
